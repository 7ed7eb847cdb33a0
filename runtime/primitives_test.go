package runtime

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// addPrimitives registers the prompts and resources the tests below use.
func addPrimitives(t *testing.T, s *Server) {
	t.Helper()
	s.MustAddPrompt(Prompt{Name: "greet", Title: "Greet", Description: "Greets someone.",
		Arguments: []PromptArgument{
			{Name: "name", Description: "Who", Required: true},
			{Name: "lang", Description: "Language", Enum: []string{"en", "de", "es", "el", "xx", "boom", "fail"}},
		},
		Handler: func(_ context.Context, args map[string]string) (*PromptResult, error) {
			if args["lang"] == "xx" {
				return nil, InvalidParams("unknown language xx")
			}
			if args["lang"] == "boom" {
				panic("boom")
			}
			if args["lang"] == "fail" {
				return nil, errors.New("the greeting service is down")
			}
			return &PromptResult{Description: "A greeting", Messages: []PromptMessage{
				UserMessage("Say hello to " + args["name"] + " in " + args["lang"]),
				{Role: RoleAssistant, Content: &ImageContent{Data: []byte{1, 2}, MIMEType: "image/png"}},
			}}, nil
		}})
	s.MustAddResource(Resource{URI: "docs://readme", Name: "readme", MIMEType: "text/markdown",
		Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) {
			return TextResource("# Hello"), nil
		}})
	s.MustAddResource(Resource{URI: "docs://logo", Name: "logo", MIMEType: "image/png",
		Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) {
			return BlobResource([]byte{0x89, 'P'}), nil
		}})
	s.MustAddResourceTemplate(ResourceTemplate{URITemplate: "users://{id}/profile", Name: "profile",
		Description: "A user's profile", MIMEType: "application/json",
		Complete: map[string]Completer{"id": func(_ context.Context, req CompleteRequest) (*Completion, error) {
			var out []string
			for i := range 150 {
				if v := fmt.Sprint(i); strings.HasPrefix(v, req.Value) {
					out = append(out, v)
				}
			}
			return &Completion{Values: out}, nil
		}},
		Handler: func(_ context.Context, req ResourceRequest) ([]ResourceContents, error) {
			if req.Vars["id"] == "0" {
				return nil, fmt.Errorf("user 0: %w", ErrResourceNotFound)
			}
			return TextResource(`{"id":"` + req.Vars["id"] + `"}`), nil
		}})
	s.MustAddResourceTemplate(ResourceTemplate{URITemplate: "colors://{color}", Name: "color",
		Enums: map[string][]string{"color": {"red", "green"}},
		Handler: func(_ context.Context, req ResourceRequest) ([]ResourceContents, error) {
			return TextResource(req.Vars["color"]), nil
		}})
	s.MustAddResourceTemplate(ResourceTemplate{URITemplate: "file:///{+path}", Name: "file",
		Handler: func(_ context.Context, req ResourceRequest) ([]ResourceContents, error) {
			return TextResource("path " + req.Vars["path"]), nil
		}})
}

func TestPrimitiveCapabilities(t *testing.T) {
	s := newTestServer(t)
	addPrimitives(t, s)
	c := serve(t, s)
	res := c.initialize("2025-11-25")
	jsonEqual(t, "capabilities", res["capabilities"], `{"tools":{"listChanged":false},"logging":{},
		"prompts":{"listChanged":false},"resources":{"subscribe":true,"listChanged":false},"completions":{}}`)
	d := c.do(`"d"`, "server/discover", modernParams("")).result(t)
	jsonEqual(t, "modern capabilities", d["capabilities"], `{"tools":{"listChanged":false},"logging":{},
		"prompts":{"listChanged":false},"resources":{"subscribe":true,"listChanged":false},"completions":{},
		"extensions":{"io.modelcontextprotocol/tasks":{}}}`)
}

func TestNoPrimitivesNoMethods(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	for i, m := range []string{"prompts/list", "prompts/get", "resources/list", "resources/templates/list",
		"resources/read", "resources/subscribe", "completion/complete"} {
		c.do(fmt.Sprint(i), m, `{"name":"x","uri":"x"}`).code(t, codeMethodNotFound)
	}
}

