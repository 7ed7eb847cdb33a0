package main

import (
	"bytes"
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
	name                       string
	bytes                      int // the whole entry, compact, as tools/list sends it
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

// catalogCosts returns the cost of each tool of pkg, largest first.
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
		desc, _ := json.Marshal(t.Description)
		icons := 0
		if w.Icons != nil {
			b, _ := json.Marshal(w.Icons)
			icons = len(b)
		}
		costs = append(costs, toolCost{name: t.Name, bytes: len(entry), description: len(desc) - 2,
			input: len(w.InputSchema), output: len(w.OutputSchema), icons: icons, meta: len(w.Meta),
			repeated: repeatedBytes(w.InputSchema), leftOut: t.OutputLeftOut})
	}
	slices.SortStableFunc(costs, func(a, b toolCost) int { return b.bytes - a.bytes })
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
// pkgPath: the total, then each tool, largest first, with the part that
// costs most and what to do about it.
func catalogReport(pkgPath string, costs []toolCost) []string {
	total := 0
	for _, c := range costs {
		total += c.bytes
	}
	lines := []string{fmt.Sprintf("mcpgen: catalog of %s: %s, %d bytes in tools/list, about %d tokens (estimated as bytes / 4)",
		pkgPath, toolCount(len(costs)), total, tokens(total))}
	for _, c := range costs {
		lines = append(lines, fmt.Sprintf("  %-32s %8d bytes  ~%6d tokens  %s", c.name, c.bytes, tokens(c.bytes), c.advice()))
		if c.leftOut != "" {
			lines = append(lines, "  "+strings.Repeat(" ", 34)+c.leftOut)
		}
	}
	return lines
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

// overBudget returns the warning for a package whose catalog is over the
// budget of tokens, naming its largest tools, or "".
func overBudget(pkgPath string, costs []toolCost, budget int) string {
	total := 0
	for _, c := range costs {
		total += c.bytes
	}
	if budget <= 0 || tokens(total) <= budget {
		return ""
	}
	var largest []string
	for i, c := range costs {
		if i == 3 {
			break
		}
		largest = append(largest, fmt.Sprintf("%s (~%d)", c.name, tokens(c.bytes)))
	}
	return fmt.Sprintf("%s: the catalog of its %s is about %d tokens, over the budget of %d (-budget); the largest: %s; mcpgen -catalog says what each costs",
		pkgPath, toolCount(len(costs)), tokens(total), budget, strings.Join(largest, ", "))
}

// toolCount is "1 tool" or "N tools".
func toolCount(n int) string {
	if n == 1 {
		return "1 tool"
	}
	return fmt.Sprintf("%d tools", n)
}
