package parser

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpgen/mcpgen/internal/toolname"
	"github.com/mcpgen/mcpgen/model"
	"github.com/mcpgen/mcpgen/parser/internal/suggest"
)

// The options of a directive (//mcp:tool, //mcp:prompt, //mcp:resource,
// //mcp:complete) follow it on the same line, in one grammar, documented in
// the package comment (doc.go): tokenizeOptions splits them, and
// directiveSpec.check checks them against what the directive takes.

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

// A directiveSpec is what one directive takes: its options, each with
// the rule its value follows.
type directiveSpec struct {
	directive string // "//mcp:tool"
	options   []optionRule
	// usage, when set, is the text that follows every message about an
	// unknown option or a missing value, in place of the list of options.
	usage string
}

// An optionRule is one option of a directive and the values it takes.
type optionRule struct {
	key  string
	kind valueKind
	// example is the option as it should be written, shown when the value
	// is missing; key=... when empty.
	example string
	// choices are the values of a choiceValue; the option alone means the
	// first.
	choices []string
}

// A valueKind says what an option's value must be.
type valueKind int

const (
	textValue     valueKind = iota // any non-empty value, bare or quoted
	quotedValue                    // a Go string literal, not blank
	flagValue                      // the option alone, key=true or key=false
	toolNameValue                  // a valid tool name, bare or quoted
	choiceValue                    // the option alone, or key=one of choices (bare)
	scopeValue                     // OAuth scopes separated by commas, bare or quoted
)

// The options of each directive. (Functions, not variables: the parser has
// no mutable package state.)

// toolSpec returns the options of //mcp:tool, the hints in the order
// MCP lists them.
func toolSpec() *directiveSpec {
	return &directiveSpec{directive: toolPrefix, options: []optionRule{
		{key: "name", kind: toolNameValue, example: "name=tool_name"},
		{key: "title", kind: quotedValue, example: `title="My tool"`},
		{key: "readonly", kind: flagValue},
		{key: "destructive", kind: flagValue},
		{key: "idempotent", kind: flagValue},
		{key: "openworld", kind: flagValue},
		{key: "task", kind: choiceValue, choices: []string{"optional", "required", "forbidden"}},
		{key: "result", kind: textValue, example: "result=PARAM (the parameter sent back as the result) or result=none"},
		{key: "numbers", kind: choiceValue, choices: []string{"int", "float64"}},
		{key: "constraints", kind: choiceValue, choices: []string{"described", "keywords"}},
		scopeRule(),
		{key: "types", kind: textValue, example: "types=int (the type arguments of a generic function; types=string,int for several)"},
		{key: "ui", kind: textValue, example: "ui=ui://app/view.html (the URI of the tool's MCP App view)"},
		{key: "visibility", kind: textValue, example: "visibility=model,app (or model, or app)"},
	}}
}

// promptSpec returns the options of //mcp:prompt.
func promptSpec() *directiveSpec {
	return &directiveSpec{directive: promptPrefix, options: []optionRule{
		{key: "name"}, {key: "title"}, scopeRule(),
	}}
}

// resourceSpec returns the options of //mcp:resource.
func resourceSpec() *directiveSpec {
	return &directiveSpec{directive: resourcePrefix, options: []optionRule{
		{key: "name"}, {key: "title"}, {key: "uri"}, {key: "mime"}, {key: "description"}, scopeRule(),
		// An MCP App's view, and its _meta.ui (apps.go).
		{key: "app", kind: flagValue},
		{key: "connectdomains", kind: textValue, example: "connectdomains=https://api.example.com,wss://live.example.com"},
		{key: "resourcedomains", kind: textValue, example: "resourcedomains=https://cdn.example.com"},
		{key: "framedomains", kind: textValue, example: "framedomains=https://www.youtube.com"},
		{key: "baseuridomains", kind: textValue, example: "baseuridomains=https://cdn.example.com"},
		{key: "permissions", kind: textValue, example: "permissions=camera,microphone,geolocation,clipboardWrite"},
		{key: "domain", kind: textValue, example: "domain=HOST (the dedicated origin your host documents)"},
		{key: "prefersborder", kind: flagValue},
	}}
}

// completeSpec returns the options of //mcp:complete.
func completeSpec() *directiveSpec {
	return &directiveSpec{directive: completePrefix,
		options: []optionRule{{key: "prompt"}, {key: "resource"}, {key: "arg"}},
		usage:   "write //mcp:complete prompt=NAME arg=ARG or //mcp:complete resource=URI_TEMPLATE arg=VAR"}
}

// scopeRule is the option scope=, the OAuth scopes a caller's token must
// all grant to see and use the item (runtime.Tool.Scopes).
func scopeRule() optionRule {
	return optionRule{key: "scope", kind: scopeValue, example: "scope=files:read, or scope=files:read,files:write for several"}
}

