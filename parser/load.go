package parser

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/model"

	"github.com/mcpgen/mcpgen/internal/parallel"
	"github.com/mcpgen/mcpgen/parser/schema"
)

// loadMode asks for what the schema builder and the signature checks read:
// syntax (comments, positions) and full type information of the packages
// named by the patterns. Dependencies come from export data.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule

// Load loads the packages matching patterns, with dir as the working
// directory and tags as build tags, and returns the model of every package
// (also those without tools, so that a caller can remove stale generated
// files), together with all diagnostics sorted by position.
//
// If any package does not load or type-check, Load returns no packages and
// the loader's errors as diagnostics: nothing else can be trusted. Two
// kinds of errors are not fatal, since only generating code fixes them: a
// generated file of mcpgen's that no longer compiles (it is replaced by a
// stub of its functions), and a call of a registration function that is
// yet to be generated (undefined: RegisterTools), which is reported only if
// no tool will produce it. A tool with a diagnostic is left out of its
// package; a caller must not write or remove any file when diagnostics
// other than warnings (see [Errors]) are present.
//
// The error result reports a failure of the loader itself (for example,
// no go command), not a problem in the loaded code.
func Load(dir string, tags []string, patterns ...string) ([]*model.Package, []Diagnostic, error) {
	return LoadWith(dir, Options{Tags: tags}, patterns...)
}

// Options are the settings of LoadWith.
type Options struct {
	// Tags are build tags to consider satisfied while loading.
	Tags []string
	// AllWarnings reports each warning that is otherwise summed up in one
	// line per package or per //mcp:tools directive (parameters without a
	// description, methods left out of //mcp:tools).
	AllWarnings bool
	// Profile selects the subset of JSON Schema the input schemas use
	// (schema.ProfilePortable by default; see schema.Profile). A construct
	// the profile cannot express is a diagnostic at the parameter it
	// belongs to, with the JSON pointer of the construct.
	Profile schema.Profile
}

// LoadWith is Load with options beyond the build tags.
func LoadWith(dir string, opts Options, patterns ...string) ([]*model.Package, []Diagnostic, error) {
	tags := opts.Tags
	fset := token.NewFileSet()
	cfg := &packages.Config{
		Mode:  loadMode,
		Dir:   dir,
		Fset:  fset,
		Tests: false,
	}
	if len(tags) > 0 {
		cfg.BuildFlags = []string{"-tags=" + strings.Join(tags, ",")}
	}
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, fmt.Errorf("loading packages: %w", err)
	}
	if len(pkgs) == 0 {
		// go/packages drops some go command failures (such as a go.mod
		// that needs updating) without an error or a package.
		// Ask the go command itself, whose error says why.
		args := append([]string{"list"}, cfg.BuildFlags...)
		cmd := exec.Command("go", append(append(args, "--"), patterns...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil && len(bytes.TrimSpace(out)) > 0 {
			return nil, nil, fmt.Errorf("no packages found for %s in %s: %s", strings.Join(patterns, " "), dir, bytes.TrimSpace(out))
		}
		return nil, nil, fmt.Errorf("no packages found for %s in %s; run go list there to see why", strings.Join(patterns, " "), dir)
	}
	diags, pending := loadErrors(dir, pkgs)
	if overlay := staleOutputs(fset, pkgs, diags); overlay != nil {
		// A generated file that no longer compiles (its compile-time
		// guards fail after a tool's signature changed) must not stop
		// its own regeneration: load again with stubs in its place.
		fset = token.NewFileSet()
		cfg.Fset, cfg.Overlay = fset, overlay
		pkgs, err = packages.Load(cfg, patterns...)
		if err != nil {
			return nil, nil, fmt.Errorf("loading packages: %w", err)
		}
		diags, pending = loadErrors(dir, pkgs)
	}
	if len(diags) > 0 {
		return nil, sortDiagnostics(diags), nil
	}
	// The packages whose code directives make tools (//mcp:tools
	// IMPORTPATH.TYPE), loaded again as roots: from source, with their doc
	// comments, and the same packages as the user's import.
	mine, foreign, broken, err := loadForeign(cfg, patterns, pkgs)
	if err != nil {
		return nil, nil, err
	}
	if mine != nil {
		fset, pkgs = cfg.Fset, mine
		loaded := slices.Clone(pkgs)
		for path, p := range foreign {
			if !slices.Contains(pkgs, p) && broken[path] == "" {
				loaded = append(loaded, p)
			}
		}
		if diags, pending = loadErrors(dir, loaded); len(diags) > 0 {
			return nil, sortDiagnostics(diags), nil
		}
	}

	c := &checker{fset: fset, builder: schema.NewBuilder(fset, pkgs), profile: opts.Profile, allWarnings: opts.AllWarnings, registers: map[*packages.Package]map[string]bool{},
		foreign: foreign, broken: broken}
	c.builder.SetProfile(opts.Profile)
	var out []*model.Package
	for _, pkg := range pkgs {
		p, err := c.pkg(pkg)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, p)
	}
	c.diags = append(c.diags, c.pendingErrors(pending)...)
	slices.SortFunc(out, func(a, b *model.Package) int { return cmp.Compare(a.PkgPath, b.PkgPath) })
	c.diags = append(c.diags, crossPackageNames(out)...)
	return out, sortDiagnostics(c.diags), nil
}

