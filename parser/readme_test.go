package parser

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestReadmeDocumentsDirectives keeps the reference's promise
// (docs/directives.md) that every directive and every option the parser
// accepts is documented: the
// directive names are read from the table of directives, the options of
// each directive from its grammar (options.go), so a new one fails
// this test until the reference has it.
func TestReadmeDocumentsDirectives(t *testing.T) {
	readme := readReference(t)

	var directives []string
	for _, d := range directiveTable() {
		directives = append(directives, d.word)
	}
	for _, d := range directives {
		if !strings.Contains(readme, "//mcp:"+d+" ") && !strings.Contains(readme, "//mcp:"+d+"`") {
			t.Errorf("docs/directives.md does not document //mcp:%s", d)
		}
	}

	// The package doc (doc.go) shows every directive and //mcp:tool option too.
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range directives {
		if !strings.Contains(string(doc), "//mcp:"+d+" ") {
			t.Errorf("the package doc (doc.go) does not show //mcp:%s", d)
		}
	}
	for _, o := range toolSpec().keys() {
		if !strings.Contains(string(doc), "//\t"+o+" ") && !strings.Contains(string(doc), "//\t"+o+"=") {
			t.Errorf("the package doc (doc.go) does not list the //mcp:tool option %s", o)
		}
	}

	// The table of //mcp:tool options: one row per option.
	for _, o := range toolSpec().keys() {
		if !strings.Contains(readme, "\n| `"+o) {
			t.Errorf("docs/directives.md has no row for the //mcp:tool option %s in the table of The annotation", o)
		}
	}

	// The grammar lines of //mcp:prompt, //mcp:resource and //mcp:complete.
	lines := ""
	for line := range strings.SplitSeq(readme, "\n") {
		for _, d := range []string{"**`//mcp:prompt ", "**`//mcp:resource ", "`//mcp:complete prompt="} {
			if strings.HasPrefix(line, d) {
				lines += line + "\n"
			}
		}
	}
	var primOpts []string
	for _, d := range []*grammar{promptSpec(), resourceSpec(), completeSpec()} {
		primOpts = append(primOpts, d.keys()...)
	}
	for _, o := range primOpts {
		if !strings.Contains(lines, o+"=") && !strings.Contains(lines, "["+o+"]") { // a flag: [app]
			t.Errorf("the reference's grammar lines of //mcp:prompt, //mcp:resource and //mcp:complete do not show the option %s=:\n%s", o, lines)
		}
	}
}

// readReference returns the reference's page of directives, docs/directives.md.
func readReference(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../docs/directives.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReadmeStatesWarningLimit: the README says how many undescribed
// parameters of a package are warned about one by one, maxParamWarnings.
func TestReadmeStatesWarningLimit(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), " ")
	if want := "one line each up to " + strconv.Itoa(maxParamWarnings) + " parameters in a package"; !strings.Contains(readme, want) {
		t.Errorf("README.md does not say %q", want)
	}
}
