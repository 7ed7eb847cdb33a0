// Package gen_othertype makes tools of the methods of types it does not
// own: Shelf of another package, and strings.Replacer of the standard
// library, each from a line of this comment.
package gen_othertype

//mcp:tools github.com/mcpgen/mcpgen/testdata/gen_othertype/ext.Shelf prefix=shelf_
//mcp:tools strings.Replacer prefix=replacer_
//mcp:param title the book's title
//mcp:param s the text to replace in
