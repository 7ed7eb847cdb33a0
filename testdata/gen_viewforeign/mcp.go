// Package gen_viewforeign makes tools of another package's code and shows
// their results through its views: the //mcp:view lines of the package
// apply to the results of the tools made of ext.Shelf's methods, of the
// functions of ext/catalog and of ext.Classic as to the package's own.
// The package imports neither: a view (or //mcp:result) names a type by
// import path, or by the name of a package a directive names. The tool
// build_info returns a type of the standard library, another module, that
// no view shapes: its output schema is left out by default, and mcpgen
// -catalog names its types as this package's lines name them.
package gen_viewforeign

//mcp:tools github.com/mcpgen/mcpgen/testdata/gen_viewforeign/ext.Shelf prefix=shelf_
//mcp:tools github.com/mcpgen/mcpgen/testdata/gen_viewforeign/ext/catalog prefix=catalog_ readonly
//mcp:view github.com/mcpgen/mcpgen/testdata/gen_viewforeign/ext.Book title year author
//mcp:view ext.Author name born
//mcp:result ext.Receipt omit
//mcp:param title the book's title
//mcp:param year the year the book came out
//mcp:param author the author's name
//mcp:param isbn the book's ISBN

//mcp:tool github.com/mcpgen/mcpgen/testdata/gen_viewforeign/ext.Classic name=classic readonly

// BuildInfo returns how the server was built.
//
//mcp:tool runtime/debug.ReadBuildInfo name=build_info readonly
