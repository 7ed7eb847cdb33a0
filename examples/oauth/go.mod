module github.com/mcpgen/mcpgen/examples/oauth

go 1.26.0

replace github.com/mcpgen/mcpgen => ../..

replace github.com/mcpgen/mcpgen/auth/jwt => ../../auth/jwt

require (
	github.com/mcpgen/mcpgen v0.1.0
	github.com/mcpgen/mcpgen/auth/jwt v0.1.0
)

require github.com/go-jose/go-jose/v4 v4.1.9 // indirect
