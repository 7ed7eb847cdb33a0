package gen_views

// This test is added to testdata/gen_views, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it calls the tools whose results the package's //mcp:view lines shape,
// and checks each structured result against the output schema the tool
// advertises.

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/internal/validate"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/mcpgen/mcpgen/testdata/gen_views/api"
)

func ptr[T any](v T) *T { return &v }

func tracker() *Tracker {
	octocat := &api.User{Login: ptr("octocat"), ID: ptr(int64(1)), AvatarURL: ptr("https://a/1"), NodeID: ptr("U1")}
	repo := &api.Repository{Name: ptr("hello"), Owner: octocat, URL: ptr("https://api/r"), HTMLURL: ptr("https://r"), NodeID: ptr("R1"),
		Parent: &api.Repository{Name: ptr("upstream"), Stars: 9}, Stars: 80, Topics: []string{"go"}, Private: false}
	return &Tracker{Issues: []*api.Issue{
		{ID: ptr(int64(70)), Number: ptr(7), Title: ptr("Found a bug"), Body: ptr("long text"), User: octocat,
			Assignees: []*api.User{octocat}, Labels: []*api.Label{{Name: ptr("bug"), Color: ptr("f29513")}, nil},
			CreatedAt: &api.Timestamp{Unix: 1303479228}, URL: ptr("https://api/i/7"), HTMLURL: ptr("https://i/7"), NodeID: ptr("I7"),
			Repo: repo, Meta: api.Meta{Locked: true, Reason: "spam"}},
		{Number: ptr(8), Title: ptr("Second")},
	}}
}

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("views", "1.0.0")
	RegisterTrackerTools(srv, tracker())
	schemas := map[string]*validate.Validator{}
	for _, tl := range srv.Tools() {
		if tl.OutputSchema == "" {
			t.Errorf("%s: no output schema (a view's is always kept)", tl.Name)
			continue
		}
		v, err := validate.Compile(tl.OutputSchema)
		if err != nil {
			t.Fatalf("%s: output schema: %v", tl.Name, err)
		}
		schemas[tl.Name] = v
	}
	issue7 := `{"number":7,"title":"Found a bug","user":{"login":"octocat"},"labels":[{"name":"bug"},null],"created_at":1303479228,` +
		`"repository":{"name":"hello","owner":{"login":"octocat"},"parent":{"name":"upstream","stargazers_count":9,"private":false},"stargazers_count":80,"topics":["go"],"private":false},"locked":true}`
	issue8 := `{"number":8,"title":"Second","locked":false}`
	for _, c := range []struct{ name, args, want string }{
		// At the top, with the views of the types it holds (nested, in
		// slices, recursive), a member of an embedded struct kept.
		// A pointer to a struct is sent as the struct.
		{"get", `{"number":7}`, issue7},
		{"get", `{"number":8}`, issue8},
		// In a slice, in a map of values, in a struct of the package's own.
		{"list", `{}`, `{"result":[` + issue7 + `,` + issue8 + `]}`},
		{"by_title", `{}`, `{"Found a bug":` + issue7 + `,"Second":` + issue8 + `}`},
		{"search", `{"query":"x"}`, `{"total":2,"items":[` + issue7 + `,` + issue8 + `]}`},
		// An instance of a generic struct type that holds issues.
		{"paged", `{}`, `{"items":[` + issue7 + `],"next":2}`},
		// A result sent as FUNC(result) (//mcp:result), which holds a
		// viewed type, beside the value.
		{"fetch", `{"number":7}`, `{"result":` + issue7 + `,"response_paging":{"next":8,"by":{"login":"octocat"}}}`},
		// Members of a result object; a struct value viewed.
		{"pair", `{}`, `{"issue":` + issue7 + `,"repo":{"name":"hello","owner":{"login":"octocat"},"parent":{"name":"upstream","stargazers_count":9,"private":false},"stargazers_count":80,"topics":["go"],"private":false}}`},
		// Views never apply to arguments: the whole issue is taken, its
		// view sent back.
		{"create", `{"number":9,"title":"New","body":"kept in memory","node_id":"I9","user":{"login":"hubot","node_id":"U2"},"locked":false}`,
			`{"number":9,"title":"New","user":{"login":"hubot"},"locked":false}`},
	} {
		res, err := srv.Call(context.Background(), c.name, json.RawMessage(c.args), nil)
		if err != nil {
			t.Errorf("%s %s: %v", c.name, c.args, err)
			continue
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			StructuredContent json.RawMessage `json:"structuredContent"`
			Content           []struct {
				Text string `json:"text"`
			} `json:"content"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if string(got.StructuredContent) != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.name, c.args, got.StructuredContent, c.want)
		}
		if len(got.Content) != 1 || got.Content[0].Text != c.want {
			t.Errorf("%s %s: text block %+v, want the same JSON", c.name, c.args, got.Content)
		}
		if v := schemas[c.name]; v != nil {
			if err := v.Validate(got.StructuredContent); err != nil {
				t.Errorf("%s %s: structuredContent does not validate against the advertised output schema: %v", c.name, c.args, err)
			}
		}
	}
	// The input schema of create is the whole issue's.
	for _, tl := range srv.Tools() {
		if tl.Name == "create" && (!strings.Contains(tl.InputSchema, `"body"`) || !strings.Contains(tl.InputSchema, `"node_id"`)) {
			t.Errorf("create: the input schema lacks members a view leaves out of results:\n%s", tl.InputSchema)
		}
	}
}
