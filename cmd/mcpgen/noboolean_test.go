package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoBooleanSchema reads every generated file of the repository (the
// goldens under testdata, the examples, the e2e and bench servers) and
// fails on a boolean schema anywhere in a schema it holds: the TypeScript
// SDK's tools/list rejects `true` as a property schema, so a value of any
// type must be written {}. The one boolean allowed is
// "additionalProperties": false, the keyword every client and provider
// expects on a closed object.
func TestNoBooleanSchema(t *testing.T) {
	schemas, _ := generatedSchemas(t)
	for _, s := range schemas {
		for _, p := range booleanSchemas(s.value, "") {
			t.Errorf("%s:%d: boolean schema at %s", s.file, s.line, p)
		}
	}
}

// A generatedSchema is a schema held by a generated file of the repository.
type generatedSchema struct {
	file string // relative to the module root
	schemaLiteral
}

// generatedSchemas returns the schemas of every generated file of the
// repository (the goldens under testdata, the examples, the e2e and bench
// servers), and the number of files.
func generatedSchemas(t *testing.T) ([]generatedSchema, int) {
	t.Helper()
	root, err := filepath.Abs(moduleRoot)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "mcp_gen.go" {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d generated files under %s", len(files), root)
	}
	var all []generatedSchema
	for _, file := range files {
		rel, _ := filepath.Rel(root, file)
		schemas, err := schemaLiterals(file)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		for _, s := range schemas {
			all = append(all, generatedSchema{rel, s})
		}
	}
	return all, len(files)
}

// A schemaLiteral is a JSON object held by a string literal of a generated file.
type schemaLiteral struct {
	line  int
	value map[string]any
}

// schemaLiterals returns the string literals of the Go file that hold a
// JSON object: the schemas (struct tags never do; a runtime.Skill's
// Frontmatter and the _meta objects of tools and resources, the field
// Meta, are left out).
func schemaLiterals(file string) ([]schemaLiteral, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []schemaLiteral
	ast.Inspect(f, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok && (key.Name == "Frontmatter" || key.Name == "Meta") {
				return false // a skill's front matter or an item's _meta, not a schema
			}
		}
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		text, err := strconv.Unquote(lit.Value)
		if err != nil || !strings.HasPrefix(strings.TrimSpace(text), "{") {
			return true
		}
		var v map[string]any
		if json.Unmarshal([]byte(text), &v) == nil {
			out = append(out, schemaLiteral{line: fset.Position(lit.Pos()).Line, value: v})
		}
		return true
	})
	return out, nil
}

// Keywords whose value is a schema, a map of schemas or a list of schemas.
var (
	schemaKeywords    = []string{"items", "additionalProperties", "additionalItems", "unevaluatedProperties", "unevaluatedItems", "not", "if", "then", "else", "contains", "propertyNames", "contentSchema"}
	schemaMapKeywords = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	schemaListKeyword = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
)

// booleanSchemas returns the JSON pointers of the boolean schemas in the
// schema s at path, other than "additionalProperties": false.
func booleanSchemas(s any, path string) []string {
	m, ok := s.(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("%s (%v)", orRoot(path), s)}
	}
	var found []string
	for _, k := range schemaKeywords {
		v, ok := m[k]
		if !ok {
			continue
		}
		if v == false && (k == "additionalProperties" || k == "unevaluatedProperties") {
			continue
		}
		found = append(found, booleanSchemas(v, path+"/"+k)...)
	}
	for _, k := range schemaMapKeywords {
		sub, _ := m[k].(map[string]any)
		for name, v := range sub {
			found = append(found, booleanSchemas(v, path+"/"+k+"/"+name)...)
		}
	}
	for _, k := range schemaListKeyword {
		list, _ := m[k].([]any)
		for i, v := range list {
			found = append(found, booleanSchemas(v, fmt.Sprintf("%s/%s/%d", path, k, i))...)
		}
	}
	return found
}

func orRoot(path string) string {
	if path == "" {
		return "/"
	}
	return path
}
