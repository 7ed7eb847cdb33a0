package parser

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/packages"
)

// The table of directives. Every //mcp: word mcpgen knows is one row of
// directiveTable: the classifier (classify), the did-you-mean of a
// misspelt word and the message for an unknown one, the placement rules
// (checker.file, checker.pkgDirectives, checker.varDirectives) and the
// directives' part of mcpgen -h (DirectiveHelp) all read it, and each
// directive's arguments go through the one grammar of options.go
// (grammar.parse).
//
// To add a directive, add a row:
//
//   - word: what follows //mcp: (lower case, no space)
//   - kind: the class checker.file sorts it into (packageDirective for
//     one that applies to the whole package)
//   - place: where it may be written, and misplaced: what is said when
//     it is written elsewhere
//   - grammar: its arguments, as positional words, a tag, options or the
//     rest of the line
//   - help: its lines in mcpgen -h, by section
//   - pkg (package-level) or comment (in the doc comment of a type or
//     field): the handler that reads its parsed arguments
//
// TestDirectiveTable checks that every row is in mcpgen -h, in the
// did-you-mean and in the message for an unknown directive. A new option
// of a directive is a row of its grammar (an optionRule, with its help
// text for //mcp:tool).
type directive struct {
	word  string
	kind  directiveKind
	place placement
	// misplaced returns what is wrong with the directive in the comment
	// g of f, outside the places it may be.
	misplaced func(fset *token.FileSet, f *ast.File, g *ast.CommentGroup) string
	grammar   func() *grammar
	help      []helpEntry
	// pkg reads a package-level directive, its arguments parsed by its
	// grammar (errs their problems, for the handler to report as it
	// words them), into the package's directives.
	pkg func(c *checker, s *pkgScan, cm *ast.Comment, a args, errs []optionError)
	// comment checks a directive that is checked where it stands (in
	// the doc comment of a type or field, or of a function when fd is
	// not nil).
	comment func(c *checker, pkg *packages.Package, f *ast.File, g *ast.CommentGroup, cm *ast.Comment, fd *ast.FuncDecl)
}

// A placement is a set of the places a directive may be written.
type placement uint8

const (
	inFuncDoc    placement = 1 << iota // the doc comment of a function or method
	inVarDoc                           // the doc comment of a //go:embed variable with //mcp:resource
	inTypeDoc                          // the doc comment of a type, or the comment of a struct field
	inPackage                          // any comment outside a function's doc comment: the whole package
	inServerNote                       // the comment that holds //mcp:server
)

// says returns a misplaced that always says msg.
func says(msg string) func(*token.FileSet, *ast.File, *ast.CommentGroup) string {
	return func(*token.FileSet, *ast.File, *ast.CommentGroup) string { return msg }
}

// wholePackage is the misplaced of a package-level directive.
func wholePackage(word string) func(*token.FileSet, *ast.File, *ast.CommentGroup) string {
	return says("//mcp:" + word + " applies to the whole package: put it in a comment outside a function's doc comment (next to the package clause, say)")
}

// directiveTable returns the rows, in the order the did-you-mean tries
// them and the messages list them. (Built once, by init, and never
// changed: the parser has no mutable package state.)
func directiveTable() []directive { return directiveRows }

var directiveRows []directive

