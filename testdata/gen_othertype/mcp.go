// Package gen_othertype makes tools of the methods of types it does not
// own: Shelf of another package, and strings.Replacer of the standard
// library, each from a line of this comment. The package-level lines
// apply to them as to the package's own code.
package gen_othertype

import "github.com/mcpgen/mcpgen/testdata/gen_othertype/ext"

//mcp:tools github.com/mcpgen/mcpgen/testdata/gen_othertype/ext.Shelf prefix=shelf_ toolset=shelf
//mcp:toolset shelf default the tools of the book shelf
//mcp:tools strings.Replacer prefix=replacer_
//mcp:param title the book's title
//mcp:param s the text to replace in
//mcp:result ext.Receipt Removed
//mcp:schema github.com/mcpgen/mcpgen/testdata/gen_othertype/ext.Stars {"type":"string","pattern":"^[*]+$"}

// Removed is what a tool's caller learns of a receipt: the title removed.
func Removed(r *ext.Receipt) string {
	if r == nil {
		return ""
	}
	return r.Title
}