// loadErrors returns the errors of pkgs and their dependencies as
// diagnostics: list, parse and type errors. It sets apart, as pending, the
// type errors of the root packages that name a registration function that
// does not exist yet: generating it may be what fixes them.
func loadErrors(dir string, pkgs []*packages.Package) (diags []Diagnostic, pending []pendingRef) {
	roots := map[*packages.Package]bool{}
	for _, p := range pkgs {
		roots[p] = true
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		parsed := false // the package has parse or type errors with positions
		for _, e := range p.Errors {
			parsed = parsed || e.Kind == packages.ParseError || e.Kind == packages.TypeError
		}
		for _, e := range p.Errors {
			if out, ok := strings.CutPrefix(e.Msg, "# "); ok && e.Pos == "" {
				// Compiler output relayed by go list (which builds export
				// data): the same errors as the parser's and type checker's,
				// so use it only when they are missing.
				if !parsed {
					diags = append(diags, compilerErrors(dir, out)...)
				}
				continue
			}
			d := Diagnostic{Pos: parseErrorPos(e.Pos), Message: e.Msg}
			if m := undefinedRegister.FindStringSubmatch(e.Msg); m != nil && e.Kind == packages.TypeError && roots[p] {
				pending = append(pending, pendingRef{Diagnostic: d, pkg: p, qual: m[1], name: m[2]})
				continue
			}
			diags = append(diags, d)
		}
	})
	return diags, pending
}

// undefinedRegister matches the type error for a call of a registration
// function that mcpgen has not generated yet, as in a main package written
// before its first go generate: "undefined: RegisterTools" or
// "undefined: notes.RegisterStoreTools".
var undefinedRegister = regexp.MustCompile(`^undefined: (?:(\w+)\.)?(Register\w*Tools|RegisterPrompts|RegisterResources|RegisterSkills)$`)

// A pendingRef is a type error that generating code may fix.
type pendingRef struct {
	Diagnostic
	pkg        *packages.Package // where the error is
	qual, name string            // the reference: qual.name, or name in pkg
}

// pendingErrors returns the pending type errors that no generated code
// will fix. Every annotated function counts, also one with a diagnostic:
// once fixed, it will be generated.
func (c *checker) pendingErrors(pending []pendingRef) []Diagnostic {
	var diags []Diagnostic
	for _, ref := range pending {
		fixed := false
		for pkg, names := range c.registers {
			if ref.qual == "" && pkg == ref.pkg || ref.qual != "" && pkg != ref.pkg && pkg.Name == ref.qual {
				fixed = fixed || names[ref.name]
			}
		}
		if !fixed {
			diags = append(diags, ref.Diagnostic)
		}
	}
	return diags
}

// compilerErrors turns compiler output relayed by go list ("pkg\nfile:line:col:
// msg\n...", file relative to dir) into diagnostics.
func compilerErrors(dir, out string) []Diagnostic {
	var diags []Diagnostic
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, line := range lines[1:] { // lines[0] names the package
		pos, msg := token.Position{}, strings.TrimSpace(line)
		if i := strings.Index(line, ": "); i > 0 {
			if p := parseErrorPos(line[:i]); p.Line > 0 {
				if abs := filepath.Join(dir, p.Filename); !filepath.IsAbs(p.Filename) && fileExists(abs) {
					p.Filename = abs
				}
				pos, msg = p, line[i+2:]
			}
		}
		if msg != "" {
			diags = append(diags, Diagnostic{Pos: pos, Message: msg})
		}
	}
	if len(diags) == 0 {
		diags = append(diags, Diagnostic{Message: strings.TrimSpace(out)})
	}
	return diags
}

