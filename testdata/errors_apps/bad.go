// Package errors_apps has mistakes in icons, _meta and MCP Apps.
package errors_apps

import "embed"

//mcp:tool ui=ui://nowhere/view.html
func NoView() string { return "" }

//mcp:tool ui=docs://plain
func PlainView() string { return "" }

//mcp:tool ui=https://example.com/view.html
func WebView() string { return "" }

//mcp:tool visibility=app
func Invisible() string { return "" }

//mcp:tool ui=ui://app/view.html visibility=model,bot
func BadVisibility() string { return "" }

//mcp:meta {"io.modelcontextprotocol/related": 1}
//mcp:tool
func ReservedMeta() string { return "" }

//mcp:meta {"com.example/ok": 1, "ui": {"resourceUri": "ui://app/view.html"}}
//mcp:tool
func AppMeta() string { return "" }

//mcp:meta ["not", "an", "object"]
//mcp:tool
func ArrayMeta() string { return "" }

//mcp:meta {"com.example/-bad": 1}
//mcp:tool
func BadKey() string { return "" }

//mcp:meta {"com.example/a": 1}
//mcp:meta {"com.example/b": 2}
//mcp:tool
func TwoMetas() string { return "" }

//mcp:icon src=ftp://example.com/a.png
//mcp:icon src=https://example.com/a.png mime=text/html
//mcp:icon src=https://example.com/a.png sizes=48x48,big
//mcp:icon src=https://example.com/a.png theme=blue
//mcp:icon mime=image/png
//mcp:icon src=data:image/png,notbase64
//mcp:tool
func BadIcons() string { return "" }

// Sizes is not a tool.
//
//mcp:icon src=https://example.com/a.png
//mcp:meta {"com.example/a": 1}
type Sizes int

//mcp:meta {"com.example/a": 1, "ui": {}}
//mcp:prompt
func MetaPrompt() string { return "" }

//mcp:meta {"com.example/a": 1}
//mcp:meta {"com.example/b": 2}
//mcp:prompt
func TwoPromptMetas(topic string) string { return "" }

//mcp:meta {"com.example/a": 1}
//mcp:complete prompt=two_prompt_metas arg=topic
func CompleteTopic(prefix string) []string { return nil }

// A plain document, not a view.
//
//mcp:resource uri=docs://plain
//mcp:meta {"ui/resourceUri": "ui://app/view.html"}
func Plain() string { return "" }

// The app's view.
//
//mcp:resource uri=ui://app/view.html app
//mcp:meta {"com.example/ok": 1, "ui": {"prefersBorder": true}}
func View() string { return "" }

// A template with a key of MCP's own.
//
//mcp:resource uri=docs://pages/{page}
//mcp:meta {"dev.mcp/page": 1}
func Page(page string) string { return "" }

// An embedded view whose _meta is not an object.
//
//go:embed view.html
//mcp:resource uri=ui://app/embedded.html app
//mcp:meta "ui"
var embeddedView string

//mcp:resource uri=ui://app/typed.html app mime=text/html
func TypedView() string { return "" }

//mcp:resource uri=docs://notaview app
func NotUIView() string { return "" }

//mcp:resource uri=docs://border prefersborder
func Border() string { return "" }

//mcp:resource uri=ui://app/csp.html app connectdomains=https://api.example.com/v1 permissions=camera,speaker
func BadCSP() string { return "" }

// Not embedded.
//
//mcp:resource uri=docs://var
var notEmbedded = "text"

// A file system is not one file.
//
//go:embed view.html
//mcp:resource uri=docs://fs
var files embed.FS

// A variable holds one resource.
//
//go:embed view.html
//mcp:resource uri=docs://{name}
var templated string

//mcp:tool ui=ui://app/plain.html
func NotAnApp() string { return "" }

// A page, but not an app's view.
//
//mcp:resource uri=ui://app/plain.html mime=text/html
func PlainPage() string { return "" }

//mcp:icon file=missing.png
//mcp:icon file=../outside.png
//mcp:icon file=view.html
//mcp:icon src=https://example.com/a.png file=view.png
//mcp:tool
func FileIcons() string { return "" }