func TestPromptsListAndGet(t *testing.T) {
	s := newTestServer(t)
	addPrimitives(t, s)
	c := serve(t, s)
	c.initialize("2025-06-18")
	jsonEqual(t, "prompts/list", c.do(`1`, "prompts/list", `{}`).result(t), `{"prompts":[{"name":"greet","title":"Greet",
		"description":"Greets someone.","arguments":[{"name":"name","description":"Who","required":true},
		{"name":"lang","description":"Language"}]}]}`)
	jsonEqual(t, "prompts/get", c.do(`2`, "prompts/get", `{"name":"greet","arguments":{"name":"Ada","lang":"de"}}`).result(t),
		`{"description":"A greeting","messages":[{"role":"user","content":{"type":"text","text":"Say hello to Ada in de"}},
		{"role":"assistant","content":{"type":"image","data":"AQI=","mimeType":"image/png"}}]}`)

	c.do(`3`, "prompts/get", `{"name":"nope"}`).code(t, codeInvalidParams)
	c.do(`4`, "prompts/get", `{"name":"greet","arguments":{}}`).code(t, codeInvalidParams)
	c.do(`5`, "prompts/get", `{"name":"greet","arguments":{"name":1}}`).code(t, codeInvalidParams)
	c.do(`6`, "prompts/get", `{"name":"greet","arguments":{"name":"a","other":"b"}}`).code(t, codeInvalidParams)
	c.do(`"6b"`, "prompts/get", `{"name":"greet","arguments":{"name":"a","lang":"fr"}}`).code(t, codeInvalidParams)
	c.do(`7`, "prompts/get", `{"name":"greet","arguments":{"name":"a","lang":"xx"}}`).code(t, codeInvalidParams)
	c.do(`8`, "prompts/get", `{"name":"greet","arguments":{"name":"a","lang":"boom"}}`).code(t, codeInternalError)
	m := c.do(`9`, "prompts/get", `{"name":"greet","arguments":{"name":"a","lang":"fail"}}`)
	m.code(t, codeInternalError)
	if m.Error.Message != "the greeting service is down" {
		t.Errorf("error message = %q", m.Error.Message)
	}
}

func TestPrimitivesModern(t *testing.T) {
	s := newTestServer(t)
	addPrimitives(t, s)
	c := serve(t, s)
	meta := `"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"test-server","version":"1.2.3","title":"Test Server"}}`
	jsonEqual(t, "prompts/list", c.do(`1`, "prompts/list", modernParams("")).result(t), `{"prompts":[{"name":"greet","title":"Greet",
		"description":"Greets someone.","arguments":[{"name":"name","description":"Who","required":true},
		{"name":"lang","description":"Language"}]}],"ttlMs":3600000,"cacheScope":"public","resultType":"complete",`+meta+`}`)
	jsonEqual(t, "resources/list", c.do(`2`, "resources/list", modernParams("")).result(t), `{"resources":[
		{"uri":"docs://readme","name":"readme","mimeType":"text/markdown"},
		{"uri":"docs://logo","name":"logo","mimeType":"image/png"}],
		"ttlMs":3600000,"cacheScope":"public","resultType":"complete",`+meta+`}`)
	jsonEqual(t, "resources/templates/list", c.do(`3`, "resources/templates/list", modernParams("")).result(t), `{"resourceTemplates":[
		{"uriTemplate":"users://{id}/profile","name":"profile","description":"A user's profile","mimeType":"application/json"},
		{"uriTemplate":"colors://{color}","name":"color"},
		{"uriTemplate":"file:///{+path}","name":"file"}],
		"ttlMs":3600000,"cacheScope":"public","resultType":"complete",`+meta+`}`)
	jsonEqual(t, "resources/read", c.do(`4`, "resources/read", modernParams(`"uri":"users://42/profile"`)).result(t),
		`{"contents":[{"uri":"users://42/profile","mimeType":"application/json","text":"{\"id\":\"42\"}"}],
		"ttlMs":0,"cacheScope":"private","resultType":"complete",`+meta+`}`)
	jsonEqual(t, "prompts/get", c.do(`5`, "prompts/get", modernParams(`"name":"greet","arguments":{"name":"Bo"}`)).result(t),
		`{"description":"A greeting","messages":[{"role":"user","content":{"type":"text","text":"Say hello to Bo in "}},
		{"role":"assistant","content":{"type":"image","data":"AQI=","mimeType":"image/png"}}],"resultType":"complete",`+meta+`}`)
	// Subscriptions are made with subscriptions/listen in 2026-07-28.
	c.do(`6`, "resources/subscribe", modernParams(`"uri":"docs://readme"`)).code(t, codeMethodNotFound)
}