// parseErrorPos parses a packages.Error position: "file:line:col",
// "file:line", "file", "" or "-". It splits from the right, since a file
// name may itself contain colons (C:\src\x.go).
func parseErrorPos(s string) token.Position {
	if s == "" || s == "-" {
		return token.Position{}
	}
	var pos token.Position
	var nums []int
	rest := s
	for len(nums) < 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil || n < 0 {
			break
		}
		nums = append(nums, n)
		rest = rest[:i]
	}
	pos.Filename = rest
	switch len(nums) {
	case 1:
		pos.Line = nums[0]
	case 2:
		pos.Line, pos.Column = nums[1], nums[0]
	}
	return pos
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// checker turns loaded packages into the model and collects diagnostics.
type checker struct {
	fset    *token.FileSet
	builder *schema.Builder
	profile schema.Profile // of the input schemas
	diags   []Diagnostic
	// dirs are the package-level directives of the package being checked.
	dirs *pkgDirs
	// module is the path of the module of the package being checked
	// (its import path outside a module): its types are the user's own.
	module      string
	allWarnings bool // Options.AllWarnings
	// warnGroups are the package's warnings that are one per type, with
	// the order of their first use (groupWarnf).
	warnGroups map[string]*warnGroup
	warnOrder  []*warnGroup

	// registers holds, per package, the names of the registration
	// functions its generated file will declare.
	registers map[*packages.Package]map[string]bool

	// foreign holds the loaded packages by path, those that directives
	// name for their code (foreign.go) among them, and broken why one of
	// those does not load; declsOf caches their functions' declarations.
	foreign map[string]*packages.Package
	broken  map[string]string
	declsOf map[*packages.Package]map[*types.Func]*ast.FuncDecl
	// sites are the other packages' declarations that the directives of
	// the package being checked make tools of; dir is its directory.
	sites   []*foreignSite
	dir     string
	pkgPath string
}

// errorf records a diagnostic at pos.
func (c *checker) errorf(pos token.Pos, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{Pos: c.fset.Position(pos), Message: fmt.Sprintf(format, args...)})
}

// lineOf says where first is, for a diagnostic at here about a second
// directive of the package: "line 3" in the same file, else "other.go:3"
// (package-level directives may be in any of its files).
func (c *checker) lineOf(first, here token.Pos) string {
	f, h := c.fset.Position(first), c.fset.Position(here)
	if f.Filename == h.Filename {
		return fmt.Sprintf("line %d", f.Line)
	}
	return fmt.Sprintf("%s:%d", filepath.Base(f.Filename), f.Line)
}

// warnf records a warning at pos.
func (c *checker) warnf(pos token.Pos, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{Pos: c.fset.Position(pos), Message: fmt.Sprintf(format, args...), Warning: true})
}

