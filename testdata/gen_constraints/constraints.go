// Package gen_constraints has a tool whose constraints are also stated in
// its input schema's descriptions (option constraints of //mcp:tool), next
// to one that states them as keywords only.
package gen_constraints

import "time"

// Booking is what a reservation takes.
type Booking struct {
	// Guest is who books.
	Guest string `json:"guest" jsonschema:"minLength=1,maxLength=100"`
	// Seats is how many.
	Seats int `json:"seats" jsonschema:"minimum=1,maximum=20"`
	// Tags label the booking.
	Tags []string `json:"tags,omitempty" jsonschema:"maxItems=20,uniqueItems=true,pattern=^[a-z]+$"`
	// Contact is an email address.
	Contact string `json:"contact,omitempty" jsonschema:"format=email"`
	// At is when.
	At time.Time `json:"at"`
	// Note is attached as is.
	Note []byte `json:"note,omitempty"`
	// Share is the part paid, above 0.
	Share float64 `json:"share,omitempty" jsonschema:"exclusiveMinimum=0,maximum=1,multipleOf=0.25"`
}

// Book reserves seats.
//
//mcp:tool constraints
func Book(b Booking) (string, error) { return b.Guest, nil }

// Hold holds seats, its constraints stated as keywords only.
//
//mcp:tool
func Hold(b Booking) (string, error) { return b.Guest, nil }
