package parser

import (
	"strings"
	"unicode"
)

// snakeCase returns the default tool name of a Go identifier: words split at
// case changes, lower-cased and joined by '_'. A run of capitals is one word
// (GetHTTPStatus -> get_http_status), and so is a plural initialism
// (ListURLs -> list_urls); digits stay with the word before them
// (HTTPServer2 -> http_server2, Base64Encode -> base64_encode).
func snakeCase(name string) string {
	r := []rune(name)
	var b strings.Builder
	for i, c := range r {
		if c == '_' {
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
			continue
		}
		if i > 0 && unicode.IsUpper(c) && wordStartsAt(r, i) && !strings.HasSuffix(b.String(), "_") {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return strings.TrimSuffix(b.String(), "_")
}

// wordStartsAt reports whether the capital r[i] begins a new word.
func wordStartsAt(r []rune, i int) bool {
	prev := r[i-1]
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		return true // fooBar, v2Client
	}
	if !unicode.IsUpper(prev) || i+1 >= len(r) || !unicode.IsLower(r[i+1]) {
		return false // inside a run of capitals: HTTP
	}
	// A capital between a capital and a lower-case letter starts a word
	// (HTTPStatus: S), unless the lower-case letter is a plural 's' that
	// ends the initialism (URLs, IDsFor).
	if r[i+1] == 's' && (i+2 == len(r) || !unicode.IsLower(r[i+2])) {
		return false
	}
	return true
}