// pkg builds the model of one package: it scans every comment of every
// file for directives and checks each annotated function.
func (c *checker) pkg(pkg *packages.Package) (*model.Package, error) {
	p := &model.Package{Name: pkg.Name, PkgPath: pkg.PkgPath, Dir: pkg.Dir, Types: pkg.Types}
	files := slices.Clone(pkg.Syntax)
	slices.SortFunc(files, func(a, b *ast.File) int {
		return cmp.Compare(c.fset.File(a.Pos()).Name(), c.fset.File(b.Pos()).Name())
	})
	if p.Dir == "" && len(files) > 0 {
		p.Dir = filepath.Dir(c.fset.File(files[0].Pos()).Name())
	}
	start := len(c.diags)
	c.sites, c.dir, c.pkgPath = nil, p.Dir, p.PkgPath
	c.module = pkg.PkgPath
	if pkg.Module != nil && pkg.Module.Path != "" {
		c.module = pkg.Module.Path
	}
	c.dirs = c.pkgDirectives(pkg, files)
	p.Server = c.dirs.server
	var tools []*toolDecl
	var prims []*primitiveDecl
	outputs := map[string]bool{} // names of files mcpgen generated
	for _, f := range files {
		if isMcpgenOutput(f) {
			outputs[c.fset.File(f.Pos()).Name()] = true
			continue // our own output holds no directives, only code from them
		}
		t, pr := c.file(pkg, f)
		tools = append(tools, t...)
		prims = append(prims, pr...)
	}
	bulk := c.bulkTools(pkg, files, tools)
	if len(bulk) > 0 || len(c.sites) > 0 {
		tools = append(tools, bulk...)
		// In the order of the directives: another package's code at the
		// directive that makes tools of it.
		at := func(t *toolDecl) token.Pos {
			if t.site != nil {
				return t.site.pos
			}
			return t.pos
		}
		slices.SortStableFunc(tools, func(a, b *toolDecl) int {
			pa, pb := c.fset.Position(at(a)), c.fset.Position(at(b))
			return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
		})
	}
	if len(outputs) > 0 && pkg.Types != nil {
		scope := pkg.Types.Scope()
		for _, name := range scope.Names() {
			if outputs[c.fset.Position(scope.Lookup(name).Pos()).Filename] {
				if p.Regenerated == nil {
					p.Regenerated = map[string]bool{}
				}
				p.Regenerated[name] = true
			}
		}
	}
	// The generated file will declare the registration functions: one of
	// the user's by the same name would not compile with it.
	reported := map[string]bool{}
	c.registers[pkg] = map[string]bool{}
	registersOf := map[string]*toolDecl{} // function name -> first tool it registers
	for _, t := range tools {
		if t.decl.Recv != nil && t.Receiver == nil {
			continue // a receiver that cannot have tools: reported
		}
		name := model.RegisterFunc(t.Receiver)
		if first := registersOf[name]; first == nil {
			registersOf[name] = t
		} else if first.Receiver != nil && t.Receiver != nil && first.Receiver.Named != t.Receiver.Named && (t.site != nil || first.site != nil) {
			// A type of another package, whose name the user cannot change.
			later := t
			if t.site == nil {
				later = first
			}
			if !reported["two types:"+name] {
				reported["two types:"+name] = true
				c.errorf(later.site.pos, "two types named %s, %s and %s, would both have their tools registered by %s; name the function of one with register= (//mcp:tools %s register=Register%sTools)",
					t.Receiver.TypeName, qualifiedName(first.Receiver.Named), qualifiedName(t.Receiver.Named), name,
					qualifiedName(later.Receiver.Named), upperFirst(later.Receiver.Named.Obj().Pkg().Name())+later.Receiver.TypeName)
			}
			t.bad = true
			continue
		} else if first.Receiver != nil && t.Receiver != nil && first.Receiver.Named != t.Receiver.Named {
			c.errorf(t.pos, "the tools of %s and of %s (%s at %s:%d:%d) would both be registered by %s; rename one of the types, or embed %s in %s",
				t.Receiver.TypeName, first.Receiver.TypeName, first.GoName, filepath.Base(first.Pos.Filename), first.Pos.Line, first.Pos.Column,
				name, lower(t.Receiver.TypeName, first.Receiver.TypeName), upper(t.Receiver.TypeName, first.Receiver.TypeName))
			t.bad = true
			continue
		}
		if r := t.Receiver; r != nil && r.Declared == nil && !token.IsExported(r.TypeName) && pkg.Name != "main" &&
			registersOf[name] == t && !c.refersTo(pkg, outputs, name) {
			// Exported, but for a type other packages cannot name.
			c.errorf(t.decl.Recv.Pos(), "the tools of the unexported type %s would be registered by %s(s, recv *%s), which no other package can call, as it cannot name %s, and this package does not; export %s, embed it in an exported struct type, or call %s in this package",
				r.TypeName, name, r.TypeName, r.TypeName, r.TypeName, name)
			t.bad = true
		}
		c.registers[pkg][name] = true
		obj := pkg.Types.Scope().Lookup(name)
		if reported[name] || obj == nil || outputs[c.fset.Position(obj.Pos()).Filename] {
			continue
		}
		reported[name] = true
		c.errorf(obj.Pos(), "%s is declared here, but mcpgen generates a function of that name to register tools; rename it", name)
	}
	firstByName := map[string]*toolDecl{}
	for _, t := range tools {
		if t.Name == "" {
			continue // no valid name: already reported
		}
		if first, dup := firstByName[t.Name]; dup {
			how := "set another with name="
			if first.decl == t.decl && t.instances > 0 {
				d := c.fset.Position(first.dir)
				c.errorf(t.dir, "duplicate tool name %q: also the name of the instantiation of %s at %s:%d:%d; give each //mcp:tool of the generic function %s a name= of its own (name=%s_%s)",
					t.Name, t.GoName, filepath.Base(d.Filename), d.Line, d.Column, t.GoName, snakeCase(t.GoName), typeArgWord(t.TypeArgs, t.pkg.Types))
				t.bad = true
				continue
			}
			firstName := first.GoName
			if first.site != nil && first.Func != nil && first.Func.Pkg() != nil {
				firstName = first.Func.Pkg().Name() + "." + first.GoName // another package's
			}
			if bulk := cmp.Or(t.bulk, first.bulk); bulk != nil {
				how = "give the //mcp:tools of each type a prefix= of its own (//mcp:tools " + bulk.name() + " prefix=" + bulk.prefixHint() + "_), or set another name with a //mcp:tool name= on one method"
			} else if t.Receiver != nil && first.Receiver != nil && t.Receiver.TypeName != first.Receiver.TypeName {
				// Methods of two types (String, Error, MarshalText): a name
				// after the receiver, for this one or for all of a type's.
				r := t.Receiver.TypeName
				firstName = first.Receiver.TypeName + "." + first.GoName
				how = fmt.Sprintf("set another with name= (name=%s_%s), or name every method of %s after it with //mcp:tools %s prefix=%s_ in a comment of the package instead of a //mcp:tool on each",
					snakeCase(r), t.Name, r, r, snakeCase(r))
			}
			c.errorf(t.pos, "duplicate tool name %q: also the name of %s at %s:%d:%d; %s",
				t.Name, firstName, filepath.Base(first.Pos.Filename), first.Pos.Line, first.Pos.Column, how)
			t.bad = true
			continue
		}
		firstByName[t.Name] = t
	}
	c.primitives(p, prims)
	c.checkViews(tools, prims)
	if len(p.Prompts) > 0 {
		c.registers[pkg][model.RegisterPromptsFunc] = true
	}
	if len(p.Resources) > 0 {
		c.registers[pkg][model.RegisterResourcesFunc] = true
	}
	if p.Skills = c.skills(p.Dir); p.Skills != nil {
		c.registers[pkg][model.RegisterSkillsFunc] = true
	}
	elicits, err := c.elicits(pkg, outputs)
	if err != nil {
		return nil, err
	}
	p.Elicits = elicits
	if len(tools) == 0 {
		// No tools, no generated file: nothing registers the forms.
		for _, e := range elicits {
			c.diags = append(c.diags, Diagnostic{Pos: e.Pos, Warning: true, Message: fmt.Sprintf(
				"runtime.Elicit[%s]: the package has no //mcp:tool, so mcpgen generates no file to register the form's schema and the call fails at run time; elicit from a package with tools, or call runtime.RegisterElicitSchema",
				types.TypeString(e.Type, types.RelativeTo(pkg.Types)))})
		}
	}
	failed, err := c.allSchemas(tools)
	if err != nil {
		return nil, err
	}
	c.bulkSummary(failed)
	var undescribed []undescribedParam
	for _, t := range tools {
		if t.shaped && !t.bad {
			p.Tools = append(p.Tools, &t.Tool)
			undescribed = append(undescribed, c.docWarnings(t)...)
		}
	}
	c.paramWarnings(pkg, undescribed)
	p.Toolsets = c.dirs.toolsets
	for _, ts := range p.Toolsets {
		if !slices.ContainsFunc(p.Tools, func(t *model.Tool) bool { return t.Toolset == ts.Name }) {
			c.diags = append(c.diags, Diagnostic{Pos: ts.Pos, Warning: true, Message: fmt.Sprintf(
				"//mcp:toolset %s holds no tool: put tools in it with toolset=%s on their //mcp:tool (or //mcp:tools), or remove it", ts.Name, ts.Name)})
		}
	}
	c.ungroupLeftOut(tools, failed)
	c.flushWarnGroups(pkg)
	p.ViewTypes = c.viewTypes(pkg.Types, p.Tools)
	p.Modules = c.modules(tools)
	c.relocate(c.diags[start:])
	return p, nil
}

