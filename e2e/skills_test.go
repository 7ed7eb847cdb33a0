package e2e

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// TestTypeScriptSkills runs clients/ts-skills.mjs against the conformance
// example, which serves skills (//mcp:skills): the TypeScript SDK v2 as a
// modern host lists, gets, reads and verifies them and reads their
// directories; v1 and v2 as legacy clients see the files as resources and
// no extension. Over stdio and HTTP.
func TestTypeScriptSkills(t *testing.T) {
	needNode(t)
	tsEras(t, buildExample(t, "conformance"), "clients/ts-skills.mjs", false)
}

// TestSkillFrontmatterYAML compares the front matter that mcpgen wrote into
// the generated files of the repository (runtime.Skill.Frontmatter) with
// what the YAML parser of the conformance suite and of hosts (package yaml)
// reads in each SKILL.md: the extension requires them to be identical in
// content. testdata/gen_skills has a skill of every form of YAML.
func TestSkillFrontmatterYAML(t *testing.T) {
	needNode(t)
	type entry struct {
		File        string `json:"file"`
		Frontmatter string `json:"frontmatter"`
	}
	var list []entry
	for _, gen := range []string{"../testdata/gen_skills/want/mcp_gen.go", "../examples/conformance/mcp_gen.go"} {
		pkgDir := filepath.Dir(gen)
		if filepath.Base(pkgDir) == "want" {
			pkgDir = filepath.Dir(pkgDir)
		}
		f, err := parser.ParseFile(token.NewFileSet(), gen, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		// Each runtime.Skill{...}: its Frontmatter, and the Path of its
		// first file, the SKILL.md.
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if typ, ok := lit.Type.(*ast.SelectorExpr); !ok || typ.Sel.Name != "Skill" {
				return true
			}
			var e entry
			for _, elt := range lit.Elts {
				kv := elt.(*ast.KeyValueExpr)
				switch kv.Key.(*ast.Ident).Name {
				case "Frontmatter":
					e.Frontmatter, _ = strconv.Unquote(kv.Value.(*ast.BasicLit).Value)
				case "Files":
					first := kv.Value.(*ast.CompositeLit).Elts[0].(*ast.CompositeLit)
					for _, fe := range first.Elts {
						if fkv := fe.(*ast.KeyValueExpr); fkv.Key.(*ast.Ident).Name == "Path" {
							p, _ := strconv.Unquote(fkv.Value.(*ast.BasicLit).Value)
							e.File = filepath.Join(pkgDir, filepath.FromSlash(p))
						}
					}
				}
			}
			list = append(list, e)
			return false
		})
	}
	if len(list) < 5 {
		t.Fatalf("found %d skills in the generated files", len(list))
	}
	in, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nodeBin, "clients/frontmatter.mjs")
	cmd.Dir = e2eDir
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("frontmatter.mjs: %v\n%s", err, out)
	}
	var res struct {
		Checked  int      `json:"checked"`
		Failures []string `json:"failures"`
	}
	if err := json.Unmarshal(out, &res); err != nil || res.Checked != len(list) {
		t.Fatalf("frontmatter.mjs printed %s (%v)", out, err)
	}
	for _, f := range res.Failures {
		t.Error(f)
	}
}
