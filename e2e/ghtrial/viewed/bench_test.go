package viewed

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-github/v89/github"

	"github.com/mcpgen/mcpgen/e2e/ghtrial/fake"
	"github.com/mcpgen/mcpgen/runtime"
)

// pulls is what list_pull_requests returns in the trial: five pull
// requests as the GitHub API writes them, decoded by go-github.
func pulls(tb testing.TB) []*github.PullRequest {
	var prs []*github.PullRequest
	for i := range 5 {
		b, err := json.Marshal(fake.Pull(1341 + i))
		if err != nil {
			tb.Fatal(err)
		}
		var pr github.PullRequest
		if err := json.Unmarshal(b, &pr); err != nil {
			tb.Fatal(err)
		}
		prs = append(prs, &pr)
	}
	return prs
}

// viewOf is what the generated handler of list_pull_requests does with
// the value before encoding it: the views, filled by the generated fill
// methods.
func viewOf(prs []*github.PullRequest) []*viewPullRequest {
	out := make([]*viewPullRequest, len(prs))
	vals := make([]viewPullRequest, len(prs))
	for i, p := range prs {
		if p != nil {
			vals[i].fill(p)
			out[i] = &vals[i]
		}
	}
	return out
}

func encodeWhole(tb testing.TB, prs []*github.PullRequest) int {
	r, err := runtime.WrappedResult(prs)
	if err != nil {
		tb.Fatal(err)
	}
	return len(r.Content[0].(*runtime.TextContent).Text)
}

func encodeViewed(tb testing.TB, prs []*github.PullRequest) int {
	r, err := runtime.WrappedResult(viewOf(prs))
	if err != nil {
		tb.Fatal(err)
	}
	return len(r.Content[0].(*runtime.TextContent).Text)
}

// BenchmarkEncode encodes the same five pull requests whole (as package
// thin sends them) and through the views (as package viewed does).
func BenchmarkEncode(b *testing.B) {
	prs := pulls(b)
	for _, c := range []struct {
		name   string
		encode func(testing.TB, []*github.PullRequest) int
	}{{"whole", encodeWhole}, {"viewed", encodeViewed}} {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				n = c.encode(b, prs)
			}
			b.ReportMetric(float64(n), "text-bytes")
		})
	}
}

// BenchmarkViewedVsWhole reports what encoding through the views costs
// against encoding the whole value, the same value, as a ratio (never a
// timed assertion): each iteration encodes it both ways, one after the
// other, so that both meet the same load; viewed/whole-ns is the ratio
// of the times, viewed/whole-text that of the texts' bytes.
func BenchmarkViewedVsWhole(b *testing.B) {
	prs := pulls(b)
	var whole, viewed time.Duration
	var wholeText, viewedText int
	for b.Loop() {
		t0 := time.Now()
		wholeText = encodeWhole(b, prs)
		t1 := time.Now()
		viewedText = encodeViewed(b, prs)
		viewed += time.Since(t1)
		whole += t1.Sub(t0)
	}
	b.ReportMetric(float64(viewed)/float64(whole), "viewed/whole-ns")
	b.ReportMetric(float64(viewedText)/float64(wholeText), "viewed/whole-text")
}
