// Package gen_constraints has a tool whose constraints are also stated in
// its input schema's descriptions (//mcp:constraints for the package), next
// to one that states them as keywords only (its option constraints=keywords).
package gen_constraints

//mcp:constraints described

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
	// Extra is kept with the booking as sent.
	Extra any `json:"extra,omitempty"`
}

// Book reserves seats.
//
//mcp:tool
func Book(b Booking) (string, error) { return b.Guest, nil }

// Hold holds seats, its constraints stated as keywords only.
//
//mcp:tool constraints=keywords
func Hold(b Booking) (string, error) { return b.Guest, nil }
