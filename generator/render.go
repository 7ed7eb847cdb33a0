package generator

import (
	"bytes"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mcpgen/mcpgen/internal/parallel"
	"github.com/mcpgen/mcpgen/model"
)

// Generate returns the gofmt'd source of the generated file for pkg, which
// must have at least one tool, prompt or resource.
//
// Every top-level declaration of the file (with its doc comment) is built
// with jennifer (github.com/dave/jennifer) and formatted by it with
// go/format (Statement.RenderWithFile), a few dozen declarations at a
// time, on all CPUs (internal/parallel); the pieces are joined one blank
// line apart under the file's header and import declaration. gofmt lays
// out each top-level declaration on its own, so the file is what
// formatting it whole would give: TestGenerateRandom generates each of its
// random packages both ways and compares the bytes. The figure that
// justifies the goroutines is in docs/architecture.md.
//
// The generator names the imports itself (see gen.nameImports) and hands
// jennifer those names, since only the generator knows the package-level
// names of the user's package that an import must not take.
func Generate(pkg *model.Package) ([]byte, error) {
	return generate(pkg, options{perChunk: 32})
}

// options are the choices of generate that do not change its output:
// tests compare the outputs of different choices.
type options struct {
	perChunk int  // declarations formatted together
	rawText  bool // schemas formatted as themselves, not as stand-ins (see decl.lits)
}

