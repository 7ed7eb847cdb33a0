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
// grammar.check checks them against what the directive takes.

// option is one key[=value] pair as written in a directive.
type option struct {
	Key      string
	KeyOff   int    // byte offset of Key in the tokenized text
	HasValue bool   // "=" follows the key
	Value    string // unquoted value
	ValueOff int    // byte offset of the value (its opening quote, if quoted)
	Quoted   bool   // the value was a Go string literal
	End      int    // byte offset just past the option as written
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
		o.End = i
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

// A grammar is what one directive takes after its word, in this order:
// positional words (words), a struct-tag-like value (tag:"..."), then
// either options (key[=value], each with the rule its value follows) or
// the rest of the line (rest). Every directive's arguments go through
// grammar.parse; the directive's handler checks what they mean.
type grammar struct {
	directive string // "//mcp:tool"
	words     []wordRule
	// tag, when set, is the key of a value written as in a struct tag,
	// tag:"...", after the words ("jsonschema").
	tag     string
	options []optionRule
	// rest, when not noRest, takes the rest of the line after the words
	// and the tag: there are then no options.
	rest restKind
	// usage, when set, is the text that follows every message about an
	// unknown option or a missing value, in place of the list of options.
	usage string
}

// A wordRule is one positional word of a grammar, before its options.
type wordRule struct {
	name string // as a usage line writes it: "TYPE"
	// optional: the word may be left out. A word is taken for it only
	// when it is no option (no '='), no JSON object (no leading '{')
	// and, with choices, one of them.
	optional bool
	choices  []string // the values the word takes, when they are fixed
	// many: the last rule takes every further word that is no option
	// (args.words[i:], i its index), at least one unless optional.
	many bool
}

// A restKind says what the rest of a directive's line is.
type restKind int

const (
	noRest   restKind = iota // options, if any
	textRest                 // free text, tabs read as spaces (a description)
	rawRest                  // text as written (a JSON object)
)

// args are the arguments of one directive, parsed by its grammar. Offsets
// are relative to the text parsed (the line after the directive's word).
type args struct {
	// words holds one word per wordRule (Value "" when an optional one
	// is left out), then the further words of a many rule.
	words []word
	// tag is the value of the grammar's tag (unquoted), at tagOff (just
	// after its opening quote); hasTag says it was written.
	tag    string
	tagOff int
	hasTag bool
	// good holds the first use of every option whose value is good, by
	// key; rejected the options given with a bad value.
	good     map[string]option
	rejected map[string]bool
	rest     string // the rest of the line, trimmed
	restOff  int
}

// A word is one positional word as written, at Off.
type word struct {
	Value string
	Off   int
}

// parse splits text (the rest of a directive's line after its word) by
// the grammar and checks each option against its rule. It returns the
// arguments and every problem found, each at its offset.
func (d *grammar) parse(text string) (a args, errs []optionError) {
	a.good, a.rejected = map[string]option{}, map[string]bool{}
	a.words = make([]word, len(d.words))
	i := 0
	for n, w := range d.words {
		i = skipSpace(text, i)
		end := i
		for end < len(text) && !isSpace(text[end]) {
			end++
		}
		tok := text[i:end]
		taken := tok != "" && (len(w.choices) == 0 || slices.Contains(w.choices, tok))
		if w.optional {
			taken = taken && !strings.Contains(tok, "=") && tok[0] != '{'
		}
		a.words[n].Off = i
		switch {
		case taken:
			a.words[n].Value = tok
			i = end
			for w.many {
				j := skipSpace(text, i)
				end := j
				for end < len(text) && !isSpace(text[end]) {
					end++
				}
				if tok := text[j:end]; tok == "" || strings.Contains(tok, "=") || tok[0] == '{' || len(w.choices) > 0 && !slices.Contains(w.choices, tok) {
					break
				}
				a.words = append(a.words, word{text[j:end], j})
				i = end
			}
		case w.optional:
		case tok == "":
			return a, append(errs, optionError{i, fmt.Sprintf("%s needs %s", d.directive, w.name)})
		default:
			return a, append(errs, optionError{i, fmt.Sprintf("bad %s %q in %s: want %s", w.name, tok, d.directive, strings.Join(w.choices, " or "))})
		}
	}
	i = skipSpace(text, i)
	if v, ok := strings.CutPrefix(text[i:], d.tag+":"); d.tag != "" && ok {
		a.hasTag = true
		a.tagOff = i + len(d.tag) + 1
		q, err := strconv.QuotedPrefix(v)
		if err != nil || q[0] != '"' {
			return a, append(errs, optionError{a.tagOff, fmt.Sprintf("%s: needs its keywords in double quotes, as in a struct tag", d.tag)})
		}
		a.tag, _ = strconv.Unquote(q)
		a.tagOff++ // the value, after the quote
		i = skipSpace(text, a.tagOff-1+len(q))
	}
	switch d.rest {
	case textRest:
		a.rest, a.restOff = strings.TrimSpace(strings.ReplaceAll(text[i:], "\t", " ")), i
		return a, nil
	case rawRest:
		a.rest, a.restOff = strings.TrimSpace(text[i:]), i
		return a, nil
	}
	opts, synErr := tokenizeOptions(text[i:])
	seen := map[string]bool{}
	for _, o := range opts {
		o.KeyOff += i
		o.ValueOff += i
		o.End += i
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
				a.rejected[o.Key] = true
			} else {
				a.good[o.Key] = o
			}
		}
	}
	if synErr != nil {
		synErr.Off += i
		errs = append(errs, *synErr)
	}
	return a, errs
}

