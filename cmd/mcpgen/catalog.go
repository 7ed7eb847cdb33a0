package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpgen/mcpgen/model"
)

// The catalog's cost: what a package's tools/list costs the model that
// reads it (-catalog prints it, -budget bounds it).

// A toolCost is what one tool's tools/list entry costs.
type toolCost struct {
	name    string
	toolset string // the toolset it belongs to, "" for none
	bytes   int    // the whole entry, compact, as tools/list sends it
	// model is the bytes of what hosts put before the model: the name,
	// title, description and input schema, as a compact object. The rest
	// of bytes (output schema, annotations, icons, _meta) only the wire
	// carries.
	model                      int
	description, input, output int // the bytes of each part
	icons, meta                int // the bytes of its icons and _meta, if any
	repeated                   int // bytes of repeated subschemas in the input schema
	// leftOut says what the tool's entry leaves out (its output schema)
	// and the line that brings it back, "" when nothing.
	leftOut string
}

// tokens estimates the tokens of n bytes of JSON and English text: one
// token for every 4 bytes, rounded up, the usual rule of thumb for the
// byte-pair tokenizers of current models (the generator carries no
// tokenizer's tables; e2e TestCatalogTokens measures the estimate against
// OpenAI's).
func tokens(n int) int { return (n + 3) / 4 }

// wireTool is a tool as tools/list sends it to a client of protocol
// 2025-11-25 and later (icons are not sent before it, the rest from
// 2025-06-18): the members, in the order, that the runtime writes.
type wireTool struct {
	Name         string          `json:"name"`
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description,omitempty"`
	Icons        []wireIcon      `json:"icons,omitempty"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Annotations  *wireHints      `json:"annotations,omitempty"`
	Meta         json.RawMessage `json:"_meta,omitempty"`
}

// wireIcon is an icon as the runtime sends it (runtime.Icon).
type wireIcon struct {
	Src      string   `json:"src"`
	MIMEType string   `json:"mimeType,omitempty"`
	Sizes    []string `json:"sizes,omitempty"`
	Theme    string   `json:"theme,omitempty"`
}

type wireHints struct {
	Title           string `json:"title,omitempty"`
	ReadOnlyHint    *bool  `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool  `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool  `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool  `json:"openWorldHint,omitempty"`
}

// modelTool is what a host sends its model of a tool: its name, title,
// description and input schema (the function declaration of a model
// API); output schemas, annotations, icons and _meta stay with the host.
type modelTool struct {
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// compact returns the schema text s without insignificant spaces.
func compact(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return json.RawMessage(s)
	}
	return b.Bytes()
}

// catalogCosts returns the cost of each tool of pkg, largest first (by
// what the model reads, then by the whole entry).
func catalogCosts(pkg *model.Package) []toolCost {
	costs := make([]toolCost, 0, len(pkg.Tools))
	for _, t := range pkg.Tools {
		w := wireTool{Name: t.Name, Title: t.Title, Description: t.Description,
			InputSchema: compact(t.InputSchema), OutputSchema: compact(t.OutputSchema), Meta: compact(t.Meta)}
		for _, i := range t.Icons {
			w.Icons = append(w.Icons, wireIcon{Src: i.Src, MIMEType: i.MIMEType, Sizes: i.Sizes, Theme: i.Theme})
		}
		h := t.Hints
		if t.Title != "" || h.ReadOnly != nil || h.Destructive != nil || h.Idempotent != nil || h.OpenWorld != nil {
			w.Annotations = &wireHints{Title: t.Title, ReadOnlyHint: h.ReadOnly, DestructiveHint: h.Destructive, IdempotentHint: h.Idempotent, OpenWorldHint: h.OpenWorld}
		}
		entry, err := json.Marshal(w)
		if err != nil {
			continue
		}
		read, err := json.Marshal(modelTool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: w.InputSchema})
		if err != nil {
			continue
		}
		desc, _ := json.Marshal(t.Description)
		icons := 0
		if w.Icons != nil {
			b, _ := json.Marshal(w.Icons)
			icons = len(b)
		}
		costs = append(costs, toolCost{name: t.Name, toolset: t.Toolset, bytes: len(entry), model: len(read), description: len(desc) - 2,
			input: len(w.InputSchema), output: len(w.OutputSchema), icons: icons, meta: len(w.Meta),
			repeated: repeatedBytes(w.InputSchema), leftOut: t.OutputLeftOut})
	}
	slices.SortStableFunc(costs, func(a, b toolCost) int { return cmp.Or(b.model-a.model, b.bytes-a.bytes) })
	return costs
}

// minRepeated is the size from which a subschema written out more than
// once counts as repeated.
const minRepeated = 256

// repeatedBytes returns the bytes of the copies, after the first, of the
// subschemas of at least minRepeated bytes that schema writes out more
// than once (the outermost copies only: what is inside a repeated copy is
// counted with it).
func repeatedBytes(schema json.RawMessage) int {
	var v any
	if json.Unmarshal(schema, &v) != nil {
		return 0
	}
	count := map[string]int{}
	var countAll func(any)
	countAll = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if b, err := json.Marshal(v); err == nil && len(b) >= minRepeated {
				count[string(b)]++
			}
			for _, x := range v {
				countAll(x)
			}
		case []any:
			for _, x := range v {
				countAll(x)
			}
		}
	}
	countAll(v)
	seen := map[string]bool{}
	total := 0
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if b, err := json.Marshal(v); err == nil && count[string(b)] > 1 {
				if seen[string(b)] {
					total += len(b)
					return
				}
				seen[string(b)] = true
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return total
}

