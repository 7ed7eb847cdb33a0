// Package ext is code that the package gen_viewforeign does not own: its
// tools are made from lines of gen_viewforeign's comment, and the results
// shown through gen_viewforeign's views, with nothing written here.
package ext

import (
	"context"
	"errors"
	"slices"
)

// Author wrote books.
type Author struct {
	Name string `json:"name"`
	Born int    `json:"born,omitempty"`
	URL  string `json:"url"`
	Bio  string `json:"bio,omitempty"`
}

// Book is a book on a shelf.
type Book struct {
	Title  string   `json:"title"`
	Year   int      `json:"year,omitempty"`
	ISBN   string   `json:"isbn"`
	Author *Author  `json:"author,omitempty"`
	Notes  []string `json:"notes,omitempty"`
}

// Shelf holds books.
type Shelf struct {
	books []*Book
}

// Add puts a book on the shelf and returns it.
func (s *Shelf) Add(ctx context.Context, title string, year int, author string) (Book, error) {
	if title == "" {
		return Book{}, errors.New("a book needs a title")
	}
	b := &Book{Title: title, Year: year, ISBN: "isbn-" + title, Notes: []string{"added"}}
	if author != "" {
		b.Author = &Author{Name: author, URL: "https://authors/" + author, Bio: "wrote " + title}
	}
	s.books = append(s.books, b)
	return *b, nil
}

// List returns the books, in the order they were added.
func (s *Shelf) List() []*Book { return slices.Clone(s.books) }

// Find returns the book of that title.
func (s *Shelf) Find(title string) (Book, bool) {
	for _, b := range s.books {
		if b.Title == title {
			return *b, true
		}
	}
	return Book{}, false
}

// Receipt records a removal.
type Receipt struct {
	Title string
	Undo  func()
}

// Remove takes the book of that title off the shelf.
func (s *Shelf) Remove(title string) (*Book, *Receipt, error) {
	for i, b := range s.books {
		if b.Title == title {
			s.books = slices.Delete(s.books, i, i+1)
			return b, &Receipt{Title: title, Undo: func() { s.books = append(s.books, b) }}, nil
		}
	}
	return nil, nil, errors.New("no book " + title)
}

// Classic returns a book everyone knows.
func Classic() *Book {
	return &Book{Title: "Emma", Year: 1815, ISBN: "isbn-emma", Notes: []string{"classic"},
		Author: &Author{Name: "Jane Austen", Born: 1775, URL: "https://authors/austen", Bio: "an English novelist"}}
}
