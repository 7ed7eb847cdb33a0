package suggest

import "testing"

func TestClosest(t *testing.T) {
	kws := []string{"minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "uniqueItems", "description", "format", "pattern"}
	for _, tc := range []struct{ word, want string }{
		{"maxLenght", "maxLength"}, // a transposition
		{"minimun", "minimum"},     // a substitution
		{"maxlen", "maxLength"},    // an abbreviation, three edits away
		{"minlen", "minLength"},
		{"uniq", "uniqueItems"},
		{"desc", "description"},
		{"fmt", "format"},
		{"max", ""}, // maximum, maxLength or maxItems: no guess
		{"mx", ""},  // too short to abbreviate anything
		{"size", ""},
	} {
		if got := Closest(tc.word, kws); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}
