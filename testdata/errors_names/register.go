package errors_names

// RegisterTools is the name of the function mcpgen generates for the
// package-level tools of this package.
func RegisterTools() {}

// RegisterATools is the name mcpgen generates for the tools of A.
var RegisterATools = 1
