package errors_names

// A is one receiver.
type A struct{}

// B is another.
type B struct{}

// Search on A.
//
//mcp:tool
func (A) Search() {}

// Search on B has the same default name.
//
//mcp:tool
func (B) Search() {}

// Find is named explicitly like the tool above.
//
//mcp:tool name=search
func Find() {}

// SearchNotes collides with an explicit name in another file.
//
//mcp:tool
func SearchNotes() {}

// Größe has a default name that is not a valid tool name.
//
//mcp:tool
func Größe() {}

// Size is fine with an explicit name.
//
//mcp:tool name=size
func Size() {}