// catalogReport returns the lines that -catalog prints for the package
// pkg: the total, what the model reads of it and what only the wire
// carries; each toolset's share, when the package declares toolsets;
// then each tool, largest first, with the part that costs most and what
// to do about it.
func catalogReport(pkg *model.Package, costs []toolCost) []string {
	total, read := sums(costs)
	lines := []string{fmt.Sprintf("mcpgen: catalog of %s: %s, %d bytes in tools/list: the model reads %d bytes, about %d tokens (estimated as bytes / 4), of name, title, description and input schema; %d bytes only the wire carries (output schemas, annotations, icons, _meta)",
		pkg.PkgPath, toolCount(len(costs)), total, read, tokens(read), total-read)}
	for _, set := range toolsetCatalogs(pkg, costs) {
		total, read := sums(set.costs)
		lines = append(lines, fmt.Sprintf("  %-40s %s, model %7d bytes ~%6d tokens, wire %7d bytes", set.label, toolCount(len(set.costs)), read, tokens(read), total))
	}
	for _, c := range costs {
		name := fmt.Sprintf("%-32s", c.name)
		if len(pkg.Toolsets) > 0 {
			name += fmt.Sprintf(" %-10s", cmp.Or(c.toolset, "-"))
		}
		lines = append(lines, fmt.Sprintf("  %s model %7d bytes ~%6d tokens, wire %7d bytes  %s", name, c.model, tokens(c.model), c.bytes, c.advice()))
		if c.leftOut != "" {
			lines = append(lines, "  "+strings.Repeat(" ", 34)+c.leftOut)
		}
	}
	return lines
}

// sums returns the bytes of the entries of costs and of what the model
// reads of them.
func sums(costs []toolCost) (total, read int) {
	for _, c := range costs {
		total += c.bytes
		read += c.model
	}
	return total, read
}

// A toolsetCatalog is the catalog one choice of toolsets serves.
type toolsetCatalog struct {
	label string // "default (repos, issues)", "toolset repos"
	costs []toolCost
}

// toolsetCatalogs returns, for a package that declares toolsets, the
// catalog the server serves when nothing is chosen (the default toolsets,
// or every one when none is marked, and the tools in none), then that of
// each toolset chosen alone (MCP_TOOLSETS=NAME: its tools and those in
// none); nil for a package without toolsets.
func toolsetCatalogs(pkg *model.Package, costs []toolCost) []toolsetCatalog {
	if len(pkg.Toolsets) == 0 {
		return nil
	}
	some := slices.ContainsFunc(pkg.Toolsets, func(ts *model.Toolset) bool { return ts.Default })
	var defaults []string
	for _, ts := range pkg.Toolsets {
		if ts.Default || !some {
			defaults = append(defaults, ts.Name)
		}
	}
	of := func(names ...string) []toolCost {
		var out []toolCost
		for _, c := range costs {
			if c.toolset == "" || slices.Contains(names, c.toolset) {
				out = append(out, c)
			}
		}
		return out
	}
	sets := []toolsetCatalog{{label: "default (" + strings.Join(defaults, ", ") + ")", costs: of(defaults...)}}
	for _, ts := range pkg.Toolsets {
		sets = append(sets, toolsetCatalog{label: "toolset " + ts.Name, costs: of(ts.Name)})
	}
	return sets
}

// advice names the part of c's entry that costs most, and what makes it
// smaller.
func (c toolCost) advice() string {
	switch {
	case c.icons > c.input && c.icons > c.output && c.icons > c.description:
		return fmt.Sprintf("icons %d bytes: the largest part; hosts show icons to users, not to models: an https src is smaller than file= (a data: URI)", c.icons)
	case c.repeated*2 > c.input && c.input > c.output && c.input > c.description:
		return fmt.Sprintf("input schema %d bytes, %d of them subschemas written out more than once: give the tool a smaller argument type", c.input, c.repeated)
	case c.input >= c.output && c.input >= c.description:
		return fmt.Sprintf("input schema %d bytes: the largest part; take fewer or smaller arguments", c.input)
	case c.output >= c.description:
		return fmt.Sprintf("output schema %d bytes: the largest part; hosts do not show it to models, //mcp:output max=BYTES leaves it out", c.output)
	}
	return fmt.Sprintf("description %d bytes: the largest part; shorten the doc comment", c.description)
}

// overBudget returns the warnings for a package whose catalog, as the
// model reads it, is over the budget of tokens, naming its largest tools,
// or nil. For a package that declares toolsets, the budget holds for what
// the server serves when nothing is chosen and for each toolset chosen
// alone.
func overBudget(pkg *model.Package, costs []toolCost, budget int) []string {
	if budget <= 0 {
		return nil
	}
	sets := toolsetCatalogs(pkg, costs)
	if sets == nil {
		sets = []toolsetCatalog{{costs: costs}}
	}
	var out []string
	for _, set := range sets {
		_, read := sums(set.costs)
		if tokens(read) <= budget {
			continue
		}
		largest := slices.Clone(set.costs)
		slices.SortStableFunc(largest, func(a, b toolCost) int { return b.model - a.model })
		var names []string
		for i, c := range largest {
			if i == 3 {
				break
			}
			names = append(names, fmt.Sprintf("%s (~%d)", c.name, tokens(c.model)))
		}
		what := "the catalog of its " + toolCount(len(set.costs))
		if set.label != "" {
			what = "the catalog of " + set.label + ", " + toolCount(len(set.costs)) + ","
		}
		out = append(out, fmt.Sprintf("%s: %s is about %d tokens as the model reads it, over the budget of %d (-budget); the largest: %s; mcpgen -catalog says what each costs",
			pkg.PkgPath, what, tokens(read), budget, strings.Join(names, ", ")))
	}
	return out
}

// toolCount is "1 tool" or "N tools".
func toolCount(n int) string {
	if n == 1 {
		return "1 tool"
	}
	return fmt.Sprintf("%d tools", n)
}
