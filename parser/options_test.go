package parser

import (
	"reflect"
	"testing"

	"github.com/mcpgen/mcpgen/internal/toolname"
	"github.com/mcpgen/mcpgen/model"
)

func TestTokenizeOptions(t *testing.T) {
	tests := []struct {
		text    string
		want    []option
		wantErr *optionError
	}{
		{text: "", want: nil},
		{text: "   \t ", want: nil},
		{
			text: " readonly",
			want: []option{{Key: "readonly", KeyOff: 1, End: 9}},
		},
		{
			text: ` name=x  title="A \"b\" c"	idempotent=false`,
			want: []option{
				{Key: "name", KeyOff: 1, HasValue: true, Value: "x", ValueOff: 6, End: 7},
				{Key: "title", KeyOff: 9, HasValue: true, Value: `A "b" c`, ValueOff: 15, Quoted: true, End: 26},
				{Key: "idempotent", KeyOff: 27, HasValue: true, Value: "false", ValueOff: 38, End: 43},
			},
		},
		{
			text: " title=`raw \\n`",
			want: []option{{Key: "title", KeyOff: 1, HasValue: true, Value: `raw \n`, ValueOff: 7, Quoted: true, End: 15}},
		},
		{
			text: " name=",
			want: []option{{Key: "name", KeyOff: 1, HasValue: true, ValueOff: 6, End: 6}},
		},
		{
			text:    ` readonly title="Search notes`,
			want:    []option{{Key: "readonly", KeyOff: 1, End: 9}},
			wantErr: &optionError{16, "unterminated quoted value for option title"},
		},
		{
			text:    ` title="a\"`,
			wantErr: &optionError{7, "unterminated quoted value for option title"},
		},
		{
			text:    ` title="a\q"`,
			wantErr: &optionError{7, "bad quoted value for option title: want a Go string literal"},
		},
		{
			text:    ` title="a"readonly`,
			wantErr: &optionError{10, "missing space after the quoted value of option title"},
		},
		{
			text:    " =x",
			wantErr: &optionError{1, "missing option name before '=': write key=value, without spaces"},
		},
	}
	for _, tt := range tests {
		got, err := tokenizeOptions(tt.text)
		if !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(err, tt.wantErr) {
			t.Errorf("tokenizeOptions(%q) =\n\t%+v, %+v\nwant\n\t%+v, %+v", tt.text, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestParseOptions(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		text     string
		want     toolOptions
		wantErrs []optionError
	}{
		{text: "", want: toolOptions{}},
		{
			text: ` name=search_notes title="Search notes" readonly idempotent=true destructive=false openworld`,
			want: toolOptions{Name: "search_notes", Title: "Search notes",
				Hints: model.Hints{ReadOnly: &yes, Idempotent: &yes, Destructive: &no, OpenWorld: &yes}},
		},
		{text: ` name="quoted.name-1"`, want: toolOptions{Name: "quoted.name-1"}},
		{
			text:     " readOnly",
			wantErrs: []optionError{{1, `unknown option "readOnly" in //mcp:tool; did you mean readonly?`}},
		},
		{
			text: " read_only_hint idempotnet openWorldHint Title",
			wantErrs: []optionError{
				{1, `unknown option "read_only_hint" in //mcp:tool; did you mean readonly?`},
				{16, `unknown option "idempotnet" in //mcp:tool; did you mean idempotent?`},
				{27, `unknown option "openWorldHint" in //mcp:tool; did you mean openworld?`},
				{41, `unknown option "Title" in //mcp:tool; did you mean title?`},
			},
		},
		{
			text:     " readonly,idempotent",
			wantErrs: []optionError{{1, `unknown option "readonly,idempotent" in //mcp:tool; separate options with spaces, not commas`}},
		},
		{
			text:     " name = x",
			wantErrs: []optionError{{1, "option name needs a value: name=tool_name"}, {6, "missing option name before '=': write key=value, without spaces"}},
			want:     toolOptions{BadName: true},
		},
		{
			text:     " fast",
			wantErrs: []optionError{{1, `unknown option "fast" in //mcp:tool; known options: name, title, readonly, destructive, idempotent, openworld, task, result, numbers, constraints, scope, toolset, types, ui, visibility`}},
		},
		{
			text: " ui=ui://counter/view.html visibility=app,model",
			want: toolOptions{UI: "ui://counter/view.html", UIOff: 4, Visibility: []string{"app", "model"}, VisibilityOff: 38},
		},
		{
			text: " ui=ui://x/v.html visibility=app,app",
			want: toolOptions{UI: "ui://x/v.html", UIOff: 4, Visibility: []string{"app", "app"}, VisibilityOff: 29, VisibilityMsg: "visibility app is named twice"},
		},
		{
			text:     " readonly readonly=false",
			want:     toolOptions{Hints: model.Hints{ReadOnly: &yes}},
			wantErrs: []optionError{{10, "duplicate option readonly in //mcp:tool"}},
		},
		{
			text: " readonly=yes destructive=True idempotent=\"true\"",
			wantErrs: []optionError{
				{10, "bad value for option readonly: want readonly, readonly=true or readonly=false"},
				{26, "bad value for option destructive: want destructive, destructive=true or destructive=false"},
				{42, "bad value for option idempotent: want idempotent, idempotent=true or idempotent=false"},
			},
		},
		{
			text:     " name=has/slash name",
			want:     toolOptions{BadName: true},
			wantErrs: []optionError{{6, `bad tool name "has/slash": want 1 to 128 characters from [A-Za-z0-9_.-]`}, {16, "duplicate option name in //mcp:tool"}},
		},
		{
			text:     " name= title",
			want:     toolOptions{BadName: true},
			wantErrs: []optionError{{1, "option name needs a value: name=tool_name"}, {7, `option title needs a quoted value: title="My tool"`}},
		},
		{
			text:     " name",
			want:     toolOptions{BadName: true},
			wantErrs: []optionError{{1, "option name needs a value: name=tool_name"}},
		},
		{
			text:     " title=Search",
			wantErrs: []optionError{{7, `bad value for option title: want a quoted Go string, as in title="Search"`}},
		},
		{
			text:     ` title=""`,
			wantErrs: []optionError{{7, "empty title: give a title or drop the option"}},
		},
		{
			text:     ` readonly destructive`,
			want:     toolOptions{Hints: model.Hints{ReadOnly: &yes, Destructive: &yes}},
			wantErrs: []optionError{{10, "option destructive contradicts readonly: a read-only tool cannot be destructive"}},
		},
		{
			text: ` scope=files:read,files:write readonly`,
			want: toolOptions{Scopes: []string{"files:read", "files:write"}, Hints: model.Hints{ReadOnly: &yes}},
		},
		{
			text:     ` scope=a,,b scope=c`,
			wantErrs: []optionError{{7, `bad value for option scope: empty scope in "a,,b"; separate scopes with single commas`}, {12, "duplicate option scope in //mcp:tool"}},
		},
		{
			// Options before a syntax error are still checked.
			text:     ` readonly=no title="x`,
			wantErrs: []optionError{{10, "bad value for option readonly: want readonly, readonly=true or readonly=false"}, {19, "unterminated quoted value for option title"}},
		},
	}
	for _, tt := range tests {
		got, errs := parseOptions(tt.text)
		if !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(errs, tt.wantErrs) {
			t.Errorf("parseOptions(%q) =\n\t%+v, %+v\nwant\n\t%+v, %+v", tt.text, got, errs, tt.want, tt.wantErrs)
		}
	}
}

func TestSuggestOption(t *testing.T) {
	tests := []struct{ key, want string }{
		{"readOnly", "readonly"},
		{"read-only", "readonly"},
		{"readOnlyHint", "readonly"},
		{"destructiveHint", "destructive"},
		{"idempotant", "idempotent"},
		{"open_world", "openworld"},
		{"nmae", "name"},
		{"titel", "title"},
		{"xy", ""},
		{"description", ""},
	}
	for _, tt := range tests {
		if got := toolSpec().suggest(tt.key); got != tt.want {
			t.Errorf("toolSpec().suggest(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
}

// TestPrimitiveOptions: the options of //mcp:prompt, //mcp:resource and
// //mcp:complete follow the grammar and the checks of //mcp:tool's.
func TestPrimitiveOptions(t *testing.T) {
	tests := []struct {
		spec *grammar
		text string
		good map[string]string
		errs []optionError
	}{
		{promptSpec(), ` name=greet title="Say hi"`, map[string]string{"name": "greet", "title": "Say hi"}, nil},
		{promptSpec(), ` scope="audit:read"`, map[string]string{"scope": "audit:read"}, nil},
		{resourceSpec(), ` scope=a\b`, map[string]string{}, []optionError{{7, `bad scope "a\\b": want printable ASCII other than space, " and \ (RFC 6749 scope-token)`}}},
		{promptSpec(), ` titel=x`, map[string]string{}, []optionError{{1, `unknown option "titel" in //mcp:prompt; did you mean title?`}}},
		{promptSpec(), ` title,name=x`, map[string]string{}, []optionError{{1, `unknown option "title,name" in //mcp:prompt; separate options with spaces, not commas`}}},
		{resourceSpec(), ` uri=docs://x uri=docs://y mime=`, map[string]string{"uri": "docs://x"}, []optionError{
			{14, "duplicate option uri in //mcp:resource"}, {27, "option mime needs a value: mime=..."}}},
		{resourceSpec(), ` title="open`, map[string]string{}, []optionError{{7, "unterminated quoted value for option title"}}},
		{completeSpec(), ` prompt=p arg`, map[string]string{"prompt": "p"}, []optionError{
			{10, "option arg needs a value: write //mcp:complete prompt=NAME arg=ARG or //mcp:complete resource=URI_TEMPLATE arg=VAR"}}},
	}
	for _, tt := range tests {
		good, _, errs := tt.spec.check(tt.text)
		got := map[string]string{}
		for k, o := range good {
			got[k] = o.Value
		}
		if !reflect.DeepEqual(got, tt.good) || !reflect.DeepEqual(errs, tt.errs) {
			t.Errorf("%s%s: %v, %+v\nwant %v, %+v", tt.spec.directive, tt.text, got, errs, tt.good, tt.errs)
		}
	}
}

// FuzzParseOptions checks that any directive text yields options or
// errors, never a panic, and that every error points into the text.
func FuzzParseOptions(f *testing.F) {
	for _, seed := range []string{
		"", " readonly", ` name=x title="a \"b\""`, " title=`raw`", ` title="open`,
		" =", " a=b=c", " readOnly=maybe", ` title="\xff"`, " name=\tx", "\t\t",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		opts, errs := parseOptions(text)
		for _, e := range errs {
			if e.Off < 0 || e.Off > len(text) || e.Msg == "" {
				t.Errorf("parseOptions(%q): error %+v out of range", text, e)
			}
		}
		if opts.Name != "" && !toolname.Valid(opts.Name) {
			t.Errorf("parseOptions(%q): invalid name %q accepted", text, opts.Name)
		}
	})
}

// TestGrammarWords: positional words before the options, optional ones
// taken only when they fit, a many rule taking every further word.
func TestGrammarWords(t *testing.T) {
	g := &grammar{directive: "//mcp:x", words: []wordRule{
		{name: "on or off", optional: true, choices: []string{"on", "off"}},
		{name: "TYPE"},
		{name: "MEMBER", many: true, optional: true},
	}, options: []optionRule{{key: "max", kind: countValue}}}
	for _, tt := range []struct {
		text  string
		words []word
		max   string
		errs  int
	}{
		{text: " T", words: []word{{"", 1}, {"T", 1}, {"", 2}}},
		{text: " off T a  b max=3", words: []word{{"off", 1}, {"T", 5}, {"a", 7}, {"b", 10}}, max: "3"},
		{text: " T max=0", words: []word{{"", 1}, {"T", 1}, {"", 3}}, errs: 1},
		{text: " ", words: []word{{"", 1}, {"", 1}, {}}, errs: 1},
	} {
		a, errs := g.parse(tt.text)
		if !reflect.DeepEqual(a.words, tt.words) || a.good["max"].Value != tt.max || len(errs) != tt.errs {
			t.Errorf("parse(%q) = %v, max %q, %v; want %v, max %q, %d errors", tt.text, a.words, a.good["max"].Value, errs, tt.words, tt.max, tt.errs)
		}
	}
}