// init builds the table; its handlers refer to it, which a variable's
// initializer cannot.
func init() {
	directiveRows = []directive{
		// Two forms: in a function's doc comment, and (foreign.go)
		// //mcp:tool IMPORTPATH.NAME in a comment of its own, which
		// foreignToolRef recognizes before the placement is checked.
		{word: "tool", kind: toolDirective, place: inFuncDoc, misplaced: misplaced,
			grammar: toolSpec,
			help: []helpEntry{{helpTool, "//mcp:tool [options]"},
				{helpPackage, `//mcp:tool IMPORTPATH.NAME [options]
                      in a comment of its own: the function NAME (or
                      TYPE.Method) of another package is a tool; the
                      comment's //mcp:arg lines describe its parameters,
                      and its text, if any, is the description`}}},
		{word: "arg", kind: argDirective, place: inFuncDoc,
			misplaced: says("//mcp:arg must be in the doc comment of a function annotated with //mcp:tool"),
			grammar:   argGrammar,
			help: []helpEntry{{helpTool, `//mcp:arg NAME [jsonschema:"KEYWORDS"] description
    describes the plain parameter NAME; the keywords bound it as
    a struct field's jsonschema tag does, and optional makes it
    optional whatever its type (absent, it is its zero value)`}}},
		{word: "enum", kind: typeDirective, place: inFuncDoc | inTypeDoc, comment: (*checker).enumComment,
			grammar: enumGrammar,
			help: []helpEntry{{helpTool, `//mcp:enum off PARAM
    (or on) switches enum inference for the plain parameter PARAM`},
				{helpType, "//mcp:enum [on|off]   its constants are (on) or are not (off) an enum"}}},
		{word: "schema", kind: schemaDirective, place: inTypeDoc | inPackage, comment: (*checker).schemaDirective,
			grammar: schemaGrammar,
			help: []helpEntry{{helpType, `//mcp:schema {...}    its JSON Schema, for a type with its own JSON
                      methods; also once per package, in any comment
                      of a file: //mcp:schema IMPORTPATH.Type {...}`}}},
		{word: "prompt", kind: primitiveDirective, place: inFuncDoc,
			misplaced: says("//mcp:prompt must be in the doc comment of a function"),
			grammar:   promptSpec,
			help: []helpEntry{{helpPrimitive, `//mcp:prompt [name=IDENT] [title="text"] [scope=S,...]
//mcp:arg NAME description
    describes the prompt argument NAME`}}},
		{word: "resource", kind: primitiveDirective, place: inFuncDoc | inVarDoc,
			misplaced: says("//mcp:resource must be in the doc comment of a function, or of a //go:embed variable"),
			grammar:   resourceSpec,
			help: []helpEntry{{helpPrimitive, `//mcp:resource uri=URI [name=IDENT] [title="text"] [mime=TYPE]
    [description="text"] [scope=S,...]
    uri is fixed (docs://readme) or a template (docs://pages/{topic})`}}},
		{word: "complete", kind: primitiveDirective, place: inFuncDoc,
			misplaced: says("//mcp:complete must be in the doc comment of a function"),
			grammar:   completeSpec,
			help: []helpEntry{{helpPrimitive, `//mcp:complete prompt=NAME arg=ARG
//mcp:complete resource=URI_TEMPLATE arg=VAR`}}},
		{word: "icon", kind: iconDirective, place: inFuncDoc | inVarDoc | inServerNote,
			misplaced: says("//mcp:icon must be in the doc comment of a function annotated with //mcp:tool, //mcp:prompt or //mcp:resource, of a //go:embed variable annotated with //mcp:resource, or in the comment of //mcp:server"),
			grammar:   iconSpec,
			help: []helpEntry{{helpBeside, `//mcp:icon src=URL [mime=TYPE] [sizes=48x48,...] [theme=light|dark]
    an icon clients may show (https, http or data: URI; or
    file=icon.png, an image of the package, sent as a data: URI)`}}},
		{word: "meta", kind: metaDirective, place: inFuncDoc | inVarDoc,
			misplaced: says("//mcp:meta must be in the doc comment of a function annotated with //mcp:tool, //mcp:prompt or //mcp:resource, or of a //go:embed variable annotated with //mcp:resource"),
			grammar:   metaGrammar,
			help: []helpEntry{{helpBeside, `//mcp:meta {"com.example/key": "value"}
    its _meta object (not ui: ui= and a view's options write it)`}}},
		{word: "tools", kind: packageDirective, place: inPackage, misplaced: wholePackage("tools"),
			grammar: toolsGrammar, pkg: (*checker).toolsDirective,
			help: []helpEntry{{helpPackage, `//mcp:tools TYPE [prefix=P] [options]
                      every exported method of TYPE is a tool (XContext
                      over X, named after X); a method that cannot be
                      one is left out, with a warning
//mcp:tools IMPORTPATH.TYPE [prefix=P] [register=NAME] [options]
                      the same for a type of another package, registered
                      by Register<TYPE>Tools (or NAME)
//mcp:tools IMPORTPATH [prefix=P] [options]
                      every exported function of another package`}}},
		{word: "toolset", kind: packageDirective, place: inPackage, misplaced: wholePackage("toolset"),
			grammar: toolsetGrammar, pkg: (*checker).toolsetDirective,
			help: []helpEntry{{helpPackage, `//mcp:toolset NAME [default] text
                      declares a toolset: the tools with toolset=NAME;
                      default: served when none is chosen (MCP_TOOLSETS,
                      X-MCP-Toolsets)`}}},
		{word: "result", kind: packageDirective, place: inPackage, misplaced: wholePackage("result"),
			grammar: resultGrammar, pkg: (*checker).resultDirective,
			help: []helpEntry{{helpPackage, `//mcp:result TYPE omit  results of type TYPE or *TYPE are not sent
//mcp:result TYPE FUNC  such a result is sent as FUNC(result)`}}},
		{word: "param", kind: packageDirective, place: inPackage, misplaced: wholePackage("param"),
			grammar: paramGrammar, pkg: (*checker).paramDirective,
			help: []helpEntry{{helpPackage, `//mcp:param NAME [jsonschema:"KEYWORDS"] text
                      describes and bounds every plain parameter NAME,
                      where its //mcp:arg does not`}}},
		{word: "output", kind: packageDirective, place: inPackage, misplaced: wholePackage("output"),
			grammar: outputGrammar, pkg: (*checker).outputDirective,
			help: []helpEntry{{helpPackage, `//mcp:output max=BYTES  leaves out output schemas longer than BYTES
                      (//mcp:output off: all of them; //mcp:output all:
                      none; without the line, those over 512 bytes that
                      write another module's type out whole)`}}},
		{word: "view", kind: packageDirective, place: inPackage, misplaced: wholePackage("view"),
			grammar: viewGrammar, pkg: (*checker).viewDirective,
			help: []helpEntry{{helpPackage, `//mcp:view TYPE MEMBER...  results show only those JSON members of
                      TYPE, wherever a TYPE value is in them (-MEMBER
                      drops one, * matches)`}}},
		{word: "constraints", kind: packageDirective, place: inPackage, misplaced: wholePackage("constraints"),
			grammar: constraintsGrammar, pkg: (*checker).constraintsDirective,
			help: []helpEntry{{helpPackage, `//mcp:constraints described  the option constraints for every tool
                      (//mcp:constraints keywords: keywords only)`}}},
		{word: "skills", kind: packageDirective, place: inPackage, misplaced: wholePackage("skills"),
			grammar: skillsSpec, pkg: (*checker).skillsDirective,
			help: []helpEntry{{helpPackage, `//mcp:skills dir=DIR [scope=NAME,...]
                      the skills in DIR, a directory per skill with a
                      SKILL.md, embedded: RegisterSkills(s) serves them;
                      scope= as a tool's, for each of them`}}},
		{word: "server", kind: packageDirective, place: inPackage, misplaced: wholePackage("server"),
			grammar: serverSpec, pkg: (*checker).serverDirective,
			help: []helpEntry{{helpServer, `//mcp:server name=NAME [version=V] [title="text"] [description="text"]
    [remote=URL] [website=URL] [oci=IMAGE]
    NAME in reverse-DNS form (io.github.owner/repo); description: by
    default the first sentence of the package doc comment; remote: the
    public https URL of the Streamable HTTP endpoint; oci: an image
    that serves it over stdio; the repository comes from the import
    path (github.com, gitlab.com); the //mcp:icon lines of its
    comment are the server's icons (https src only)`}}},
	}
}