func generate(pkg *model.Package, opts options) ([]byte, error) {
	if pkg == nil || len(pkg.Tools)+len(pkg.Prompts)+len(pkg.Resources) == 0 {
		return nil, fmt.Errorf("generator: package has no tools, prompts or resources")
	}
	g := newGen(pkg)
	g.rawText = opts.rawText
	decls, err := g.file()
	if err != nil {
		return nil, err
	}
	k := opts.perChunk
	n := (len(decls) + k - 1) / k
	parts := make([][]byte, n)
	used := make([]map[string]bool, n)
	errs := make([]error, n)
	parallel.For(n, 1, func(i int) {
		dg := g.fork()
		parts[i], errs[i] = dg.chunk(decls[i*k : min((i+1)*k, len(decls))])
		used[i] = dg.used
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, u := range used {
		for p := range u {
			g.used[p] = true
		}
	}
	size := 1024
	for _, p := range parts {
		size += len(p) + 2
	}
	out := bytes.NewBuffer(make([]byte, 0, size))
	fmt.Fprintf(out, "// %s\n\npackage %s\n\n", Header, pkg.Name)
	g.writeImports(out)
	for _, p := range parts {
		if len(p) > 0 {
			out.WriteByte('\n')
			out.Write(p)
			out.WriteByte('\n')
		}
	}
	return out.Bytes(), nil
}

// chunk builds the declarations of build with g and returns them
// rendered, one blank line apart.
func (g *gen) chunk(build []declFunc) ([]byte, error) {
	f := g.jenFile()
	var out []byte
	var code *jen.Statement
	flush := func() error {
		if code == nil {
			return nil
		}
		b, err := decl{code: code}.render(f)
		out, code = appendPart(out, b), nil
		return err
	}
	for _, fn := range build {
		d, err := fn(g)
		if err == nil && len(g.missing) > 0 {
			err = fmt.Errorf("generator: internal error: the code refers to %s, which has no import name", strings.Join(g.missing, ", "))
		}
		if err != nil {
			return nil, err
		}
		switch {
		case d.code == nil:
		case len(d.raws) > 0:
			// Rendered alone: its raw literals must all be stand-ins.
			if err := flush(); err != nil {
				return nil, err
			}
			b, err := d.render(f)
			if err != nil {
				return nil, err
			}
			out = appendPart(out, b)
		case code == nil:
			code = jen.Add(d.code)
		default:
			code.Line().Line().Add(d.code)
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

// appendPart appends part to out, a blank line apart.
func appendPart(out, part []byte) []byte {
	if len(out) > 0 && len(part) > 0 {
		out = append(out, "\n\n"...)
	}
	return append(out, part...)
}

// A declFunc builds one top-level declaration of the generated file with
// g, a fork of the file's gen (see gen.fork).
type declFunc func(g *gen) (decl, error)

// A decl is one top-level declaration of the generated file, with its doc
// comment.
type decl struct {
	code *jen.Statement

	// raws are the texts of the raw string literals of code that stand-ins
	// take the place of while it is formatted, in order (see lits).
	raws []string
}

// lits returns the string literals of schemas texts for d's code: a raw
// one for each text that allows it, so that a schema reads as the
// indented JSON it is.
//
// Unless rawText (for tests), each raw literal goes into d's code as a
// stand-in (an empty raw literal, with one line break in it for a text
// of several lines), and render puts the text back after formatting.
// go/format copies a raw string literal's text unchanged and lays out the
// code around it only from whether the literal spans lines, so the result
// is the same bytes, without scanning, printing and trimming every byte of
// the schemas, two thirds of a generated file. TestGenerateRandom checks the invariant (its
// random packages generated both ways); the figure that justifies the
// trick is in docs/architecture.md.
func (d *decl) lits(rawText bool, texts ...string) []jen.Code {
	out := make([]jen.Code, len(texts))
	for i, s := range texts {
		switch {
		case !canRaw(s):
			out[i] = jen.Lit(s)
		case rawText:
			// jennifer has no raw string literal; Op writes its text verbatim.
			out[i] = jen.Op("`" + s + "`")
		default:
			d.raws = append(d.raws, s)
			standIn := "``"
			if strings.Contains(s, "\n") {
				standIn = "`\n`"
			}
			out[i] = jen.Op(standIn)
		}
	}
	return out
}

// render returns d's code, formatted, with the raw literals' text in place
// of their stand-ins (see lits), without leading or trailing space.
func (d decl) render(f *jen.File) ([]byte, error) {
	var b bytes.Buffer
	if err := d.code.RenderWithFile(&b, f); err != nil {
		return nil, fmt.Errorf("generator: rendering the generated file: %w", err)
	}
	src := bytes.TrimSpace(b.Bytes())
	if len(d.raws) == 0 {
		return src, nil
	}
	size := len(src)
	for _, s := range d.raws {
		size += len(s)
	}
	out := make([]byte, 0, size)
	// The raw string literals of d's code are the stand-ins, in order.
	fset := token.NewFileSet()
	var sc scanner.Scanner
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	last, k := 0, 0
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.STRING || lit[0] != '`' {
			continue
		}
		if k == len(d.raws) {
			return nil, fmt.Errorf("generator: internal error: more raw literals than stand-ins")
		}
		open := fset.Position(pos).Offset + 1
		out = append(append(out, src[last:open]...), d.raws[k]...)
		last, k = open+len(lit)-2, k+1
	}
	if k != len(d.raws) {
		return nil, fmt.Errorf("generator: internal error: %d stand-ins, %d raw literals", len(d.raws), k)
	}
	return append(out, src[last:]...), nil
}

// jenFile returns a jennifer file that names the imports as the generator
// did (see gen.nameImports), for rendering declarations.
func (g *gen) jenFile() *jen.File {
	f := jen.NewFilePathName(g.pkg.PkgPath, g.pkg.Name)
	for p, alias := range g.aliases {
		if g.explicitName(p) {
			f.ImportAlias(p, alias)
		} else {
			f.ImportName(p, alias)
		}
	}
	return f
}

// explicitName reports whether the import of path p names the package: an
// import whose name is not the last element of its path gets an explicit
// name, as goimports does, so that a reader need not know.
func (g *gen) explicitName(p string) bool {
	alias := g.aliases[p]
	return alias != g.imports[p] || alias != path.Base(p)
}

// writeImports writes the import declaration of the packages that the
// generated code refers to: the standard library's apart from the others,
// as goimports does, each group sorted by path.
func (g *gen) writeImports(out *bytes.Buffer) {
	var std, other []string
	for _, p := range slices.Sorted(maps.Keys(g.used)) {
		line := strconv.Quote(p)
		if g.explicitName(p) {
			line = g.aliases[p] + " " + line
		}
		if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
			other = append(other, line)
		} else {
			std = append(std, line)
		}
	}
	if len(std)+len(other) == 1 {
		out.WriteString("import " + slices.Concat(std, other)[0] + "\n")
		return
	}
	out.WriteString("import (\n")
	for _, line := range std {
		out.WriteString("\t" + line + "\n")
	}
	if len(std) > 0 && len(other) > 0 {
		out.WriteByte('\n')
	}
	for _, line := range other {
		out.WriteString("\t" + line + "\n")
	}
	out.WriteString(")\n")
}