// An undescribedParam is a plain parameter whose property has no
// description.
type undescribedParam struct {
	pos        token.Pos
	name, tool string
	toolName   string // the tool's MCP name: Go names of methods repeat
	fix        string // how to describe it
}

// maxParamWarnings is how many undescribed parameters of a package are
// warned about one by one; more are summed up in one warning.
const maxParamWarnings = 10

// paramWarnings warns about the plain parameters of pkg's tools that have
// no description: one by one, unless there are more than
// maxParamWarnings (in code the user did not write, often hundreds), then
// in one line for the package that names the commonest names and the way
// to describe each once.
func (c *checker) paramWarnings(pkg *packages.Package, params []undescribedParam) {
	if len(params) <= maxParamWarnings || c.allWarnings {
		for _, p := range params {
			c.warnf(p.pos, "parameter %s of %s has no description: %s", p.name, p.tool, p.fix)
		}
		return
	}
	count := map[string]int{}
	tools := map[string]bool{}
	for _, p := range params {
		count[p.name]++
		tools[p.toolName] = true
	}
	names := slices.Collect(maps.Keys(count))
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(count[b]-count[a], cmp.Compare(a, b)) })
	var list []string
	for i, n := range names {
		if i == 5 {
			more := fmt.Sprintf("and %d other names", len(names)-5)
			if len(names) == 6 {
				more = "and 1 other name"
			}
			list = append(list, more)
			break
		}
		list = append(list, fmt.Sprintf("%s (%d)", n, count[n]))
	}
	c.warnf(c.atDirective(params[0].pos), "%d parameters of %d tools in package %s have no description: %s; describe a name once for the package with //mcp:param NAME TEXT in any comment of it (//mcp:param %s TEXT), or one parameter with //mcp:arg; mcpgen -v lists each",
		len(params), len(tools), pkg.Name, strings.Join(list, ", "), names[0])
}

