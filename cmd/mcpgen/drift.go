package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpgen/mcpgen/generator"
)

// driftNote says what a stale generated file's regeneration changes that
// a reader of -check wants named: the modules whose code became tools at
// another version than the header records (a dependency upgraded), and
// the tools whose registration, handler or schemas differ (a method that
// gained a parameter). It returns "" when neither.
func driftNote(old, new []byte) string {
	var parts []string
	was, is := headerModules(old), headerModules(new)
	for _, path := range sortedKeys(was, is) {
		switch a, b := was[path], is[path]; {
		case a == b:
		case a == "":
			parts = append(parts, "module "+b+" is new")
		case b == "":
			parts = append(parts, "module "+a+" is no longer used")
		default:
			parts = append(parts, fmt.Sprintf("module %s is now %s", a, strings.TrimSpace(strings.TrimPrefix(b, path))))
		}
	}
	oldTools, newTools := toolCode(old), toolCode(new)
	var changed []string
	for _, name := range sortedKeys(oldTools, newTools) {
		if oldTools[name] != newTools[name] {
			changed = append(changed, name)
		}
	}
	if len(changed) > 0 && (len(parts) > 0 || len(oldTools) > 0) {
		parts = append(parts, "tools whose code changes: "+strings.Join(changed, ", "))
	}
	return strings.Join(parts, "; ")
}

// headerModules returns the modules a generated file's header records,
// each line by module path.
func headerModules(src []byte) map[string]string {
	mods := map[string]string{}
	text := string(src)
	i := strings.Index(text, generator.ModulesHeader+"\n")
	if i < 0 {
		return mods
	}
	for _, line := range strings.Split(text[i+len(generator.ModulesHeader)+1:], "\n") {
		if line == "//" {
			continue
		}
		entry, ok := strings.CutPrefix(line, "//\t")
		if !ok {
			break
		}
		path, _, _ := strings.Cut(entry, " ")
		mods[path] = entry
	}
	return mods
}

// toolCode returns, by tool name, the source of what a generated file
// declares for each tool: its runtime.Tool literal, its handler function
// and its schema constants. Nil when the file does not parse.
func toolCode(src []byte) map[string]string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	text := func(n ast.Node) string {
		return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	decls := map[string]ast.Node{} // top-level functions and constants by name
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			decls[d.Name.Name] = d
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok && d.Tok == token.CONST {
					for _, n := range vs.Names {
						decls[n.Name] = vs
					}
				}
			}
		}
	}
	tools := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if sel, isSel := typeSelector(lit); !ok || !isSel || sel != "Tool" {
			return true
		}
		var name string
		code := []string{text(lit)}
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, _ := kv.Key.(*ast.Ident)
			if key == nil {
				continue
			}
			v := kv.Value
			if call, ok := v.(*ast.CallExpr); ok {
				v = call.Fun
			}
			switch id, _ := v.(*ast.Ident); {
			case key.Name == "Name":
				if b, ok := kv.Value.(*ast.BasicLit); ok {
					name, _ = strconv.Unquote(b.Value)
				}
			case id != nil && decls[id.Name] != nil:
				code = append(code, text(decls[id.Name]))
			}
		}
		if name != "" {
			tools[name] = strings.Join(code, "\n")
		}
		return false
	})
	return tools
}

// typeSelector returns Sel of a composite literal of type X.Sel.
func typeSelector(lit *ast.CompositeLit) (string, bool) {
	if lit == nil {
		return "", false
	}
	sel, ok := lit.Type.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	return sel.Sel.Name, true
}

// sortedKeys returns the keys of a and b, sorted, once each.
func sortedKeys(a, b map[string]string) []string {
	var keys []string
	for _, m := range []map[string]string{a, b} {
		for k := range m {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	return keys
}
