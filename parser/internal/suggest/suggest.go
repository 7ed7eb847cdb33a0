// Package suggest finds the word a misspelling most likely meant, for the
// did-you-mean of diagnostics.
package suggest

import "strings"

// Closest returns the candidate that word most likely meant: the nearest
// by Distance, ignoring case, at most two edits away and, for a short
// candidate, not more than a third of its length; "" when none is.
func Closest(word string, candidates []string) string {
	w := strings.ToLower(word)
	best, bestDist := "", 3
	for _, c := range candidates {
		if d := Distance(w, strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	if best != "" && bestDist > 0 && bestDist*3 > len(best) {
		best = "" // too far for a short name: "nam" is fine, "xy" is not "name"
	}
	if best == "" {
		best = abbreviation(w, candidates)
	}
	return best
}

// abbreviation returns the one candidate that word abbreviates: its
// letters, at least three, in order, from the candidate's first letter on
// ("maxlen" is maxLength, "desc" description, "uniq" uniqueItems); ""
// when none or several do ("max" is maximum, maxLength or maxItems).
func abbreviation(word string, candidates []string) string {
	if len(word) < 3 {
		return ""
	}
	found := ""
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if len(lc) <= len(word) || lc[0] != word[0] || !subsequence(word, lc) {
			continue
		}
		if found != "" {
			return ""
		}
		found = c
	}
	return found
}

// subsequence reports whether the bytes of a appear in b in order.
func subsequence(a, b string) bool {
	i := 0
	for j := 0; i < len(a) && j < len(b); j++ {
		if a[i] == b[j] {
			i++
		}
	}
	return i == len(a)
}

// Distance is the optimal string alignment distance between a and b,
// in bytes: insertions, deletions, substitutions and transpositions of
// adjacent bytes (the commonest typo: idempotnet) each cost one.
func Distance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