// docWarnings warns about a tool without a description and a plain
// parameter whose property has none: what a model knows of a tool is its
// name, its description and its schema.
func (c *checker) docWarnings(t *toolDecl) []undescribedParam {
	if t.Description == "" {
		c.groupWarnf("nodoc", "without a doc comment", "write one for each", t.pos, t.Name, "%s has no doc comment: the tool's description is all a model sees of it; write one", t.GoName)
	}
	if len(t.Params) == 0 || t.InputSchema == "" || nearMissIn(t.decl.Doc) {
		return nil // a near miss (of //mcp:arg, say) is reported already
	}
	var in struct {
		Properties map[string]struct {
			Description string `json:"description"`
		} `json:"properties"`
	}
	if json.Unmarshal([]byte(t.InputSchema), &in) != nil {
		return nil
	}
	var out []undescribedParam
	for i, p := range t.Params {
		if in.Properties[p.Name].Description == "" && i < len(t.paramPos) {
			out = append(out, undescribedParam{pos: t.paramPos[i], name: p.Name, tool: t.GoName, toolName: t.Name, fix: t.describeFix(p.Name)})
		}
	}
	return out
}

// allSchemas derives the schemas of the tools that have parameters to
// derive them from, on up to GOMAXPROCS goroutines (the schema Builder
// and go/types are safe for concurrent use), and records their
// diagnostics in the tools' order.
func (c *checker) allSchemas(tools []*toolDecl) (failed map[*toolDecl]string, err error) {
	var todo []*toolDecl
	for _, t := range tools {
		if t.shaped { // else no parameters: already reported
			todo = append(todo, t)
		}
	}
	diags := make([][]schema.Diagnostic, len(todo))
	errs := make([]error, len(todo))
	parallel.For(len(todo), minToolsPerWorker, func(i int) {
		diags[i], errs[i] = c.schemas(todo[i])
	})
	// A problem in a type that several tools use is reported once, with
	// the tools that reach it.
	type problem struct {
		pos     token.Pos
		msg     string
		same    string
		warning bool
	}
	var order []problem
	reachedBy := map[problem][]string{}
	for i, t := range todo {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if t.bulk != nil {
			// A method of //mcp:tools that cannot be a tool is left out.
			for _, d := range diags[i] {
				if !d.Warning && failed[t] == "" {
					if failed == nil {
						failed = map[*toolDecl]string{}
					}
					failed[t] = d.Message
					t.bad = true
				}
			}
			if t.bad {
				continue
			}
		}
		for _, d := range diags[i] {
			p := problem{d.Pos, d.Message, d.Same, d.Warning}
			if reachedBy[p] == nil {
				order = append(order, p)
			}
			if !slices.Contains(reachedBy[p], t.Name) {
				reachedBy[p] = append(reachedBy[p], t.Name)
			}
			t.bad = t.bad || !d.Warning
		}
	}
	// A type without a known JSON form is one problem, however many
	// parameters and results use it: reported at the first use, with the
	// number of the others.
	firstOf := map[string]problem{}
	others := map[problem]int{}
	for _, p := range order {
		if p.same == "" {
			continue
		}
		if first, ok := firstOf[p.same]; ok {
			others[first]++
			for _, name := range reachedBy[p] {
				if !slices.Contains(reachedBy[first], name) {
					reachedBy[first] = append(reachedBy[first], name)
				}
			}
			reachedBy[p] = nil
			continue
		}
		firstOf[p.same] = p
	}
	var untagged []kindWarning
	for _, p := range order {
		names := reachedBy[p]
		msg := p.msg
		switch {
		case names == nil:
			continue // reported with its first use
		case others[p] > 0:
			msg += fmt.Sprintf(" (and %s of the type, in %s)", plural(others[p], "more use", "more uses"), c.toolsList(names))
		case len(names) > 1:
			msg += fmt.Sprintf(" (reached from %s)", c.toolsList(names))
		}
		if key, ok := strings.CutPrefix(p.same, "untagged:"); ok && p.warning {
			untagged = append(untagged, kindWarning{p.pos, msg, shortTypeName(key), names})
			continue
		}
		if p.warning {
			c.warnf(p.pos, "%s", msg)
		} else {
			c.errorf(p.pos, "%s", msg)
		}
	}
	if len(todo) > 0 {
		c.kindWarnings(untagged, func(n int, list string, tools int) string {
			return fmt.Sprintf("%d structs of package %s that %s take have no json tags: %s; their members are named after their Go fields and all of them are optional, a missing one being the field's zero value; tag a struct's fields to choose (json:\"name\" for a required one, json:\"name,omitempty\" for an optional one); mcpgen -v lists each",
				n, todo[0].pkg.Name, plural(tools, "tool", "tools"), list)
		})
	}
	return failed, nil
}

// maxKindWarnings is how many warnings of one kind, each about a type of
// its own (a struct without json tags, a type of functional options), a
// package gets one by one; more are summed up in one line for the package
// (an API client has dozens of options structs), and mcpgen -v lists each.
const maxKindWarnings = 10

// A kindWarning is one warning of a kind that kindWarnings may sum up:
// about the type name, met in tools.
type kindWarning struct {
	pos   token.Pos
	msg   string // the warning as it is given alone
	name  string
	tools []string
}

