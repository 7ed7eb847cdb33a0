package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCatalogTokens measures the estimate of mcpgen -catalog (a tools/list
// entry's bytes / 4, rounded up) against the counts of OpenAI's
// o200k_base and cl100k_base tokenizers, for the tools/list that each of
// some examples sends at 2025-11-25 (icons and _meta included, as
// -catalog counts them: cmd/mcpgen TestCatalogBytes, TestCatalogBytesIconsMeta).
// Per example, the estimate stays within a quarter of the o200k_base count;
// with -v the figures are logged. Claude's tokenizer is not published, so
// it is not measured.
func TestCatalogTokens(t *testing.T) {
	needNode(t)
	var names []string
	var texts []string
	index := map[string][2]int{} // example: its entries' range in texts
	for _, name := range []string{"calculator", "tasks", "handbook", "apps", "conformance"} {
		entries := rawToolsList(t, buildExample(t, name))
		index[name] = [2]int{len(texts), len(texts) + len(entries)}
		texts = append(texts, entries...)
		names = append(names, name)
	}
	file := filepath.Join(t.TempDir(), "texts.json")
	b, _ := json.Marshal(texts)
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := runNode(t, "clients/tokens.mjs", file)
	var counts map[string][]int
	if jerr := json.Unmarshal([]byte(lastLine(stdout)), &counts); err != nil || jerr != nil || len(counts["o200k_base"]) != len(texts) {
		t.Fatalf("tokens.mjs: %v %v\n%s", err, jerr, tail(stderr, 3000))
	}
	var report strings.Builder
	fmt.Fprintf(&report, "%-12s %5s %7s %8s %6s %6s %6s %6s\n", "example", "tools", "bytes", "bytes/4", "o200k", "ratio", "cl100k", "ratio")
	for _, name := range names {
		r := index[name]
		n, est, o, c := 0, 0, 0, 0
		for i := r[0]; i < r[1]; i++ {
			n += len(texts[i])
			est += (len(texts[i]) + 3) / 4
			o += counts["o200k_base"][i]
			c += counts["cl100k_base"][i]
		}
		ratio := float64(est) / float64(o)
		fmt.Fprintf(&report, "%-12s %5d %7d %8d %6d %6.2f %6d %6.2f\n", name, r[1]-r[0], n, est, o, ratio, c, float64(est)/float64(c))
		if ratio < 0.75 || ratio > 1.25 {
			t.Errorf("%s: bytes / 4 estimates %d tokens, o200k_base counts %d (%.2fx): the estimate -catalog documents is off by more than a quarter", name, est, o, ratio)
		}
	}
	t.Logf("tools/list at 2025-11-25, bytes / 4 against the tokenizers:\n%s", report.String())
}

// rawToolsList returns the entries, compact, of the tools/list that the
// example bin sends over stdio at protocol 2025-11-25.
func rawToolsList(t *testing.T, bin string) []string {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcpgen-e2e","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
`)
	cmd.Stderr = stderrLog(t, filepath.Base(bin))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	for _, line := range bytes.Split(out, []byte("\n")) {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Result struct {
				Tools []json.RawMessage `json:"tools"`
			} `json:"result"`
		}
		if json.Unmarshal(line, &m) != nil || string(m.ID) != "2" {
			continue
		}
		var entries []string
		for _, e := range m.Result.Tools {
			var b bytes.Buffer
			if err := json.Compact(&b, e); err != nil {
				t.Fatal(err)
			}
			entries = append(entries, b.String())
		}
		return entries
	}
	t.Fatalf("%s: no tools/list reply in %.300s", bin, out)
	return nil
}
