package errors_server

//mcp:server name=io.github.mcpgen/again description="In another file."
