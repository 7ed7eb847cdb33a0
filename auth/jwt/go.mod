module github.com/mcpgen/mcpgen/auth/jwt

go 1.26.0

require (
	github.com/go-jose/go-jose/v4 v4.1.9
	github.com/mcpgen/mcpgen v0.1.0
)