// kindWarnings gives warns, of one kind, one by one while there are at
// most maxKindWarnings (or with -v), else in one line that summary
// writes from their number, a list of the commonest names with the
// number of tools of each, and the number of tools in all.
func (c *checker) kindWarnings(warns []kindWarning, summary func(n int, list string, tools int) string) {
	if len(warns) <= maxKindWarnings || c.allWarnings {
		for _, w := range warns {
			c.warnf(w.pos, "%s", w.msg)
		}
		return
	}
	all := map[string]bool{}
	for _, w := range warns {
		for _, t := range w.tools {
			all[t] = true
		}
	}
	byUse := slices.Clone(warns)
	slices.SortStableFunc(byUse, func(a, b kindWarning) int { return len(b.tools) - len(a.tools) })
	var list []string
	for _, w := range byUse[:5] {
		list = append(list, fmt.Sprintf("%s (%s)", w.name, plural(len(w.tools), "tool", "tools")))
	}
	list = append(list, "and "+plural(len(warns)-5, "other", "others"))
	c.warnf(c.atDirective(warns[0].pos), "%s", summary(len(warns), strings.Join(list, ", "), len(all)))
}

// shortTypeName is the name of a type as written in its own package, from
// its full name (github.com/slack-go/slack.GetUsersOption: GetUsersOption).
func shortTypeName(full string) string {
	base := full
	if i := strings.IndexByte(base, '['); i >= 0 {
		base = base[:i]
	}
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		full, base = full[i+1:], base[i+1:]
	}
	if i := strings.IndexByte(base, '.'); i >= 0 {
		full = full[i+1:]
	}
	return full
}

// refersTo reports whether a file of pkg other than mcpgen's output
// (outputs) uses the identifier name.
func (c *checker) refersTo(pkg *packages.Package, outputs map[string]bool, name string) bool {
	for _, f := range pkg.Syntax {
		if outputs[c.fset.File(f.Pos()).Name()] {
			continue
		}
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// minToolsPerWorker is how many tools make starting one more goroutine
// for schemas worth it.
const minToolsPerWorker = 16

// isMcpgenOutput reports whether f is a file generated by mcpgen.
func isMcpgenOutput(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "// Code generated by mcpgen.") && strings.HasSuffix(c.Text, " DO NOT EDIT.") {
				return true
			}
		}
	}
	return false
}

// lower and upper return whichever of the type names a and b is
// unexported, and exported (the other one).
func lower(a, b string) string {
	if token.IsExported(a) {
		return b
	}
	return a
}

func upper(a, b string) string {
	if token.IsExported(a) {
		return a
	}
	return b
}

