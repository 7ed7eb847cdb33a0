package main

import (
	"fmt"
	"strings"
)

// unifiedDiff returns the differences between old and new as a unified
// diff with three lines of context, headed by "--- oldName" and
// "+++ newName", or "" when they are equal. It works on lines and marks a
// last line without a newline as diff(1) does.
func unifiedDiff(oldName, newName string, old, new []byte) string {
	a, b := splitLines(string(old)), splitLines(string(new))
	ops := diffLines(a, b)
	hunks := groupHunks(ops, 3)
	if len(hunks) == 0 {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", oldName, newName)
	for _, h := range hunks {
		writeHunk(&sb, a, b, ops[h.start:h.end])
	}
	return sb.String()
}

// splitLines splits s after each newline; the last line lacks one if s
// does not end in a newline.
func splitLines(s string) []string {
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// An edit is one step of a line diff: keep a[i] (== b[j]), delete a[i] or
// insert b[j].
type edit struct {
	kind byte // ' ', '-' or '+'
	i, j int  // line indexes in a and b before this step
}

// maxEditDistance bounds the work of the Myers search (time and memory
// grow with its square). Beyond it, the differing middle of the inputs is
// reported as replaced wholesale: still a correct diff, just not minimal.
const maxEditDistance = 2000

// diffLines returns a shortest edit script from a to b (Myers' algorithm,
// after trimming the common prefix and suffix).
func diffLines(a, b []string) []edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var edits []edit
	for k := range pre {
		edits = append(edits, edit{' ', k, k})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	for _, e := range myers(ma, mb) {
		edits = append(edits, edit{e.kind, e.i + pre, e.j + pre})
	}
	for k := range suf {
		edits = append(edits, edit{' ', len(a) - suf + k, len(b) - suf + k})
	}
	return edits
}

// myers returns a shortest edit script from a to b, or a replacement of
// all of a by all of b when they differ by more than maxEditDistance.
func myers(a, b []string) []edit {
	n, m := len(a), len(b)
	max := n + m
	off := max + 1
	v := make([]int, 2*max+3)
	// trace[d] holds v[-d-1 .. d+1] as it was before round d.
	var trace [][]int
	found := false
	for d := 0; d <= max && d <= maxEditDistance && !found; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: insert b[y]
			} else {
				x = v[off+k-1] + 1 // right: delete a[x]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
	}
	if !found {
		var edits []edit
		for i := range n {
			edits = append(edits, edit{'-', i, 0})
		}
		for j := range m {
			edits = append(edits, edit{'+', n, j})
		}
		return edits
	}

	// Walk back from (n, m) through the rounds.
	var rev []edit
	x, y := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		snap := trace[d]
		at := func(k int) int { return snap[k+d+1] }
		k := x - y
		var prevK int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := at(prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x--
			y--
			rev = append(rev, edit{' ', x, y})
		}
		if d > 0 {
			if x == prevX {
				rev = append(rev, edit{'+', x, prevY})
			} else {
				rev = append(rev, edit{'-', prevX, y})
			}
		}
		x, y = prevX, prevY
	}
	edits := make([]edit, len(rev))
	for i, e := range rev {
		edits[len(rev)-1-i] = e
	}
	return edits
}

// A hunk is the edits edits[start:end].
type hunk struct{ start, end int }

// groupHunks groups the changes in edits into hunks with up to context
// unchanged lines around each; changes closer than 2*context lines share
// a hunk.
func groupHunks(edits []edit, context int) []hunk {
	var hunks []hunk
	for i := 0; i < len(edits); {
		if edits[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-context, 0)
		// Extend over changes and short runs of unchanged lines.
		end := i
		for end < len(edits) {
			if edits[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(edits) && edits[run].kind == ' ' {
				run++
			}
			if run == len(edits) || run-end > 2*context {
				end = min(end+context, run)
				break
			}
			end = run
		}
		if len(hunks) > 0 && start < hunks[len(hunks)-1].end {
			start = hunks[len(hunks)-1].end
		}
		hunks = append(hunks, hunk{start, end})
		i = end
	}
	return hunks
}

// writeHunk writes the hunk of edits, which changes lines of a into b.
func writeHunk(sb *strings.Builder, a, b []string, edits []edit) {
	first := edits[0]
	var na, nb int
	for _, e := range edits {
		switch e.kind {
		case ' ':
			na++
			nb++
		case '-':
			na++
		case '+':
			nb++
		}
	}
	fmt.Fprintf(sb, "@@ -%s +%s @@\n", hunkRange(first.i, na), hunkRange(first.j, nb))
	for _, e := range edits {
		var line string
		switch e.kind {
		case ' ', '-':
			line = a[e.i]
		case '+':
			line = b[e.j]
		}
		sb.WriteByte(e.kind)
		sb.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			sb.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange formats the range of n lines from 0-based index start: an
// empty range names the line before it, a one-line range omits its length.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
