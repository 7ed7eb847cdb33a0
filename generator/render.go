package generator

import (
	"bytes"
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mcpgen/mcpgen/model"
)

// Generate returns the gofmt'd source of the generated file for pkg, which
// must have at least one tool, prompt or resource.
//
// The file's top-level declarations (each with its doc comment) are built
// with jennifer (github.com/dave/jennifer) and rendered and formatted by it
// at once, with go/format (Statement.RenderWithFile), under the file's
// header and its import declaration, which the generator writes: it
// groups the standard library's imports apart from the others, as
// goimports does, which jennifer's own does not.
//
// The generator names the imports itself (see gen.nameImports) and hands
// jennifer those names, since only the generator knows the package-level
// names of the user's package that an import must not take.
func Generate(pkg *model.Package) ([]byte, error) {
	if pkg == nil || len(pkg.Tools)+len(pkg.Prompts)+len(pkg.Resources) == 0 && pkg.Skills == nil {
		return nil, fmt.Errorf("generator: package has no tools, prompts, resources or skills")
	}
	g := newGen(pkg)
	decls, err := g.file()
	if err != nil {
		return nil, err
	}
	if len(g.missing) > 0 {
		return nil, fmt.Errorf("generator: internal error: the code refers to %s, which has no import name", strings.Join(g.missing, ", "))
	}
	body := jen.Add(decls[0])
	for _, d := range decls[1:] {
		body.Line().Line().Add(d)
	}
	var b bytes.Buffer
	if err := body.RenderWithFile(&b, g.jenFile()); err != nil {
		return nil, fmt.Errorf("generator: rendering the generated file: %w", err)
	}
	out := bytes.NewBuffer(make([]byte, 0, b.Len()+1024))
	fmt.Fprintf(out, "// %s\n\n", Header)
	if len(pkg.Modules) > 0 {
		// The versions of the code of other modules made tools: another is
		// a stale file, which mcpgen -check reports (drift).
		fmt.Fprintf(out, "%s\n//\n", ModulesHeader)
		for _, m := range pkg.Modules {
			fmt.Fprintf(out, "//\t%s\n", ModuleLine(m))
		}
		out.WriteByte('\n')
	}
	fmt.Fprintf(out, "package %s\n\n", pkg.Name)
	g.writeImports(out)
	out.WriteByte('\n')
	out.Write(bytes.TrimSpace(b.Bytes()))
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// ModulesHeader opens the lines of a generated file's header that record
// the modules whose code became tools, one per line after it: "//<tab>"
// and ModuleLine.
const ModulesHeader = "// Tools made of the code of these modules (mcpgen -check reports a change):"

// ModuleLine is how the header records the module m: path and version,
// "=> replacement" after a replaced one, "(main module)" for the main one.
func ModuleLine(m model.Module) string {
	line := m.Path
	if m.Version != "" {
		line += " " + m.Version
	}
	if m.Replace != "" {
		line += " => " + m.Replace
	}
	if m.Main {
		line += " (main module)"
	}
	return line
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