func TestResourcesRead(t *testing.T) {
	s := newTestServer(t)
	addPrimitives(t, s)
	c := serve(t, s)
	c.initialize("2025-11-25")
	tests := []struct{ uri, want string }{
		{"docs://readme", `{"contents":[{"uri":"docs://readme","mimeType":"text/markdown","text":"# Hello"}]}`},
		{"docs://logo", `{"contents":[{"uri":"docs://logo","mimeType":"image/png","blob":"iVA="}]}`},
		{"users://7/profile", `{"contents":[{"uri":"users://7/profile","mimeType":"application/json","text":"{\"id\":\"7\"}"}]}`},
		{"users://a%20b/profile", `{"contents":[{"uri":"users://a%20b/profile","mimeType":"application/json","text":"{\"id\":\"a b\"}"}]}`},
		{"file:///etc/hosts", `{"contents":[{"uri":"file:///etc/hosts","text":"path etc/hosts"}]}`},
		{"colors://red", `{"contents":[{"uri":"colors://red","text":"red"}]}`},
	}
	for i, tt := range tests {
		jsonEqual(t, tt.uri, c.do(fmt.Sprint(i), "resources/read", `{"uri":"`+tt.uri+`"}`).result(t), tt.want)
	}
	for i, uri := range []string{"colors://blue", "docs://nope", "users://a/b/profile", "users:///profile", "users://0/profile", "users://%zz/profile"} {
		m := c.do(fmt.Sprint(100+i), "resources/read", `{"uri":"`+uri+`"}`)
		m.code(t, codeInvalidParams)
		jsonEqual(t, uri+" error data", m.Error.Data, `{"uri":"`+uri+`"}`)
	}
}

func TestComplete(t *testing.T) {
	s := newTestServer(t)
	addPrimitives(t, s)
	c := serve(t, s)
	c.initialize("2025-11-25")
	complete := func(id, ref, arg, value string) *message {
		return c.do(id, "completion/complete", `{"ref":`+ref+`,"argument":{"name":"`+arg+`","value":"`+value+`"}}`)
	}
	jsonEqual(t, "enum prefix", complete(`1`, `{"type":"ref/prompt","name":"greet"}`, "lang", "e").result(t),
		`{"completion":{"values":["en","es","el"],"total":3}}`)
	jsonEqual(t, "enum variable", complete(`"1b"`, `{"type":"ref/resource","uri":"colors://{color}"}`, "color", "g").result(t),
		`{"completion":{"values":["green"],"total":1}}`)
	jsonEqual(t, "no completer", complete(`2`, `{"type":"ref/prompt","name":"greet"}`, "name", "A").result(t),
		`{"completion":{"values":[]}}`)
	res := complete(`3`, `{"type":"ref/resource","uri":"users://{id}/profile"}`, "id", "").result(t)
	comp := res["completion"].(map[string]any)
	if len(comp["values"].([]any)) != 100 || comp["hasMore"] != true || comp["total"] != float64(150) {
		t.Errorf("long completion: %v values, hasMore %v, total %v", len(comp["values"].([]any)), comp["hasMore"], comp["total"])
	}
	complete(`4`, `{"type":"ref/prompt","name":"nope"}`, "x", "").code(t, codeInvalidParams)
	complete(`5`, `{"type":"ref/prompt","name":"greet"}`, "nope", "").code(t, codeInvalidParams)
	complete(`6`, `{"type":"ref/resource","uri":"users://{x}"}`, "id", "").code(t, codeInvalidParams)
	complete(`7`, `{"type":"ref/resource","uri":"docs://readme"}`, "id", "").code(t, codeInvalidParams)
	complete(`8`, `{"type":"ref/other"}`, "id", "").code(t, codeInvalidParams)
}

