package parser

import (
	"fmt"
	"github.com/mcpgen/mcpgen/parser/internal/suggest"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// The options of a //mcp:tool directive follow it on the same line; their
// grammar is documented in the package comment (load.go).

// option is one key[=value] pair as written in a directive.
type option struct {
	Key      string
	KeyOff   int    // byte offset of Key in the tokenized text
	HasValue bool   // "=" follows the key
	Value    string // unquoted value
	ValueOff int    // byte offset of the value (its opening quote, if quoted)
	Quoted   bool   // the value was a Go string literal
}

// optionError is a syntax or validation error at a byte offset of the text.
type optionError struct {
	Off int
	Msg string
}

// tokenizeOptions splits text (the rest of the directive line after
// "//mcp:tool") into options. Offsets are relative to text. It stops at the
// first syntax error, since what follows an unbalanced quote is not reliable.
func tokenizeOptions(text string) ([]option, *optionError) {
	var opts []option
	i := 0
	for {
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		if i == len(text) {
			return opts, nil
		}
		o := option{KeyOff: i}
		for i < len(text) && !isSpace(text[i]) && text[i] != '=' {
			i++
		}
		o.Key = text[o.KeyOff:i]
		if o.Key == "" {
			return opts, &optionError{i, "missing option name before '=': write key=value, without spaces"}
		}
		if i < len(text) && text[i] == '=' {
			i++
			o.HasValue = true
			o.ValueOff = i
			if i < len(text) && (text[i] == '"' || text[i] == '`') {
				end, ok := closingQuote(text, i)
				if !ok {
					return opts, &optionError{i, fmt.Sprintf("unterminated quoted value for option %s", o.Key)}
				}
				v, err := strconv.Unquote(text[i:end])
				if err != nil {
					return opts, &optionError{i, fmt.Sprintf("bad quoted value for option %s: want a Go string literal", o.Key)}
				}
				o.Value, o.Quoted = v, true
				i = end
				if i < len(text) && !isSpace(text[i]) {
					return opts, &optionError{i, fmt.Sprintf("missing space after the quoted value of option %s", o.Key)}
				}
			} else {
				for i < len(text) && !isSpace(text[i]) {
					i++
				}
				o.Value = text[o.ValueOff:i]
			}
		}
		opts = append(opts, o)
	}
}

// closingQuote returns the offset just past the string literal that starts
// at text[start], which is '"' or '`'.
func closingQuote(text string, start int) (int, bool) {
	q := text[start]
	for i := start + 1; i < len(text); i++ {
		switch {
		case text[i] == q:
			return i + 1, true
		case q == '"' && text[i] == '\\':
			i++ // skip the escaped character, which may be a quote
		}
	}
	return 0, false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// knownOptions returns every option name, the hints in the order MCP
// lists them. (A function, not a variable: the parser has no mutable
// package state.)
func knownOptions() []string {
	return []string{"name", "title", "readonly", "destructive", "idempotent", "openworld", "task", "result", "numbers"}
}

// toolOptions is the validated content of a //mcp:tool directive.
type toolOptions struct {
	Name    string // "" when not given or not valid
	BadName bool   // name= was given but is not valid
	Title   string
	Hints   Hints
	Task    string // "", "optional" or "required"
	// Result is the parameter named by result=PARAM, or "none" for
	// result=none; ResultOff is the offset of its value.
	Result    string
	ResultOff int
	Float64   bool // numbers=float64
}

// parseOptions tokenizes and validates the options of a //mcp:tool
// directive. It reports every problem it can find, each at its offset.
func parseOptions(text string) (toolOptions, []optionError) {
	var res toolOptions
	var errs []optionError
	opts, synErr := tokenizeOptions(text)
	seen := map[string]int{} // option -> offset of its first use
	for _, o := range opts {
		key := o.Key
		if !knownOption(key) {
			msg := fmt.Sprintf("unknown option %q in //mcp:tool", key)
			if strings.Contains(key+o.Value, ",") {
				msg += "; separate options with spaces, not commas"
			} else if s := suggestOption(key); s != "" {
				msg += fmt.Sprintf("; did you mean %s?", s)
			} else {
				msg += "; known options: " + strings.Join(knownOptions(), ", ")
			}
			errs = append(errs, optionError{o.KeyOff, msg})
			continue
		}
		if _, dup := seen[key]; dup {
			errs = append(errs, optionError{o.KeyOff, fmt.Sprintf("duplicate option %s in //mcp:tool", key)})
			continue
		}
		seen[key] = o.KeyOff
		switch key {
		case "name":
			switch {
			case !o.HasValue || o.Value == "" && !o.Quoted:
				res.BadName = true
				errs = append(errs, optionError{o.KeyOff, "option name needs a value: name=tool_name"})
			case !validToolName(o.Value):
				res.BadName = true
				errs = append(errs, optionError{o.ValueOff, fmt.Sprintf("bad tool name %q: want 1 to 128 characters from [A-Za-z0-9_.-]", o.Value)})
			default:
				res.Name = o.Value
			}
		case "title":
			switch {
			case !o.HasValue:
				errs = append(errs, optionError{o.KeyOff, `option title needs a quoted value: title="My tool"`})
			case !o.Quoted:
				errs = append(errs, optionError{o.ValueOff, fmt.Sprintf(`bad value for option title: want a quoted Go string, as in title=%q`, o.Value)})
			case strings.TrimSpace(o.Value) == "":
				errs = append(errs, optionError{o.ValueOff, "empty title: give a title or drop the option"})
			default:
				res.Title = o.Value
			}
		case "task":
			switch {
			case !o.HasValue:
				res.Task = "optional"
			case !o.Quoted && (o.Value == "optional" || o.Value == "required"):
				res.Task = o.Value
			case !o.Quoted && o.Value == "forbidden":
			default:
				errs = append(errs, optionError{o.ValueOff, fmt.Sprintf("bad value for option task: want task, task=optional, task=required or task=forbidden, not %q", o.Value)})
			}
		case "result":
			switch {
			case !o.HasValue || o.Value == "" || o.Quoted || !token.IsIdentifier(o.Value) && o.Value != "none":
				errs = append(errs, optionError{o.KeyOff, "option result needs a parameter name: result=PARAM sends the parameter back as the result after the call, result=none says the function's effect is elsewhere"})
			default:
				res.Result, res.ResultOff = o.Value, o.ValueOff
			}
		case "numbers":
			if !o.HasValue || o.Quoted || o.Value != "float64" {
				errs = append(errs, optionError{o.KeyOff, "bad value for option numbers: want numbers=float64 (numbers in positions of type any arrive as float64, as encoding/json decodes them; without the option an integer arrives as int)"})
				continue
			}
			res.Float64 = true
		default: // a hint
			v := true
			if o.HasValue {
				switch {
				case !o.Quoted && o.Value == "true":
				case !o.Quoted && o.Value == "false":
					v = false
				default:
					errs = append(errs, optionError{o.ValueOff, fmt.Sprintf("bad value for option %s: want %s, %s=true or %s=false", key, key, key, key)})
					continue
				}
			}
			*hintField(&res.Hints, key) = &v
		}
	}
	if synErr != nil {
		errs = append(errs, *synErr)
	}
	// A read-only tool does not modify anything, so it cannot be destructive.
	if h := res.Hints; h.ReadOnly != nil && *h.ReadOnly && h.Destructive != nil && *h.Destructive {
		errs = append(errs, optionError{seen["destructive"], "option destructive contradicts readonly: a read-only tool cannot be destructive"})
	}
	return res, errs
}

// hintField returns the hint of h named by a hint option.
func hintField(h *Hints, option string) **bool {
	switch option {
	case "readonly":
		return &h.ReadOnly
	case "destructive":
		return &h.Destructive
	case "idempotent":
		return &h.Idempotent
	case "openworld":
		return &h.OpenWorld
	}
	panic("parser: unknown hint option " + option)
}

func knownOption(key string) bool { return slices.Contains(knownOptions(), key) }

// suggestOption returns the known option that key most likely meant, or "".
// It forgives case, separators and a "Hint" suffix (readOnlyHint,
// read_only, Title), then allows a small edit distance (idempotnet).
func suggestOption(key string) string {
	norm := strings.ToLower(key)
	norm = strings.NewReplacer("_", "", "-", "", ".", "").Replace(norm)
	if trimmed := strings.TrimSuffix(norm, "hint"); trimmed != "" {
		norm = trimmed
	}
	return suggest.Closest(norm, knownOptions())
}
