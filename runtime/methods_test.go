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
