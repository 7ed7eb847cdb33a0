// Package gen_profile_openai is generated with -profile openai-strict
// (want/profile): its hosts drop validation keywords, so every constraint
// is also stated in a description, and the keywords OpenAI's strict mode
// refuses leave the listed schema while the server still enforces them.
package gen_profile_openai

// Booking is what a reservation takes.
type Booking struct {
	// Guest is who books.
	Guest string `json:"guest" jsonschema:"minLength=1,maxLength=10"`
	// Seats is how many.
	Seats int `json:"seats" jsonschema:"minimum=1,maximum=20"`
	// Tags label the booking.
	Tags []string `json:"tags,omitempty" jsonschema:"maxItems=3,uniqueItems=true"`
	// Contact is an email address.
	Contact string `json:"contact,omitempty" jsonschema:"format=email"`
}

// Book reserves seats.
//
//mcp:tool
func Book(b Booking) (string, error) { return b.Guest, nil }

// Hold holds seats: only the refused keywords are described.
//
//mcp:tool constraints=keywords
func Hold(b Booking) (string, error) { return b.Guest, nil }