// skipSpace returns the offset of the first byte of text at or after i
// that is not a space or a tab.
func skipSpace(text string, i int) int {
	for i < len(text) && isSpace(text[i]) {
		i++
	}
	return i
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
	// bad, when set, is the message for a missing or bad value (at the
	// key), in place of the kind's own; for a refusedValue, the message
	// for the option.
	bad string
	// help is the option's lines in mcpgen -h (those of //mcp:tool), as
	// printed, without the tab that starts each.
	help string
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
	countValue                     // a positive decimal integer, bare
	refusedValue                   // not taken here: bad says why
)

// The options of each directive. (Functions, not variables: the parser has
// no mutable package state.)

// toolSpec returns the options of //mcp:tool, the hints in the order
// MCP lists them.
func toolSpec() *grammar {
	return &grammar{directive: toolPrefix, options: []optionRule{
		{key: "name", kind: toolNameValue, example: "name=tool_name",
			help: "name=IDENT     the tool name, [A-Za-z0-9_.-]{1,128}; default: the Go\n               name in snake_case (SearchNotes -> search_notes)"},
		{key: "title", kind: quotedValue, example: `title="My tool"`,
			help: `title="text"   a human-readable title (a Go string literal)`},
		{key: "readonly", kind: flagValue, help: "readonly       readOnlyHint (also readonly=true, readonly=false)"},
		{key: "destructive", kind: flagValue, help: "destructive    destructiveHint (likewise)"},
		{key: "idempotent", kind: flagValue, help: "idempotent     idempotentHint (likewise)"},
		{key: "openworld", kind: flagValue, help: "openworld      openWorldHint (likewise)"},
		{key: "task", kind: choiceValue, choices: []string{"optional", "required", "forbidden"},
			help: "task           calls may run as tasks (also task=optional);\n               task=required: modern clients must declare the\n               tasks extension; task=forbidden: the default"},
		{key: "result", kind: textValue, example: "result=PARAM (the parameter sent back as the result) or result=none",
			help: "result=PARAM   the function works on PARAM in place: send it back as\n               the result; result=none: its effect is elsewhere"},
		{key: "numbers", kind: choiceValue, choices: []string{"int", "float64"},
			help: "numbers=float64\n               numbers in positions of type any arrive as float64,\n               not as int when written as integers"},
		{key: "constraints", kind: choiceValue, choices: []string{"described", "keywords"},
			help: "constraints    the input schema's descriptions also state bounds,\n               lengths, patterns, formats (\"1 to 100\"), for hosts that\n               drop the keywords (default under -profile openai-strict);\n               constraints=keywords: as keywords only"},
		withHelp(scopeRule(), "scope=S[,T]    the OAuth scopes a caller's token must all grant to see\n               and call the tool (RFC 6749 scope-tokens)"),
		{key: "toolset", kind: textValue, example: "toolset=NAME (a toolset the package declares with //mcp:toolset NAME [default] text)",
			help: "toolset=NAME   the toolset the tool belongs to (//mcp:toolset NAME)"},
		{key: "types", kind: textValue, example: "types=int (the type arguments of a generic function; types=string,int for several)",
			help: "types=T[,U]    the type arguments of a generic function (types=int);\n               one //mcp:tool line per instantiation, each its name="},
		{key: "ui", kind: textValue, example: "ui=ui://app/view.html (the URI of the tool's MCP App view)",
			help: "ui=URI         the ui:// URI of the tool's MCP App view, a resource\n               of the package with the option app"},
		{key: "visibility", kind: textValue, example: "visibility=model,app (or model, or app)",
			help: "visibility=model,app\n               with ui=: who may call the tool (the model, the view)"},
	}}
}

