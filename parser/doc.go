// Package parser loads Go packages and finds the functions and methods
// annotated with //mcp:tool (and the functions annotated with //mcp:prompt,
// //mcp:resource and //mcp:complete). It checks their directives and signatures and
// derives their JSON schemas, producing the model (Package, Tool, ...) from
// which the generator emits code.
//
// # Directives
//
// A tool is a function or method whose doc comment holds the line
//
//	//mcp:tool [options]
//
// and, for each plain parameter it wants to describe or bound,
//
//	//mcp:arg NAME [jsonschema:"KEYWORDS"] description...
//
// where the keywords are those of a struct field's jsonschema tag. In the
// same doc comment, //mcp:enum on PARAM or //mcp:enum off PARAM switches
// enum inference for a plain parameter.
//
// Options are separated by spaces or tabs; each may appear once:
//
//	name=IDENT        the MCP tool name, matching [A-Za-z0-9_.-]{1,128}, bare or
//	                  quoted; default: the Go name in snake_case
//	                  (SearchNotes -> search_notes, GetHTTPStatus -> get_http_status)
//	title="text"      a title, as a Go string literal ("..." or `...`)
//	readonly          readOnlyHint; also readonly=true or readonly=false
//	destructive       destructiveHint; likewise
//	idempotent        idempotentHint; likewise
//	openworld         openWorldHint; likewise
//	task              calls may run as tasks; task=optional is the same,
//	                  task=required makes modern clients declare the tasks
//	                  extension, task=forbidden (the default) never does
//	result=PARAM      the function returns nothing (or only an error) and
//	                  works on PARAM in place: PARAM is sent back as the
//	                  result after the call; result=none: its effect is
//	                  elsewhere (no warning about its slice, map or pointer
//	                  parameters)
//	numbers=float64   numbers in positions of type any arrive as float64,
//	                  as encoding/json decodes them (runtime.DecodeFloat64),
//	                  not as int when written as integers
//	constraints       the input schema's descriptions also state each
//	                  property's bounds, length, pattern, format and
//	                  encoding ("1 to 100"), for hosts that drop those
//	                  keywords (the default under -profile openai-strict);
//	                  constraints=keywords: as keywords only
//	types=T[,U...]    the type arguments of a generic function, as Go writes
//	                  them (types=int, types=string,int); each //mcp:tool of
//	                  a generic function is one tool, instantiated with its
//	                  types= and named with its name=
//	scope=NAME        the OAuth scope a caller's token must grant to see and
//	                  call the tool (runtime.Tool.Scopes); scope=a,b: all of
//	                  them; each an RFC 6749 scope-token, bare or quoted
//	toolset=NAME      the toolset the tool belongs to (runtime.Tool.Toolset),
//	                  declared by //mcp:toolset NAME in the package
//	ui=URI            the ui:// URI of the tool's MCP App view (_meta.ui.resourceUri,
//	                  extension io.modelcontextprotocol/ui): a resource of the
//	                  package with the option app
//	visibility=LIST   who may call a tool with a view: model, app, or
//	                  model,app (the extension's default)
//
// Formally:
//
//	options = { option } .
//	option  = key [ "=" value ] .
//	key     = a run of characters other than space, tab and "=" .
//	value   = quoted | bare .
//	quoted  = Go interpreted ("...") or raw (`...`) string literal .
//	bare    = a run of characters other than space and tab .
//
// In the same doc comment, and in those of prompts and resources,
//
//	//mcp:icon src=URL [mime=TYPE] [sizes=48x48,...] [theme=light|dark]
//
// adds an icon (SEP-973; several lines, several icons): src an https or
// http URL or a data: URI of base64 data (or file=PATH, an image of the
// package's directory, which becomes one), mime an image type, sizes WxH
// or any. A tool's, prompt's or resource's (a resource variable's too)
//
//	//mcp:meta {"com.example/key": ...}
//
// states its _meta object: JSON, keys as the specification shapes them,
// none MCP's own (a prefix whose second label is modelcontextprotocol or
// mcp, progressToken, traceparent, ...) nor MCP Apps' (ui, ui/...: a
// tool's ui= and a view's options write those; a view's //mcp:meta adds
// to them). Both are checked at their columns (apps.go).
//
// An unknown option (with a suggestion: readOnly -> readonly), a repeated
// option, a bad value, an unterminated quote, a second //mcp:tool, and
// readonly together with destructive are errors at the offending column.
//
// In the doc comment of a type, or the comment of a struct field,
// //mcp:enum [on|off] says whether the type's constants are an enum, and
// //mcp:schema {...} states the JSON Schema of a type with its own JSON
// methods; //mcp:schema IMPORTPATH.Type {...}, in any comment of a file,
// states it once for the package.
//
// In any comment of the package outside a function's doc comment, for the
// whole package (see docs/apiclients.md):
//
//	//mcp:result TYPE omit      results of type TYPE or *TYPE are not sent
//	//mcp:result TYPE FUNC      such a result is sent as FUNC(result)
//	//mcp:param NAME [jsonschema:"KEYWORDS"] text
//	                            describes and bounds the plain parameters
//	                            NAME where their //mcp:arg does not
//	//mcp:toolset NAME [default] text
//	                            declares a toolset (runtime.Toolset): the
//	                            tools with toolset=NAME; default: served
//	                            when none is chosen
//	//mcp:output max=BYTES      leaves out output schemas longer than BYTES
//	//mcp:output off            leaves out every output schema
//	//mcp:output all            keeps every output schema, with the
//	                            descriptions of other modules' fields
//	//mcp:view TYPE MEMBER...   results show only those JSON members of
//	                            TYPE, wherever a TYPE value is in them
//	                            (-MEMBER drops one, * matches); views.go
//	//mcp:tools TYPE [options]  makes every exported method of TYPE a tool
//	//mcp:tools IMPORTPATH.TYPE [register=NAME] [options]
//	                            the same for a type of another package
//	//mcp:tools IMPORTPATH [options]
//	                            every exported function of another package
//	//mcp:tool IMPORTPATH.NAME [options]
//	                            in a comment of its own: one function (or
//	                            TYPE.Method) of another package, with the
//	                            comment's //mcp:arg lines and text
//	//mcp:constraints described the option constraints for every tool;
//	                            //mcp:constraints keywords: keywords only
//	//mcp:skills dir=DIR [scope=NAME,...]
//	                            the skills in the directory DIR of the
//	                            package (skills.go): every directory under
//	                            it with a SKILL.md, read, checked and
//	                            digested at generate time, and embedded;
//	                            scope= as a tool's, for each of them
//	//mcp:server name=NAME [version=V] [title="text"] [description="text"]
//	    [remote=URL] [website=URL] [oci=IMAGE]
//	                            the server's entry in the MCP registry
//	                            (server.json, written by mcpgen -server-json)
//
// A package-level function is a prompt, a resource or a completer with
//
//	//mcp:prompt [name=IDENT] [title="text"] [scope=NAME,...]
//	//mcp:resource uri=URI [name=IDENT] [title="text"] [mime=TYPE] [description="text"] [scope=NAME,...]
//	//mcp:complete prompt=NAME arg=ARG
//	//mcp:complete resource=URI_TEMPLATE arg=VAR
//
// (primitives.go; docs/directives.md, "Prompts, resources and completion").
// A package-level variable of type string or []byte under a //go:embed
// line is a resource too, with //mcp:resource in its doc comment: the
// embedded file is its contents. The option app makes a resource an MCP
// App's view (apps.go), served as text/html;profile=mcp-app, with the
// options of its _meta.ui: connectdomains=, resourcedomains=,
// framedomains=, baseuridomains= (origins, separated by commas),
// permissions=camera,microphone,geolocation,clipboardWrite, domain=HOST,
// prefersborder[=false].
// Their options follow the grammar of //mcp:tool's, and are checked the
// same way (options.go, grammar).
//
// Directives are read from the raw comment lines, since gofmt moves them to
// the end of the doc comment; the tool's description is the rest of the doc
// comment. It describes what the tool takes and returns, so the doc comment
// of its input or output type is not repeated as the root description of
// its inputSchema or outputSchema (schema.Builder.OmitTypeDoc); a tool
// without one keeps its types' doc comments there. Every comment of every file is scanned, so that a directive in
// the wrong place (detached by a blank line, on a type or variable, inside
// a body) or a near miss (// mcp:tool, //MCP:tool, //mcp-tool) is an error
// rather than silently ignored.
//
// # Diagnostics
//
// Every mistake is reported as a Diagnostic with a position; the parser
// never stops at the first one, except that a package which does not
// type-check yields only the loader's errors.
package parser
