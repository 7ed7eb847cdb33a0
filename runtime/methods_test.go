package runtime

import (
	"fmt"
	"strings"
	"testing"
)

// TestMethodsSpoken pins what the server speaks, so that a change to the
// table is a change to this list too.
func TestMethodsSpoken(t *testing.T) {
	const want = `initialize        legacy
ping              legacy
logging/setLevel  legacy
server/discover   modern
tools/list        both
tools/call        both    target name
prompts/list      both    needs prompts
prompts/get       both    needs prompts     target name
resources/list    both    needs resources
resources/templates/list both needs resources
resources/read    both    needs resources   target uri
resources/subscribe legacy needs resources
resources/unsubscribe legacy needs resources
subscriptions/listen modern
skills/list       modern  needs skills
skills/get        modern  needs skills
resources/directory/read modern needs skills
completion/complete both  needs completions
tasks/get         modern  target taskId
tasks/update      modern  target taskId
tasks/cancel      modern  target taskId
`
	eraNames := map[eras]string{legacyEra: "legacy", modernEra: "modern", bothEras: "both"}
	needNames := [...]string{needNothing: "", needPrompts: "prompts", needResources: "resources", needCompletions: "completions", needSkills: "skills"}
	targetNames := [...]string{noTarget: "", targetName: "name", targetURI: "uri", targetTaskID: "taskId"}
	var got, wantRows strings.Builder
	for _, m := range methods {
		fmt.Fprint(&got, m.name, " ", eraNames[m.eras])
		if m.needs != needNothing {
			fmt.Fprint(&got, " needs ", needNames[m.needs])
		}
		if m.target != noTarget {
			fmt.Fprint(&got, " target ", targetNames[m.target])
		}
		got.WriteByte('\n')
	}
	for line := range strings.Lines(want) {
		wantRows.WriteString(strings.Join(strings.Fields(line), " ") + "\n")
	}
	if got.String() != wantRows.String() {
		t.Errorf("methods:\n%s\nwant:\n%s", got.String(), wantRows.String())
	}
}

// TestMethodTable checks that methods says what the server speaks: each
// method is answered in every protocol version of its eras when the server
// holds what it needs, and is not found (or, if modern-only, lacks the
// modern _meta) everywhere else.
func TestMethodTable(t *testing.T) {
	for _, full := range []bool{false, true} {
		s := newTestServer(t)
		if full {
			addPrimitives(t, s)
			s.MustAddSkills(skillFS, testSkills()...)
		}
		for p := range numProtocols {
			c := serve(t, s)
			params := modernParams("")
			if !p.modern() {
				c.initialize(p.String())
				params = `{}`
			}
			for i := range methods {
				m := &methods[i]
				t.Run(m.name+"/"+p.String(), func(t *testing.T) {
					got := c.do(`"q"`, m.name, params)
					era := legacyEra
					if p.modern() {
						era = modernEra
					}
					var want string
					switch {
					case m.eras&era == 0 && !p.modern():
						want = "Missing _meta field " + metaProtocolVersion + ": this method needs protocol version 2026-07-28"
					case m.eras&era == 0, m.needs != needNothing && !full:
						want = "Method not found: " + m.name + m.absent
					}
					var msg string
					if got.Error != nil {
						msg = got.Error.Message
					}
					if want != "" && msg != want {
						t.Errorf("full server %v: got %s, want the error %q", full, got.line, want)
					}
					if want == "" && (strings.HasPrefix(msg, "Method not found") || strings.Contains(msg, "needs protocol version")) {
						t.Errorf("full server %v: got %s, want the method served", full, got.line)
					}
				})
			}
		}
	}
}

// TestMethodRuns pins how each method runs (its row's serve): the table
// alone says it, and middleware reads it there (conn.intercept).
func TestMethodRuns(t *testing.T) {
	const want = `initialize now opens
ping now
logging/setLevel now
server/discover now
tools/list now
tools/call call
prompts/list now
prompts/get later
resources/list now
resources/templates/list now
resources/read later
resources/subscribe now
resources/unsubscribe now
subscriptions/listen stream
skills/list now
skills/get now
resources/directory/read now
completion/complete later
tasks/get now
tasks/update now
tasks/cancel now
`
	runNames := [...]string{runsNow: "now", runsLater: "later", runsStream: "stream", runsCall: "call"}
	var got strings.Builder
	for _, m := range methods {
		fmt.Fprint(&got, m.name, " ", runNames[m.serve.runs])
		if m.opens {
			got.WriteString(" opens")
		}
		got.WriteByte('\n')
	}
	if got.String() != want {
		t.Errorf("how the methods run:\n%s\nwant:\n%s", got.String(), want)
	}
}

// TestInitializeAdmission: initialize is admitted by the table like every
// method, under the rule of a method that opens a session. A client that
// began with the modern protocol may still initialize a legacy session; a
// modern initialize does not exist; a _meta that cannot be read as modern
// does not keep it out; and it is refused in a batch before its params are
// read.
func TestInitializeAdmission(t *testing.T) {
	s := newTestServer(t)
	c := serve(t, s)
	c.do(`1`, "server/discover", modernParams("")).result(t)
	c.do(`2`, "ping", `{}`).code(t, codeInvalidParams) // a modern client's request lacks the modern _meta
	c.initialize("2025-03-26")
	c.do(`3`, "ping", `{}`).result(t) // now a legacy session

	m := c.do(`4`, "initialize", modernParams(`"protocolVersion":"2025-11-25","capabilities":{}`))
	m.code(t, codeMethodNotFound)
	if want := "Method not found: initialize is not part of protocol 2026-07-28"; m.Error.Message != want {
		t.Errorf("modern initialize: %q, want %q", m.Error.Message, want)
	}
	res := c.do(`5`, "initialize", `{"_meta":{"io.modelcontextprotocol/protocolVersion":5},"protocolVersion":"2025-03-26","capabilities":{}}`).result(t)
	if res["protocolVersion"] != "2025-03-26" {
		t.Errorf("initialize with an unreadable _meta: %v", res)
	}

	c.send(`[{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"protocolVersion":7}}]`)
	line := c.next().line
	if !strings.Contains(string(line), `"code":-32600`) || !strings.Contains(string(line), "initialize must not be sent in a batch") {
		t.Errorf("initialize in a batch: %s", line)
	}
}
