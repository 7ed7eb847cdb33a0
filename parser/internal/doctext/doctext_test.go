package doctext

import "testing"

func TestJoin(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", ""},
		{"one line", "  Add adds two numbers.\n", "Add adds two numbers."},
		{"wrapped paragraph",
			"ListTasks returns the tasks that match the filter, most urgent first,\nthen oldest first.\n",
			"ListTasks returns the tasks that match the filter, most urgent first, then oldest first."},
		{"paragraphs",
			"Multi has a doc comment\nover several lines.\n\n\nWith a second\nparagraph.\n",
			"Multi has a doc comment over several lines.\n\nWith a second paragraph."},
		{"gofmt'd list with continuation",
			"Kinds:\n  - a: the first,\n    continued\n  - b: the second\n\nThen more.\n",
			"Kinds:\n  - a: the first, continued\n  - b: the second\n\nThen more."},
		{"unindented list after text",
			"Steps:\n- fetch\n- parse\n* print\n",
			"Steps:\n- fetch\n- parse\n* print"},
		{"numbered list",
			"Order:\n 1. urgent tasks\n 2) then old ones,\n    oldest first\n10. last\n",
			"Order:\n 1. urgent tasks\n 2) then old ones, oldest first\n10. last"},
		{"code block kept",
			"For example:\n\n\tx := Add(1,\n\t\t2)\n\nreturns 3.\n",
			"For example:\n\n\tx := Add(1,\n\t\t2)\n\nreturns 3."},
		{"code right after text", "Call it as\n\tAdd(1, 2)\nthen stop.",
			"Call it as\n\tAdd(1, 2)\nthen stop."},
		{"not list markers", "Costs -5 or\n-x dollars, 3.5\nor 2.\n+1 is fine",
			"Costs -5 or -x dollars, 3.5 or 2. +1 is fine"},
		{"bullet", "Has:\n• one\n• two", "Has:\n• one\n• two"},
		{"CRLF and trailing space", "One  \r\ntwo\r\n\r\nthree", "One two\n\nthree"},
	} {
		if got := Join(tc.in); got != tc.want {
			t.Errorf("%s: Join(%q)\n got %q\nwant %q", tc.name, tc.in, got, tc.want)
		}
	}
}
