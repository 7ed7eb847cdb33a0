// Package errors_server has every mistake an //mcp:server directive can
// hold; the package doc comment's first sentence is far too long to be the
// registry's description of a server, which the registry bounds at one
// hundred characters, so the directive without description= is an error.
//
//mcp:server title="Weather" remote=http://weather.example.com/mcp
//mcp:icon src=http://weather.example.com/icon.png mime=image/gif
//mcp:icon file=icon.svg
//mcp:icon src=https://weather.example.com/icon.png sizes=48
//mcp:icon src=data:image/png;base64,iVBORw0KGgo=
package errors_server

//mcp:server name=weather version=^1.2.0 website=weather.example.com oci=ghcr.io/mcpgen/weather
//mcp:server name=io.github.mcpgen/weather remote=https://localhost:8080/mcp version=1.x description="ok"
//mcp:server name=io.github.mcpgen/a/b titel="x" description=bare

// Forecast returns the forecast for a city.
//
//mcp:arg city the city's name
//mcp:tool readonly
func Forecast(city string) string { return "sunny in " + city }

// Helper is not a tool.
//
//mcp:server name=io.github.mcpgen/inside
func Helper() {}

//mcp:icon src=https://example.com/alone.png
var _ = 0
