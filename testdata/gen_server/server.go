// Package gen_server forecasts the weather for a city. It is the server
// whose entry in the MCP registry mcpgen -server-json writes, from the
// directive below and this comment's first sentence.
//
//mcp:server name=io.github.mcpgen/weather title="Weather" remote=https://weather.example.com/mcp oci=ghcr.io/mcpgen/weather:1.0.0
//mcp:icon src=https://weather.example.com/icon.png mime=image/png sizes=48x48,96x96
//mcp:icon src=https://weather.example.com/icon-dark.svg mime=image/svg+xml sizes=any theme=dark
package gen_server

// Forecast returns the forecast for a city.
//
//mcp:arg city the city's name
//mcp:tool readonly
func Forecast(city string) string { return "sunny in " + city }
