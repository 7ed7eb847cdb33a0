package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A genTool is a tool that a generated file registers: its name and the
// Go function it calls, as the handler's doc comment records it ("which
// calls Stats"; for a method, Type.Method), "" when the comment does not
// say (a file from before mcpgen recorded it for functions).
type genTool struct {
	name, calls string
}

// handlerDoc matches the doc comment of a generated handler.
var handlerDoc = regexp.MustCompile(`^\w+ (?:is|returns) the handler of the tool \S+, which calls (?:\w+\.)?(.+)\.$`)

// generatedTools returns the tools that the generated file src registers,
// in its order, or nil if it cannot be parsed.
func generatedTools(src []byte) []genTool {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	calls := map[string]string{} // handler function -> the Go function it calls
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil || fd.Recv != nil {
			continue
		}
		m := handlerDoc.FindStringSubmatch(strings.TrimSpace(fd.Doc.Text()))
		if m == nil {
			continue
		}
		called := m[1]
		if params := fd.Type.Params.List; len(params) == 1 && fd.Type.Results != nil && len(fd.Type.Results.List) == 1 {
			// func xHandler(recv *T) runtime.Handler: a method of T.
			if star, ok := params[0].Type.(*ast.StarExpr); ok {
				if id, ok := star.X.(*ast.Ident); ok {
					called = id.Name + "." + called
				}
			}
		}
		calls[fd.Name.Name] = called
	}
	var tools []genTool
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		if sel, ok := lit.Type.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Tool" {
			return true
		}
		var t genTool
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			switch key, _ := kv.Key.(*ast.Ident); {
			case key == nil:
			case key.Name == "Name":
				if b, ok := kv.Value.(*ast.BasicLit); ok && b.Kind == token.STRING {
					t.name, _ = strconv.Unquote(b.Value)
				}
			case key.Name == "Handler":
				h := kv.Value
				if c, ok := h.(*ast.CallExpr); ok {
					h = c.Fun
				}
				if id, ok := h.(*ast.Ident); ok {
					t.calls = calls[id.Name]
				}
			}
		}
		if t.name != "" {
			tools = append(tools, t)
		}
		return false
	})
	return tools
}

// removedTools returns what the regeneration of a file from old to new
// does to the tools old registered, one message each: a tool that is gone
// or has another name, which a client calling it by its name no longer
// finds.
func removedTools(old, new []byte) []string {
	before, after := generatedTools(old), generatedTools(new)
	has := func(ts []genTool, name string) bool {
		return slices.ContainsFunc(ts, func(t genTool) bool { return t.name == name })
	}
	var added []genTool // tools of new that old did not have
	for _, t := range after {
		if !has(before, t.name) {
			added = append(added, t)
		}
	}
	var msgs []string
	for _, t := range before {
		if has(after, t.name) {
			continue
		}
		// The same function under another name: its name changed.
		if i := slices.IndexFunc(added, func(a genTool) bool { return t.calls != "" && a.calls == t.calls }); i >= 0 {
			msgs = append(msgs, fmt.Sprintf("tool %s is now %s (both call %s): a client that calls %s no longer finds it; //mcp:tool name=%s on %s keeps its name",
				t.name, added[i].name, t.calls, t.name, t.name, goName(t.calls)))
			continue
		}
		msg := fmt.Sprintf("tool %s is gone", t.name)
		if t.calls != "" {
			msg += fmt.Sprintf(" (it called %s)", t.calls)
		}
		msg += fmt.Sprintf(": a client that calls %s no longer finds it", t.name)
		// One new tool besides: most likely the function renamed.
		var fresh []genTool
		for _, a := range added {
			if !slices.ContainsFunc(before, func(b genTool) bool { return b.calls != "" && b.calls == a.calls }) {
				fresh = append(fresh, a)
			}
		}
		if len(fresh) == 1 {
			what, on := "the new tool "+fresh[0].name, "it"
			if fresh[0].calls != "" {
				what = fmt.Sprintf("%s (the new tool %s)", fresh[0].calls, fresh[0].name)
				on = goName(fresh[0].calls)
			}
			was := "it"
			if t.calls != "" {
				was = goName(t.calls)
			}
			msg += fmt.Sprintf("; if %s is %s renamed, //mcp:tool name=%s on %s keeps the name", what, was, t.name, on)
		}
		msgs = append(msgs, msg)
	}
	return msgs
}

// goName returns the function or method name of a genTool's calls
// (Type.Method: Method), as the doc comment that holds //mcp:tool names it.
func goName(calls string) string {
	if i := strings.LastIndexByte(calls, '.'); i >= 0 && !strings.Contains(calls[:i], "[") {
		return calls[i+1:]
	}
	return calls
}