// splitScopes returns the scopes of a checked scope= value.
func splitScopes(v string) []string {
	if v == "" {
		return nil
	}
	return strings.Split(v, ",")
}

// checkScopes returns the problem of a scope= value, or "": each scope a
// scope-token of RFC 6749 section 3.3 (printable ASCII other than space, "
// and \), the commas between them, no scope twice.
func checkScopes(v string) string {
	seen := map[string]bool{}
	for _, sc := range strings.Split(v, ",") {
		if sc == "" {
			return fmt.Sprintf("bad value for option scope: empty scope in %q; separate scopes with single commas", v)
		}
		for i := 0; i < len(sc); i++ {
			if c := sc[i]; c <= ' ' || c > '~' || c == '"' || c == '\\' {
				return fmt.Sprintf("bad scope %q: want printable ASCII other than space, \" and \\ (RFC 6749 scope-token)", sc)
			}
		}
		if seen[sc] {
			return fmt.Sprintf("scope %s is named twice", sc)
		}
		seen[sc] = true
	}
	return ""
}

// keys returns the names of the options, in order.
func (d *directiveSpec) keys() []string {
	keys := make([]string, len(d.options))
	for i, r := range d.options {
		keys[i] = r.key
	}
	return keys
}

func (d *directiveSpec) rule(key string) *optionRule {
	for i := range d.options {
		if d.options[i].key == key {
			return &d.options[i]
		}
	}
	return nil
}

// check tokenizes text (the rest of the directive's line) and checks each
// option against d. It returns the first use of every option whose value
// is good, by key, and every problem found, each at its offset; rejected
// holds the options that were given with a bad value.
func (d *directiveSpec) check(text string) (good map[string]option, rejected map[string]bool, errs []optionError) {
	opts, synErr := tokenizeOptions(text)
	good, rejected = map[string]option{}, map[string]bool{}
	seen := map[string]bool{}
	for _, o := range opts {
		r := d.rule(o.Key)
		switch {
		case r == nil:
			errs = append(errs, optionError{o.KeyOff, d.unknown(o)})
		case seen[o.Key]:
			errs = append(errs, optionError{o.KeyOff, fmt.Sprintf("duplicate option %s in %s", o.Key, d.directive)})
		default:
			seen[o.Key] = true
			if e := d.checkValue(r, &o); e != nil {
				errs = append(errs, *e)
				rejected[o.Key] = true
			} else {
				good[o.Key] = o
			}
		}
	}
	if synErr != nil {
		errs = append(errs, *synErr)
	}
	return good, rejected, errs
}

// unknown returns the message for an option d does not take.
func (d *directiveSpec) unknown(o option) string {
	msg := fmt.Sprintf("unknown option %q in %s", o.Key, d.directive)
	switch {
	case d.usage != "":
		return msg + ": " + d.usage
	case strings.Contains(o.Key+o.Value, ","):
		return msg + "; separate options with spaces, not commas"
	}
	if s := d.suggest(o.Key); s != "" {
		return msg + fmt.Sprintf("; did you mean %s?", s)
	}
	return msg + "; known options: " + strings.Join(d.keys(), ", ")
}

// suggest returns the option that key most likely meant, or "". It
// forgives case, separators and a "Hint" suffix (readOnlyHint, read_only,
// Title), then allows a small edit distance (idempotnet).
func (d *directiveSpec) suggest(key string) string {
	norm := strings.ToLower(key)
	norm = strings.NewReplacer("_", "", "-", "", ".", "").Replace(norm)
	if trimmed := strings.TrimSuffix(norm, "hint"); trimmed != "" {
		norm = trimmed
	}
	return suggest.Closest(norm, d.keys())
}

// checkValue checks the value of o against r, and sets o.Value to what the
// option alone means.
func (d *directiveSpec) checkValue(r *optionRule, o *option) *optionError {
	key := o.Key
	missing := func(quoted string) *optionError {
		example := cmp.Or(d.usage, r.example, key+"=...")
		return &optionError{o.KeyOff, fmt.Sprintf("option %s needs a %svalue: %s", key, quoted, example)}
	}
	bad := func(format string, args ...any) *optionError {
		return &optionError{o.ValueOff, fmt.Sprintf(format, args...)}
	}
	switch r.kind {
	case textValue:
		if !o.HasValue || o.Value == "" {
			return missing("")
		}
	case toolNameValue:
		switch {
		case !o.HasValue || o.Value == "" && !o.Quoted:
			return missing("")
		case !toolname.Valid(o.Value):
			return bad("bad tool name %q: want 1 to 128 characters from [A-Za-z0-9_.-]", o.Value)
		}
	case quotedValue:
		switch {
		case !o.HasValue:
			return missing("quoted ")
		case !o.Quoted:
			return bad(`bad value for option %s: want a quoted Go string, as in %s=%q`, key, key, o.Value)
		case strings.TrimSpace(o.Value) == "":
			return bad("empty %s: give a %s or drop the option", key, key)
		}
	case flagValue:
		switch {
		case !o.HasValue:
			o.Value = "true"
		case o.Quoted || o.Value != "true" && o.Value != "false":
			return bad("bad value for option %s: want %s, %s=true or %s=false", key, key, key, key)
		}
	case choiceValue:
		switch {
		case !o.HasValue:
			o.Value = r.choices[0]
		case o.Quoted || !slices.Contains(r.choices, o.Value):
			forms := []string{key}
			for _, c := range r.choices {
				forms = append(forms, key+"="+c)
			}
			return bad("bad value for option %s: want %s or %s, not %q", key, strings.Join(forms[:len(forms)-1], ", "), forms[len(forms)-1], o.Value)
		}
	case scopeValue:
		switch {
		case !o.HasValue || o.Value == "" && !o.Quoted:
			return missing("")
		default:
			if msg := checkScopes(o.Value); msg != "" {
				return bad("%s", msg)
			}
		}
	}
	return nil
}

