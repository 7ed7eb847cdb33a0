// Package errors_othercode names code of other packages wrongly.
package errors_othercode

import _ "github.com/mcpgen/mcpgen/testdata/errors_othercode/ext"

//mcp:tools example.com/nowhere/pkg.Client
//mcp:tools strings.NoSuch
//mcp:tools strings.ToUpper
//mcp:tools strings.Builder register=lower
//mcp:tools path register=RegisterPathTools
//mcp:tools strings.Replacer
//mcp:param s the text
//mcp:tools github.com/mcpgen/mcpgen/testdata/errors_othercode/ext.Replacer

//mcp:tool strings.NoFunc

//mcp:tool strings.Builder

//mcp:tool strings.Builder.Nope

//mcp:tool github.com/mcpgen/mcpgen/testdata/errors_othercode/ext.Watch

//mcp:tool github.com/mcpgen/mcpgen/testdata/errors_othercode/ext.Undocumented name=bad/name
//mcp:arg m no such parameter

//mcp:tools nosuchstd.Thing

//mcp:tool ext.Watch

//mcp:tools io.Reader

//mcp:tool github.com/invopop/jsonschema.ReflectFromType