func TestResourceSubscriptionStdio(t *testing.T) {
	s := newTestServer(t)
	addPrimitives(t, s)
	c := serve(t, s)
	c.initialize("2025-11-25")
	jsonEqual(t, "subscribe", c.do(`1`, "resources/subscribe", `{"uri":"docs://readme"}`).result(t), `{}`)
	s.ResourceUpdated("docs://logo") // not subscribed: nothing
	s.ResourceUpdated("docs://readme")
	m := c.next()
	if m.Method != "notifications/resources/updated" {
		t.Fatalf("got %s, want notifications/resources/updated", m.line)
	}
	jsonEqual(t, "params", m.Params, `{"uri":"docs://readme"}`)
	jsonEqual(t, "unsubscribe", c.do(`2`, "resources/unsubscribe", `{"uri":"docs://readme"}`).result(t), `{}`)
	s.ResourceUpdated("docs://readme")
	// The next message is the ping's reply: no notification came first.
	c.send(`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
	if m := c.next(); string(m.ID) != "3" {
		t.Fatalf("got %s, want the ping's reply", m.line)
	}
}

func TestAddPrimitiveErrors(t *testing.T) {
	s := newTestServer(t)
	addPrimitives(t, s)
	h := func(context.Context, ResourceRequest) ([]ResourceContents, error) { return nil, nil }
	ph := func(context.Context, map[string]string) (*PromptResult, error) { return nil, nil }
	for _, err := range []error{
		s.AddPrompt(Prompt{Name: "greet", Handler: ph}),
		s.AddPrompt(Prompt{Name: "bad name", Handler: ph}),
		s.AddPrompt(Prompt{Name: "p"}),
		s.AddPrompt(Prompt{Name: "p", Handler: ph, Arguments: []PromptArgument{{Name: "a"}, {Name: "a"}}}),
		s.AddResource(Resource{URI: "docs://readme", Name: "x", Handler: h}),
		s.AddResource(Resource{URI: "", Name: "x", Handler: h}),
		s.AddResource(Resource{URI: "a://b", Handler: h}),
		s.AddResourceTemplate(ResourceTemplate{URITemplate: "a://{b", Name: "x", Handler: h}),
		s.AddResourceTemplate(ResourceTemplate{URITemplate: "a://b", Name: "x", Handler: h}), // no variable
		s.AddResourceTemplate(ResourceTemplate{URITemplate: "a://{b}", Name: "x", Handler: h,
			Complete: map[string]Completer{"c": CompleteFrom()}}),
	} {
		if err == nil {
			t.Error("registration succeeded")
		}
	}
}

func TestResourceSubscriptionListen(t *testing.T) {
	s := newTestServer(t)
	addPrimitives(t, s)
	c := serve(t, s)
	c.send(`{"jsonrpc":"2.0","id":"l","method":"subscriptions/listen","params":` +
		modernParams(`"notifications":{"resourceSubscriptions":["docs://readme"],"toolsListChanged":true}`) + `}`)
	ack := c.next()
	if ack.Method != "notifications/subscriptions/acknowledged" {
		t.Fatalf("got %s, want the acknowledgement", ack.line)
	}
	jsonEqual(t, "ack", ack.Params, `{"notifications":{"resourceSubscriptions":["docs://readme"]},
		"_meta":{"io.modelcontextprotocol/subscriptionId":"l"}}`)
	// The stream stays open: another request is answered.
	res := c.do(`1`, "resources/list", modernParams("")).result(t)
	jsonEqual(t, "list", res["resources"].([]any)[0], `{"uri":"docs://readme","name":"readme","mimeType":"text/markdown"}`)
	s.ResourceUpdated("docs://logo")
	s.ResourceUpdated("docs://readme")
	m := c.next()
	if m.Method != "notifications/resources/updated" {
		t.Fatalf("got %s, want notifications/resources/updated", m.line)
	}
	jsonEqual(t, "update", m.Params, `{"uri":"docs://readme","_meta":{"io.modelcontextprotocol/subscriptionId":"l"}}`)
	// Cancelled by the client: no reply, no more notifications.
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"l"}}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":` + modernParams("") + `}`)
	if m := c.next(); string(m.ID) != "2" {
		t.Fatalf("got %s, want the reply to 2", m.line)
	}
}

func TestListenWithoutResources(t *testing.T) {
	c := serve(t, newTestServer(t))
	m := c.do(`"l"`, "subscriptions/listen", modernParams(`"notifications":{"resourceSubscriptions":["docs://readme"]}`))
	jsonEqual(t, "end", m.result(t)["_meta"].(map[string]any)["io.modelcontextprotocol/subscriptionId"], `"l"`)
	ack := c.notifications("notifications/subscriptions/acknowledged")
	if len(ack) != 1 {
		t.Fatalf("got %d acknowledgements", len(ack))
	}
	jsonEqual(t, "ack", ack[0].Params, `{"notifications":{},"_meta":{"io.modelcontextprotocol/subscriptionId":"l"}}`)
}