// toolOptions is the validated content of a //mcp:tool directive.
type toolOptions struct {
	Name    string // "" when not given or not valid
	BadName bool   // name= was given but is not valid
	Title   string
	Hints   model.Hints
	Task    string // "", "optional" or "required"
	// Result is the parameter named by result=PARAM, or "none" for
	// result=none; ResultOff is the offset of its value.
	Result    string
	ResultOff int
	Float64   bool // numbers=float64
	// Constraints is "described" for constraints= (also stated in the
	// input schema's descriptions), "keywords" for constraints=keywords
	// (only as keywords, even under a profile whose hosts drop them), ""
	// when not given.
	Constraints string
	Scopes      []string // option scope=, in the order written
	// TypeArgs is the option types=, the type arguments a generic
	// function is instantiated with, as written; TypeArgsOff is the offset
	// of its value (of its opening quote when quoted).
	TypeArgs       string
	TypeArgsOff    int
	TypeArgsQuoted bool
	BadTypeArgs    bool // types= was given but is not valid (reported)
	// UI is the option ui=, the URI of the tool's MCP App view, and
	// UIOff the offset of its value; Visibility the option visibility=
	// (nil when not given), VisibilityOff its offset and VisibilityMsg
	// its problem.
	UI            string
	UIOff         int
	Visibility    []string
	VisibilityOff int
	VisibilityMsg string
}

// parseOptions checks the options of a //mcp:tool directive. It reports
// every problem it can find, each at its offset.
func parseOptions(text string) (toolOptions, []optionError) {
	good, rejected, errs := toolSpec().check(text)
	res := toolOptions{Name: good["name"].Value, BadName: rejected["name"], Title: good["title"].Value, Scopes: splitScopes(good["scope"].Value)}
	if t := good["task"].Value; t != "forbidden" {
		res.Task = t
	}
	if o, ok := good["result"]; ok {
		res.Result, res.ResultOff = o.Value, o.ValueOff
	}
	if o, ok := good["types"]; ok {
		res.TypeArgs, res.TypeArgsOff, res.TypeArgsQuoted = o.Value, o.ValueOff, o.Quoted
	}
	// A types= that the tokenizer stopped at (an unterminated quote) is
	// reported with the options' errors as well.
	_, hasTypes := good["types"]
	res.BadTypeArgs = rejected["types"] || len(errs) > 0 && !hasTypes && hasOptionKey(text, "types")
	res.Float64 = good["numbers"].Value == "float64"
	if o, ok := good["ui"]; ok {
		res.UI, res.UIOff = o.Value, o.ValueOff
	}
	if o, ok := good["visibility"]; ok {
		res.VisibilityOff = o.ValueOff
		res.Visibility, res.VisibilityMsg = checkVisibility(o.Value)
	}
	res.Constraints = good["constraints"].Value
	for key, field := range map[string]**bool{"readonly": &res.Hints.ReadOnly, "destructive": &res.Hints.Destructive,
		"idempotent": &res.Hints.Idempotent, "openworld": &res.Hints.OpenWorld} {
		if o, ok := good[key]; ok {
			v := o.Value == "true"
			*field = &v
		}
	}
	// A read-only tool does not modify anything, so it cannot be destructive.
	if h := res.Hints; h.ReadOnly != nil && *h.ReadOnly && h.Destructive != nil && *h.Destructive {
		errs = append(errs, optionError{good["destructive"].KeyOff, "option destructive contradicts readonly: a read-only tool cannot be destructive"})
	}
	return res, errs
}

// hasOptionKey reports whether text, the options of a directive, has an
// option key=, as a word of its own.
func hasOptionKey(text, key string) bool {
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\t' })
	return slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, key+"=") })
}