// promptSpec returns the options of //mcp:prompt.
func promptSpec() *grammar {
	return &grammar{directive: promptPrefix, options: []optionRule{
		{key: "name"}, {key: "title"}, scopeRule(),
	}}
}

// resourceSpec returns the options of //mcp:resource.
func resourceSpec() *grammar {
	return &grammar{directive: resourcePrefix, options: []optionRule{
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
func completeSpec() *grammar {
	return &grammar{directive: completePrefix,
		options: []optionRule{{key: "prompt"}, {key: "resource"}, {key: "arg"}},
		usage:   "write //mcp:complete prompt=NAME arg=ARG or //mcp:complete resource=URI_TEMPLATE arg=VAR"}
}

// scopeRule is the option scope=, the OAuth scopes a caller's token must
// all grant to see and use the item (runtime.Tool.Scopes).
func scopeRule() optionRule {
	return optionRule{key: "scope", kind: scopeValue, example: "scope=files:read, or scope=files:read,files:write for several"}
}

// withHelp returns r with its help text.
func withHelp(r optionRule, help string) optionRule {
	r.help = help
	return r
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
func (d *grammar) keys() []string {
	keys := make([]string, len(d.options))
	for i, r := range d.options {
		keys[i] = r.key
	}
	return keys
}

func (d *grammar) rule(key string) *optionRule {
	for i := range d.options {
		if d.options[i].key == key {
			return &d.options[i]
		}
	}
	return nil
}

// check parses text (the rest of the directive's line) by d. It returns
// the first use of every option whose value is good, by key, and every
// problem found, each at its offset; rejected holds the options that
// were given with a bad value.
func (d *grammar) check(text string) (good map[string]option, rejected map[string]bool, errs []optionError) {
	a, errs := d.parse(text)
	return a.good, a.rejected, errs
}

// unknown returns the message for an option d does not take.
func (d *grammar) unknown(o option) string {
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
func (d *grammar) suggest(key string) string {
	norm := strings.ToLower(key)
	norm = strings.NewReplacer("_", "", "-", "", ".", "").Replace(norm)
	if trimmed := strings.TrimSuffix(norm, "hint"); trimmed != "" {
		norm = trimmed
	}
	return suggest.Closest(norm, d.keys())
}

// checkValue checks the value of o against r, and sets o.Value to what the
// option alone means.
func (d *grammar) checkValue(r *optionRule, o *option) *optionError {
	key := o.Key
	missing := func(quoted string) *optionError {
		example := cmp.Or(d.usage, r.example, key+"=...")
		return &optionError{o.KeyOff, fmt.Sprintf("option %s needs a %svalue: %s", key, quoted, example)}
	}
	bad := func(format string, args ...any) *optionError {
		return &optionError{o.ValueOff, fmt.Sprintf(format, args...)}
	}
	if r.bad != "" {
		// The rule words its own message, at the key.
		missing = func(string) *optionError { return &optionError{o.KeyOff, r.bad} }
		bad = func(string, ...any) *optionError { return &optionError{o.KeyOff, r.bad} }
	}
	switch r.kind {
	case refusedValue:
		return bad("")
	case countValue:
		if !o.HasValue || o.Value == "" {
			return missing("")
		}
		if n, err := strconv.Atoi(o.Value); err != nil || n <= 0 || o.Quoted {
			return bad("bad value for option %s: want a positive number, not %q", key, o.Value)
		}
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
	// Toolset is the option toolset=, ToolsetOff the offset of its value.
	Toolset    string
	ToolsetOff int
	Name       string // "" when not given or not valid
	BadName    bool   // name= was given but is not valid
	Title      string
	Hints      model.Hints
	Task       string // "", "optional" or "required"
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
	if o, ok := good["toolset"]; ok {
		res.Toolset, res.ToolsetOff = o.Value, o.ValueOff
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
	if e := contradiction(good); e != nil {
		errs = append(errs, *e)
	}
	return res, errs
}

// contradiction returns the problem of good options of //mcp:tool that
// contradict each other, or nil: a read-only tool does not modify
// anything, so it cannot be destructive.
func contradiction(good map[string]option) *optionError {
	if good["readonly"].Value == "true" && good["destructive"].Value == "true" {
		return &optionError{good["destructive"].KeyOff, "option destructive contradicts readonly: a read-only tool cannot be destructive"}
	}
	return nil
}

// hasOptionKey reports whether text, the options of a directive, has an
// option key=, as a word of its own.
func hasOptionKey(text, key string) bool {
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\t' })
	return slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, key+"=") })
}
