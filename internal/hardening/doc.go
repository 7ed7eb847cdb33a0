// Package hardening holds the process-level robustness tests of mcpgen: they
// build hardserver, a generated MCP server, and attack the real binary over
// stdio and Streamable HTTP (hostile input, hundreds of calls in flight at
// end of input, signals, slow and vanishing clients, many sessions), with
// memory and goroutine counts read from inside the server. What they prove
// is listed in docs/guarantees.md.
package hardening
