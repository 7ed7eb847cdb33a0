package errors_register

// store and Store are unrelated types whose tools would share a
// registration function.
type store struct{}

type Store struct{}

// Get gets.
//
//mcp:tool
func (s *store) Get(key string) string { return key }

// Put puts.
//
//mcp:tool
func (s *Store) Put(key string) string { return key }
