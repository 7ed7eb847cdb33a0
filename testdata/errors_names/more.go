package errors_names

// Notes is named like the default name of SearchNotes.
//
//mcp:tool name=search_notes
func Notes() {}