// lookupDirective returns the row of the directive word ("tool"), or nil.
func lookupDirective(word string) *directive {
	rows := directiveTable()
	for i := range rows {
		if rows[i].word == word {
			return &rows[i]
		}
	}
	return nil
}

// directiveOf returns the row of the directive the comment text is, or
// nil, and the text after its word (its arguments) and their offset in
// text.
func directiveOf(text string) (d *directive, rest string, off int) {
	w, ok := strings.CutPrefix(text, "//mcp:")
	if !ok {
		return nil, "", 0
	}
	end := strings.IndexAny(w, " \t")
	if end < 0 {
		end = len(w)
	}
	d = lookupDirective(w[:end])
	if d == nil {
		return nil, "", 0
	}
	return d, w[end:], len("//mcp:") + end
}

// knownDirectives lists the directives for the message about an unknown
// one: "//mcp:tool, //mcp:arg, ... and //mcp:server".
func knownDirectives() string { return placedIn(^placement(0)) }

// placedIn lists the directives that may be written in one of the places
// of p, in the table's order: "//mcp:resource, //mcp:icon and //mcp:meta".
func placedIn(p placement) string {
	var names []string
	for _, d := range directiveTable() {
		if d.place&p != 0 {
			names = append(names, "//mcp:"+d.word)
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// A helpEntry is a directive's lines in one section of mcpgen -h, as
// printed, without the tab that starts each.
type helpEntry struct {
	section helpSection
	text    string
}

// A helpSection is a section of the directives' part of mcpgen -h.
type helpSection int

const (
	helpTool      helpSection = iota // in a tool's doc comment
	helpBeside                       // beside a tool's, prompt's or resource's directive
	helpPrimitive                    // prompts, resources, completers
	helpType                         // in a type's doc comment
	helpPackage                      // the whole package
	helpServer                       // the server's registry entry
)

// helpSections are the heads of the sections, and what follows the
// directives of one, as printed.
var helpSections = [...]struct{ head, foot string }{
	helpTool:   {head: "Annotate a function or method with a line at the end of its doc comment\n(the rest of the doc comment is the tool's description):"},
	helpBeside: {head: "Beside it, in the same doc comment (and in those of prompts, resources):"},
	helpPrimitive: {head: "Prompts, resources and completers (package-level functions):",
		foot: "//mcp:resource on a //go:embed string or []byte variable serves the\nfile; with the option app, an MCP App's view (text/html;profile=\nmcp-app), and connectdomains=, resourcedomains=, framedomains=,\nbaseuridomains= (origins), permissions=, domain=, prefersborder make\nits _meta.ui"},
	helpType:    {head: "In the doc comment of a type, or the comment of a struct field:"},
	helpPackage: {head: "In any comment of the package outside a function's doc comment, for the\nwhole package (an API client's, say; see docs/apiclients.md):"},
	helpServer:  {head: "For the server's entry in the MCP registry (server.json, which -server-json\nwrites), once, in any comment of the package outside a function's doc\ncomment:"},
}

// DirectiveHelp returns the directives' part of mcpgen -h, read from the
// table of directives and the options of //mcp:tool: a section per
// place, each line indented by a tab, sections parted by a blank line.
func DirectiveHelp() string {
	var b strings.Builder
	for s := range helpSections {
		if s > 0 {
			b.WriteString("\n")
		}
		b.WriteString(sectionHelp(helpSection(s)))
	}
	return b.String()
}

// sectionHelp returns one section of DirectiveHelp.
func sectionHelp(s helpSection) string {
	var b strings.Builder
	indent := func(text string) {
		for line := range strings.SplitSeq(text, "\n") {
			if line != "" {
				b.WriteString("\t" + line)
			}
			b.WriteString("\n")
		}
	}
	sec := helpSections[s]
	b.WriteString(sec.head + "\n\n")
	for _, d := range directiveTable() {
		for _, h := range d.help {
			if h.section == s {
				indent(h.text)
			}
		}
	}
	if sec.foot != "" {
		b.WriteString("\n")
		indent(sec.foot)
	}
	if s == helpTool {
		b.WriteString("\nOptions, separated by spaces, each at most once:\n\n")
		for _, r := range toolSpec().options {
			indent(r.help)
		}
	}
	return b.String()
}
