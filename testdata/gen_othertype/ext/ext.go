// Package ext is code that the package gen_othertype does not own: the
// tools of its type Shelf are made from a comment of gen_othertype, with
// nothing written here.
package ext

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
)

// Book is a book on a shelf.
type Book struct {
	Title string `json:"title"`
	Year  int    `json:"year,omitempty"`
}

// Shelf holds books.
type Shelf struct {
	books []Book
}

// Add puts a book on the shelf and returns it.
func (s *Shelf) Add(ctx context.Context, title string, year int) (Book, error) {
	if title == "" {
		return Book{}, errors.New("a book needs a title")
	}
	b := Book{Title: title, Year: year}
	s.books = append(s.books, b)
	return b, nil
}

// List returns the books, in the order they were added.
func (s *Shelf) List() []Book { return slices.Clone(s.books) }

// Find returns the book of that title.
func (s *Shelf) Find(title string) (Book, bool) {
	for _, b := range s.books {
		if b.Title == title {
			return b, true
		}
	}
	return Book{}, false
}

// FindContext is Find with a context: the tool find calls it.
func (s *Shelf) FindContext(ctx context.Context, title string) (Book, bool) {
	return s.Find(title)
}

// Receipt records a removal; JSON cannot carry its function.
type Receipt struct {
	Title string
	Undo  func()
}

// Remove takes the book of that title off the shelf.
func (s *Shelf) Remove(title string) (Book, *Receipt, error) {
	for i, b := range s.books {
		if b.Title == title {
			s.books = slices.Delete(s.books, i, i+1)
			return b, &Receipt{Title: title, Undo: func() { s.books = append(s.books, b) }}, nil
		}
	}
	return Book{}, nil, errors.New("no book " + title)
}

// Stars is a rating, written as that many stars.
type Stars int

// MarshalJSON writes s as a string of stars.
func (s Stars) MarshalJSON() ([]byte, error) { return json.Marshal(strings.Repeat("*", int(s))) }

// Rating returns the rating of the book of that title.
func (s *Shelf) Rating(title string) Stars { return Stars(1 + len(title)%5) }

// Watch sends each book added to ch: a channel has no JSON form, so it is
// no tool.
func (s *Shelf) Watch(ch chan<- Book) {}

// sorted is not exported.
func (s *Shelf) sorted() []Book { return nil }