// qualifiedName is a named type by its package's import path:
// github.com/google/go-github/v72/github.IssuesService.
func qualifiedName(n *types.Named) string {
	if n.Obj().Pkg() == nil {
		return n.Obj().Name()
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// upperFirst returns name with its first letter in upper case.
func upperFirst(name string) string {
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// lowerFirst returns name with its first letter in lower case.
func lowerFirst(name string) string {
	if name == "" {
		return name
	}
	return strings.ToLower(name[:1]) + name[1:]
}

// A warnGroup is one warning met at several tools of a package, for the
// same type: reported once, at its first use, with the number of the
// others and the first of their tools (mcpgen -v reports each).
type warnGroup struct {
	key    string
	first  string // the first use's tool
	pos    token.Pos
	msg    string // the warning of the first use
	more   string // what the others are, as in "more tools with functional options of type Option"
	fix    string // what to do about each of them
	tools  []string
	at     []token.Pos  // where each of tools is
	others []Diagnostic // the other uses' own warnings, for -v
}

// groupWarnf records a warning at pos for tool that is one of a group
// (key, for the package being checked): the first of a group is reported
// as it is, the others are counted in it (see flushWarnGroups).
func (c *checker) groupWarnf(key, more, fix string, pos token.Pos, tool, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	g := c.warnGroups[key]
	if g == nil {
		if c.warnGroups == nil {
			c.warnGroups = map[string]*warnGroup{}
		}
		g = &warnGroup{key: key, first: tool, pos: pos, msg: msg, more: more, fix: fix}
		c.warnGroups[key] = g
		c.warnOrder = append(c.warnOrder, g)
		return
	}
	g.tools = append(g.tools, tool)
	g.at = append(g.at, pos)
	g.others = append(g.others, Diagnostic{Pos: c.fset.Position(pos), Message: msg, Warning: true})
}

// ungroupLeftOut takes out of the grouped warnings the methods that an
// //mcp:tools directive left out (bulkSummary names them): those that
// could not be tools at all (not in tools) and those whose schemas failed.
// A grouped warning names tools that exist; a group of left-out methods
// only is not reported.
func (c *checker) ungroupLeftOut(tools []*toolDecl, failed map[*toolDecl]string) {
	exists := map[string]bool{}
	for _, t := range tools {
		if t.bulk == nil || failed[t] == "" {
			exists[t.Name] = true
		}
	}
	order := c.warnOrder[:0]
	for _, g := range c.warnOrder {
		var tools []string
		var at []token.Pos
		var others []Diagnostic
		for i, name := range g.tools {
			if exists[name] {
				tools, at, others = append(tools, name), append(at, g.at[i]), append(others, g.others[i])
			}
		}
		if !exists[g.first] {
			if len(tools) == 0 {
				delete(c.warnGroups, g.key)
				continue
			}
			// The next one that exists is the group's first.
			g.first, g.pos, g.msg = tools[0], at[0], others[0].Message
			tools, at, others = tools[1:], at[1:], others[1:]
		}
		g.tools, g.at, g.others = tools, at, others
		order = append(order, g)
	}
	c.warnOrder = order
}

// flushWarnGroups reports the grouped warnings of the package checked,
// one line per group, and forgets them.
func (c *checker) flushWarnGroups(pkg *packages.Package) {
	var options []kindWarning
	for _, g := range c.warnOrder {
		msg := g.msg
		switch {
		case len(g.tools) == 0:
		case c.allWarnings:
			c.diags = append(c.diags, g.others...)
		default:
			msg = fmt.Sprintf("%s (and %s %s: %s; %s; mcpgen -v lists each)", g.msg, plural(len(g.tools), "more tool", "more tools"), g.more, nameList(g.tools, 5), g.fix)
		}
		if key, ok := strings.CutPrefix(g.key, "options:"); ok {
			options = append(options, kindWarning{g.pos, msg, shortTypeName(key), append([]string{g.first}, g.tools...)})
			continue
		}
		c.warnf(g.pos, "%s", msg)
	}
	c.kindWarnings(options, func(n int, list string, tools int) string {
		return fmt.Sprintf("%s of package %s take functional options, of %d types: %s; JSON cannot carry them: they are not arguments of the tools, and each tool calls its function without options; mcpgen -v lists each",
			plural(tools, "tool", "tools"), pkg.Name, n, list)
	})
	c.warnGroups, c.warnOrder = nil, nil
}

// nameList returns the first max of names, then how many others there are:
// "a, b, c" or "a, b, c, d, e and 7 others".
func nameList(names []string, max int) string {
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:max], ", ") + " and " + plural(len(names)-max, "other", "others")
}

// toolsList names the tools of a warning met at several: all of them with
// -v or when they are few, else the first and their number, and that -v
// names them all (as the grouped warnings of flushWarnGroups say).
func (c *checker) toolsList(names []string) string {
	const max = 5
	switch {
	case len(names) == 1:
		return "tool " + names[0]
	case c.allWarnings || len(names) <= max:
		return "tools " + strings.Join(names, ", ")
	}
	return fmt.Sprintf("%d tools: %s; mcpgen -v names each", len(names), nameList(names, max))
}

// plural returns n and the noun for n: "1 more tool", "3 more tools".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// crossPackageNames warns about a tool whose name a tool of another of
// pkgs (sorted by path) has too: a server that registers both packages'
// tools fails at start-up (the runtime refuses a second tool of a name),
// unless one package's are registered under a prefix. A warning, not an
// error: the packages may never be served together. Each tool is warned
// about once, at the tool of the later package.
func crossPackageNames(pkgs []*model.Package) []Diagnostic {
	type owner struct {
		pkg  *model.Package
		tool *model.Tool
	}
	first := map[string]owner{}
	var diags []Diagnostic
	for _, p := range pkgs {
		for _, t := range p.Tools {
			o, seen := first[t.Name]
			if !seen {
				first[t.Name] = owner{p, t}
				continue
			}
			if o.pkg == p {
				continue // reported within the package
			}
			// The prefix goes on a package the server imports: not a main
			// package, which only its own main registers (and two of them
			// never share a server).
			under, tool := p, t
			if p.Name == "main" {
				if o.pkg.Name == "main" {
					continue
				}
				under, tool = o.pkg, o.tool
			}
			call := under.Name + "." + model.RegisterFunc(tool.Receiver) + "(srv"
			if tool.Receiver != nil {
				call += ", recv"
			}
			call += ")"
			diags = append(diags, Diagnostic{Pos: t.Pos, Warning: true, Message: fmt.Sprintf(
				"tool name %q is also the name of a tool of package %s (%s at %s:%d:%d): a server that registers both packages' tools fails at start-up; register one package's under a prefix, srv.PrefixTools(%q, func() { %s }), or give one tool another name with name=",
				t.Name, o.pkg.PkgPath, o.tool.GoName, filepath.Base(o.tool.Pos.Filename), o.tool.Pos.Line, o.tool.Pos.Column, under.Name+"_", call)})
		}
	}
	return diags
}
