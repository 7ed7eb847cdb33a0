// Package catalog is code that gen_viewforeign does not own either: every
// exported function of it is a tool, from one line of gen_viewforeign.
package catalog

import (
	"errors"

	"github.com/mcpgen/mcpgen/testdata/gen_viewforeign/ext"
)

// Lookup returns the book of that ISBN.
func Lookup(isbn string) (map[string]ext.Book, error) {
	if isbn != "isbn-emma" {
		return nil, errors.New("no book of ISBN " + isbn)
	}
	return map[string]ext.Book{isbn: *ext.Classic()}, nil
}

// Authors returns the authors the catalog knows.
func Authors() []ext.Author {
	return []ext.Author{*ext.Classic().Author, {Name: "Anon", URL: "https://authors/anon"}}
}
