// Package doctext turns the text of a Go doc comment into a description
// for a model to read.
//
// A doc comment is wrapped to fit the source, so its line breaks fall
// where the editor put them, not where the author meant a break. A model
// reads the description as prose: Join joins the lines of each paragraph
// with single spaces, and keeps what the line breaks do mean: the blank
// line between paragraphs, one list item per line, and code blocks
// (indented lines) as written.
package doctext

import "strings"

// Join returns text, the text of a doc comment as go/ast's
// CommentGroup.Text gives it, with each paragraph on one line:
//
//   - a line that starts a list item ("- ", "* ", "+ ", "1. ", "1) ",
//     indented or not) starts a new line; an indented line after it
//     continues the item and is joined to it;
//   - an indented line that does not continue a list item is code and is
//     kept as written, on its own line;
//   - any other line is joined to the line before it, unless that line
//     was code;
//   - blank lines separate paragraphs; a run of them becomes one, and
//     leading and trailing space is trimmed.
//
// Text without line breaks inside it is returned trimmed.
func Join(text string) string {
	text = strings.TrimSpace(text)
	if !strings.Contains(text, "\n") {
		return text
	}
	const (
		none = iota // the start of the text
		prose
		item
		code
	)
	var b strings.Builder
	last, blank := none, false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			blank = true
			continue
		}
		trimmed := strings.TrimLeft(line, " \t")
		indented := len(trimmed) < len(line)
		kind, join := prose, false
		switch {
		case isListItem(trimmed):
			kind = item
		case indented && last == item && !blank:
			kind, join = item, true // the item goes on
		case indented:
			kind = code
		default:
			join = !blank && (last == prose || last == item)
			if join {
				kind = last
			}
		}
		switch {
		case last == none:
		case blank:
			b.WriteString("\n\n")
		case join:
			b.WriteByte(' ')
			line = trimmed
		default:
			b.WriteByte('\n')
		}
		b.WriteString(line)
		last, blank = kind, false
	}
	return b.String()
}

// isListItem reports whether line (without its indentation) starts with a
// list marker: a bullet ("-", "*", "+", "•") or a number followed by "." or
// ")", then white space.
func isListItem(line string) bool {
	if line == "" {
		return false
	}
	rest := ""
	switch {
	case line[0] == '-' || line[0] == '*' || line[0] == '+':
		rest = line[1:]
	case strings.HasPrefix(line, "•"):
		rest = line[len("•"):]
	default:
		i := 0
		for i < len(line) && i < 9 && '0' <= line[i] && line[i] <= '9' {
			i++
		}
		if i == 0 || i == len(line) || line[i] != '.' && line[i] != ')' {
			return false
		}
		rest = line[i+1:]
	}
	return rest != "" && (rest[0] == ' ' || rest[0] == '\t')
}
