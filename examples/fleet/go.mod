module github.com/mcpgen/mcpgen/examples/fleet

go 1.26.0

replace github.com/mcpgen/mcpgen => ../..

replace github.com/mcpgen/mcpgen/stores/redis => ../../stores/redis

require (
	github.com/mcpgen/mcpgen v0.1.0
	github.com/mcpgen/mcpgen/stores/redis v0.1.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/redis/go-redis/v9 v9.23.0 // indirect
	go.uber.org/atomic v1.12.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
)
