package errors_placement

// A blank line detaches the directive from the function.
//mcp:tool

func Detached() {}

// T is a type, not a function.
//
//mcp:tool
type T struct {
	// A field is not a function either.
	//mcp:tool
	A int
}

// V is a variable holding a function.
//
//mcp:tool
var V = func() {}

// C is a constant.
//
//mcp:tool
const C = 1

// Grouped declarations are checked too.
const (
	// D is a constant.
	//
	//mcp:tool
	D = 2
)

// I is an interface.
type I interface {
	// M is an interface method.
	//
	//mcp:tool
	M()
}

// Body has a directive inside.
func Body() {
	//mcp:tool
	_ = 1
}

// ArgOnly has //mcp:arg but no //mcp:tool.
//
//mcp:arg a the value
func ArgOnly(a int) {}

// U is a type.
//
//mcp:arg a the value
type U int

func trailing() {} //mcp:tool
