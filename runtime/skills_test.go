package runtime

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// skillFS holds one skill with a reference, a template in a subdirectory,
// an image and a nested skill.
var skillFS = fstest.MapFS{
	"skills/pdf/SKILL.md":                   {Data: []byte("---\nname: pdf\ndescription: Fill PDF forms\n---\n\nRead references/FORMS.md.\n")},
	"skills/pdf/references/FORMS.md":        {Data: []byte("# Forms\n")},
	"skills/pdf/logo.png":                   {Data: []byte{0x89, 'P', 'N', 'G', 0}},
	"skills/pdf/invoices/SKILL.md":          {Data: []byte("---\nname: invoices\ndescription: Invoices\n---\n")},
	"skills/acme/billing/refunds/SKILL.md":  {Data: []byte("---\nname: refunds\ndescription: Refund requests\n---\n")},
	"skills/acme/billing/refunds/policy.md": {Data: []byte("Refund within 30 days.\n")},
}

// skillFile returns the SkillFile of the file name of skillFS at uri, its
// size and digest computed as the generator does.
func skillFile(name, uri, mimeType string, binary bool) SkillFile {
	data := skillFS[name].Data
	sum := sha256.Sum256(data)
	return SkillFile{URI: uri, Path: name, MIMEType: mimeType, Size: int64(len(data)), Digest: "sha256:" + hex.EncodeToString(sum[:]), Binary: binary}
}

func testSkills() []Skill {
	md := "text/markdown"
	return []Skill{
		{URI: "skill://pdf/SKILL.md", Name: "pdf", Description: "Fill PDF forms",
			Frontmatter: `{"name": "pdf", "description": "Fill PDF forms"}`,
			Files: []SkillFile{
				skillFile("skills/pdf/SKILL.md", "skill://pdf/SKILL.md", md, false),
				skillFile("skills/pdf/invoices/SKILL.md", "skill://pdf/invoices/SKILL.md", md, false),
				skillFile("skills/pdf/logo.png", "skill://pdf/logo.png", "image/png", true),
				skillFile("skills/pdf/references/FORMS.md", "skill://pdf/references/FORMS.md", md, false),
			}},
		{URI: "skill://pdf/invoices/SKILL.md", Name: "invoices", Description: "Invoices",
			Frontmatter: `{"name":"invoices","description":"Invoices"}`,
			Files:       []SkillFile{skillFile("skills/pdf/invoices/SKILL.md", "skill://pdf/invoices/SKILL.md", md, false)}},
		{URI: "skill://acme/billing/refunds/SKILL.md", Name: "refunds", Description: "Refund requests",
			Frontmatter: `{"name":"refunds","description":"Refund requests"}`,
			Files: []SkillFile{
				skillFile("skills/acme/billing/refunds/SKILL.md", "skill://acme/billing/refunds/SKILL.md", md, false),
				skillFile("skills/acme/billing/refunds/policy.md", "skill://acme/billing/refunds/policy.md", md, false),
			}},
	}
}

func digest(name string) string {
	sum := sha256.Sum256(skillFS[name].Data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// TestSkills drives the skills extension as a 2026-07-28 client does:
// the declaration, skills/list (paged), skills/get, the files as
// resources, and directory reads.
func TestSkills(t *testing.T) {
	s := newTestServer(t, WithPageSize(2))
	s.MustAddSkills(skillFS, testSkills()...)
	c := serve(t, s)

	caps := c.do(`1`, "server/discover", modernParams("")).result(t)["capabilities"].(map[string]any)
	jsonEqual(t, "extensions", caps["extensions"], `{"io.modelcontextprotocol/tasks":{},"io.modelcontextprotocol/skills":{"directoryRead":true}}`)
	if caps["resources"] == nil {
		t.Errorf("capabilities without resources: %v", caps)
	}

	page := c.do(`2`, "skills/list", modernParams("")).result(t)
	pdfEntry := `{"uri":"skill://pdf/SKILL.md","frontmatter":{"name":"pdf","description":"Fill PDF forms"},"resources":[
		{"uri":"skill://pdf/SKILL.md","digest":"` + digest("skills/pdf/SKILL.md") + `","size":` + size("skills/pdf/SKILL.md") + `},
		{"uri":"skill://pdf/invoices/SKILL.md","digest":"` + digest("skills/pdf/invoices/SKILL.md") + `","size":` + size("skills/pdf/invoices/SKILL.md") + `},
		{"uri":"skill://pdf/logo.png","digest":"` + digest("skills/pdf/logo.png") + `","size":5},
		{"uri":"skill://pdf/references/FORMS.md","digest":"` + digest("skills/pdf/references/FORMS.md") + `","size":8}]}`
	invoicesEntry := `{"uri":"skill://pdf/invoices/SKILL.md","frontmatter":{"name":"invoices","description":"Invoices"},"resources":[
		{"uri":"skill://pdf/invoices/SKILL.md","digest":"` + digest("skills/pdf/invoices/SKILL.md") + `","size":` + size("skills/pdf/invoices/SKILL.md") + `}]}`
	jsonEqual(t, "skills/list page 1", page["skills"], `[`+pdfEntry+`,`+invoicesEntry+`]`)
	if page["ttlMs"] == nil || page["cacheScope"] != "public" || page["resultType"] != "complete" {
		t.Errorf("skills/list without its caching members: %v", page)
	}
	cursor, _ := page["nextCursor"].(string)
	page = c.do(`3`, "skills/list", modernParams(`"cursor":"`+cursor+`"`)).result(t)
	if sk := page["skills"].([]any); len(sk) != 1 || sk[0].(map[string]any)["uri"] != "skill://acme/billing/refunds/SKILL.md" || page["nextCursor"] != nil {
		t.Errorf("skills/list page 2: %v", page)
	}
	c.do(`4`, "skills/list", modernParams(`"cursor":"nope"`)).code(t, codeInvalidParams)

	got := c.do(`5`, "skills/get", modernParams(`"uri":"skill://pdf/SKILL.md"`)).result(t)
	jsonEqual(t, "skills/get", got["skill"], pdfEntry)
	if got["ttlMs"] == nil || got["cacheScope"] != "public" || got["nextCursor"] != nil {
		t.Errorf("skills/get: %v", got)
	}
	miss := c.do(`6`, "skills/get", modernParams(`"uri":"skill://nope/SKILL.md"`))
	miss.code(t, codeInvalidParams)
	if miss.Error.Message != "No skill is served at skill://nope/SKILL.md" {
		t.Errorf("skills/get of no skill: %s", miss.line)
	}
	c.do(`7`, "skills/get", modernParams("")).code(t, codeInvalidParams)

	// Every file is a resource, the SKILL.md named and described after the
	// front matter; a file of two skills is listed once.
	var all []any
	for cur := ""; ; {
		res := c.do(`8`, "resources/list", modernParams(`"cursor":"`+cur+`"`)).result(t)
		all = append(all, res["resources"].([]any)...)
		next, _ := res["nextCursor"].(string)
		if next == "" {
			break
		}
		cur = next
	}
	jsonEqual(t, "resources/list", all, `[
		{"uri":"skill://pdf/SKILL.md","name":"pdf","description":"Fill PDF forms","mimeType":"text/markdown"},
		{"uri":"skill://pdf/invoices/SKILL.md","name":"invoices","description":"Invoices","mimeType":"text/markdown"},
		{"uri":"skill://pdf/logo.png","name":"logo.png","mimeType":"image/png"},
		{"uri":"skill://pdf/references/FORMS.md","name":"FORMS.md","mimeType":"text/markdown"},
		{"uri":"skill://acme/billing/refunds/SKILL.md","name":"refunds","description":"Refund requests","mimeType":"text/markdown"},
		{"uri":"skill://acme/billing/refunds/policy.md","name":"policy.md","mimeType":"text/markdown"}]`)
	read := c.do(`9`, "resources/read", modernParams(`"uri":"skill://pdf/SKILL.md"`)).result(t)
	jsonEqual(t, "SKILL.md", read["contents"], `[{"uri":"skill://pdf/SKILL.md","mimeType":"text/markdown","text":`+quote(string(skillFS["skills/pdf/SKILL.md"].Data))+`}]`)
	read = c.do(`10`, "resources/read", modernParams(`"uri":"skill://pdf/logo.png"`)).result(t)
	jsonEqual(t, "logo.png", read["contents"], `[{"uri":"skill://pdf/logo.png","mimeType":"image/png","blob":"`+base64.StdEncoding.EncodeToString(skillFS["skills/pdf/logo.png"].Data)+`"}]`)

	// Directories: the skill's root, its subdirectories, and the prefix
	// directories above a skill.
	dir := c.do(`11`, "resources/directory/read", modernParams(`"uri":"skill://pdf"`)).result(t)
	first := dir["resources"].([]any)
	next, _ := dir["nextCursor"].(string)
	if dir["ttlMs"] != nil || dir["cacheScope"] != nil || dir["resultType"] != "complete" || next == "" {
		t.Errorf("directory read page 1: %v", dir)
	}
	dir = c.do(`12`, "resources/directory/read", modernParams(`"uri":"skill://pdf","cursor":"`+next+`"`)).result(t)
	jsonEqual(t, "skill://pdf", append(first, dir["resources"].([]any)...), `[
		{"uri":"skill://pdf/SKILL.md","name":"pdf","description":"Fill PDF forms","mimeType":"text/markdown"},
		{"uri":"skill://pdf/invoices","name":"invoices","mimeType":"inode/directory"},
		{"uri":"skill://pdf/logo.png","name":"logo.png","mimeType":"image/png"},
		{"uri":"skill://pdf/references","name":"references","mimeType":"inode/directory"}]`)
	dir = c.do(`13`, "resources/directory/read", modernParams(`"uri":"skill://acme"`)).result(t)
	jsonEqual(t, "skill://acme", dir["resources"], `[{"uri":"skill://acme/billing","name":"billing","mimeType":"inode/directory"}]`)
	for id, uri := range map[string]string{`14`: "skill://pdf/SKILL.md", `15`: "skill://pdf/", `16`: "skill://nope", `17`: "skill:/"} {
		m := c.do(id, "resources/directory/read", modernParams(`"uri":"`+uri+`"`))
		m.code(t, codeInvalidParams)
		if m.Error.Message != uri+" is not a directory resource" {
			t.Errorf("directory read of %s: %s", uri, m.line)
		}
	}

	// A legacy client sees the files as resources, and neither the
	// declaration nor the methods, which 2025-11-25 does not have.
	c = serve(t, s)
	init := c.initialize("2025-11-25")
	if ext := init["capabilities"].(map[string]any)["extensions"]; ext != nil {
		t.Errorf("legacy initialize declares extensions: %v", ext)
	}
	c.do(`20`, "skills/list", `{}`).code(t, codeInvalidParams)
	c.do(`21`, "resources/read", `{"uri":"skill://pdf/references/FORMS.md"}`).result(t)
}

func size(name string) string { return strconv.Itoa(len(skillFS[name].Data)) }

func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// TestSkillsAbsent: a server without skills declares no skills extension
// and has no skills methods.
func TestSkillsAbsent(t *testing.T) {
	c := serve(t, newTestServer(t))
	caps := c.do(`1`, "server/discover", modernParams("")).result(t)["capabilities"].(map[string]any)
	jsonEqual(t, "extensions", caps["extensions"], `{"io.modelcontextprotocol/tasks":{}}`)
	for _, m := range []string{"skills/list", "skills/get", "resources/directory/read"} {
		c.do(`2`, m, modernParams("")).code(t, codeMethodNotFound)
	}
}

// TestAddSkillsErrors: what AddSkills refuses, registering nothing.
func TestAddSkillsErrors(t *testing.T) {
	good := testSkills()[1]
	file := good.Files[0]
	with := func(f func(sk *Skill)) Skill {
		sk := good
		sk.Files = []SkillFile{file}
		f(&sk)
		return sk
	}
	for _, tc := range []struct {
		sk   Skill
		want string
	}{
		{with(func(sk *Skill) { sk.URI = "skill://pdf/invoices/README.md" }), "the URI must be SCHEME://PATH/SKILL.md"},
		{with(func(sk *Skill) { sk.URI = "skill:///SKILL.md" }), "the URI must be SCHEME://PATH/SKILL.md"},
		{with(func(sk *Skill) { sk.Name = "bills" }), `the URI's last segment "invoices" is not the skill's name "bills"`},
		{with(func(sk *Skill) { sk.Description = "" }), "empty Description"},
		{with(func(sk *Skill) { sk.Frontmatter = `["name"]` }), "Frontmatter is not a JSON object"},
		{with(func(sk *Skill) { sk.Files[0].URI = "skill://other/SKILL.md" }), `file "skill://other/SKILL.md" is not under the skill's directory skill://pdf/invoices`},
		{with(func(sk *Skill) { sk.Files[0].Digest = "sha256:ABC" }), `digest "sha256:ABC" is not sha256: and 64 lowercase hexadecimal digits`},
		{with(func(sk *Skill) { sk.Files[0].Path = "../x" }), `"../x" is not a valid fs.FS path`},
		{with(func(sk *Skill) { sk.Files = nil }), "no file is its SKILL.md"},
	} {
		s := newTestServer(t)
		err := s.AddSkills(skillFS, tc.sk)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("AddSkills(%+v): got %v, want an error with %q", tc.sk, err, tc.want)
		}
		if ts := s.snapshot(); ts.hasSkills() || ts.hasResources() {
			t.Errorf("AddSkills(%+v) failed but registered something", tc.sk)
		}
	}
	s := newTestServer(t)
	s.MustAddSkills(skillFS, good)
	if err := s.AddSkills(skillFS, good); err == nil || !strings.Contains(err.Error(), "duplicate URI") {
		t.Errorf("second AddSkills of one skill: %v", err)
	}
	s = newTestServer(t)
	if err := s.AddSkills(skillFS, good, good); err == nil || !strings.Contains(err.Error(), "duplicate URI") {
		t.Errorf("AddSkills of one skill twice: %v", err)
	}
	if s.snapshot().hasSkills() {
		t.Error("AddSkills of one skill twice failed but registered it")
	}
	s = newTestServer(t)
	s.MustAddResource(Resource{URI: file.URI, Name: "taken", Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) { return nil, nil }})
	if err := s.AddSkills(skillFS, good); err == nil || !strings.Contains(err.Error(), "a resource of that URI is already registered") {
		t.Errorf("AddSkills over a resource: %v", err)
	}
}

// TestSkillFileChanged: a file whose size is not its entry's is not sent.
func TestSkillFileChanged(t *testing.T) {
	s := newTestServer(t)
	sk := testSkills()[1]
	sk.Files[0].Size++
	s.MustAddSkills(skillFS, sk)
	c := serve(t, s)
	m := c.do(`1`, "resources/read", modernParams(`"uri":"skill://pdf/invoices/SKILL.md"`))
	m.code(t, codeInternalError)
}

// TestSkillsAddedWhileServing: skills added while serving are resources
// that a server WithListChanged announces, and modern clients then see the
// extension and the skill.
func TestSkillsAddedWhileServing(t *testing.T) {
	s := newTestServer(t, WithListChanged())
	addPrimitives(t, s)
	c := serve(t, s)
	c.initialize("2025-11-25")
	s.MustAddSkills(skillFS, testSkills()[1])
	expectNext(t, c, "notifications/resources/list_changed")
	if got := listNames(t, c, `1`, "resources/list", "", "resources", "uri"); !slices.Contains(got, "skill://pdf/invoices/SKILL.md") {
		t.Errorf("resources/list after AddSkills: %v", got)
	}
	m := serve(t, s)
	caps := m.do(`2`, "server/discover", modernParams("")).result(t)["capabilities"].(map[string]any)
	if caps["extensions"].(map[string]any)[skillsExtension] == nil {
		t.Errorf("no skills extension after AddSkills: %v", caps)
	}
	m.do(`3`, "skills/get", modernParams(`"uri":"skill://pdf/invoices/SKILL.md"`)).result(t)
}

// skillURIs returns the uri of each entry of a skills/list or of each
// resource of a resources/list or directory read, in order.
func skillURIs(items any) []string {
	var out []string
	for _, it := range items.([]any) {
		out = append(out, it.(map[string]any)["uri"].(string))
	}
	return out
}

// allSkills pages through skills/list, checking each page's cacheScope.
func allSkills(t *testing.T, c *testClient, cacheScope string) []string {
	t.Helper()
	var out []string
	for cur := ""; ; {
		page := c.do(`1`, "skills/list", modernParams(`"cursor":"`+cur+`"`)).result(t)
		if page["cacheScope"] != cacheScope {
			t.Errorf("skills/list page: cacheScope %v, want %s", page["cacheScope"], cacheScope)
		}
		out = append(out, skillURIs(page["skills"])...)
		cur, _ = page["nextCursor"].(string)
		if cur == "" {
			return out
		}
	}
}

// allResources pages through resources/list.
func allResources(t *testing.T, c *testClient) []string {
	t.Helper()
	var out []string
	for cur := ""; ; {
		page := c.do(`1`, "resources/list", modernParams(`"cursor":"`+cur+`"`)).result(t)
		out = append(out, skillURIs(page["resources"])...)
		cur, _ = page["nextCursor"].(string)
		if cur == "" {
			return out
		}
	}
}

// TestSkillsFilter: a Filter sees each skill as one item of kind
// ItemSkill, never its files; a skill it refuses is absent from
// skills/list (paged as the others are), unknown to skills/get and to
// directory reads, and its files are not found, unless another skill the
// caller sees has them too (a nested skill's files are the enclosing
// skill's).
func TestSkillsFilter(t *testing.T) {
	var mu sync.Mutex
	kinds := map[ItemKind][]string{}
	s := newTestServer(t, WithPageSize(1), WithFilter(func(ctx context.Context, it Item) bool {
		mu.Lock()
		if !slices.Contains(kinds[it.Kind], it.Name) {
			kinds[it.Kind] = append(kinds[it.Kind], it.Name)
		}
		mu.Unlock()
		id := IdentityFrom(ctx)
		switch {
		case id == nil:
			return true
		case id.Claims["tenant"] == "b": // no PDF skill
			return it.Name != "skill://pdf/SKILL.md"
		case id.Claims["tenant"] == "c": // no invoices skill
			return it.Name != "skill://pdf/invoices/SKILL.md"
		}
		return true
	}))
	s.MustAddSkills(skillFS, testSkills()...)
	s.MustAddResource(Resource{URI: "notes://today", Name: "today", Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) {
		return TextResource("today"), nil
	}})
	tenant := func(name string) *testClient {
		return serveCtx(t, ContextWithIdentity(t.Context(), &Identity{Subject: "u", Claims: map[string]any{"tenant": name}}), s)
	}

	a, b, c := tenant("a"), tenant("b"), tenant("c")
	every := []string{"skill://pdf/SKILL.md", "skill://pdf/invoices/SKILL.md", "skill://acme/billing/refunds/SKILL.md"}
	if got := allSkills(t, a, "private"); !slices.Equal(got, every) {
		t.Errorf("tenant a skills = %v", got)
	}
	if got := allSkills(t, b, "private"); !slices.Equal(got, every[1:]) {
		t.Errorf("tenant b skills = %v", got)
	}
	if got := allSkills(t, c, "private"); !slices.Equal(got, []string{every[0], every[2]}) {
		t.Errorf("tenant c skills = %v", got)
	}
	// A cursor of one caller's list is no cursor of another's.
	page := a.do(`2`, "skills/list", modernParams("")).result(t)
	b.do(`3`, "skills/list", modernParams(`"cursor":"`+page["nextCursor"].(string)+`"`)).code(t, codeInvalidParams)

	// Hidden is unknown: the same answers as for a skill never served.
	for _, m := range []struct{ method, hidden, never string }{
		{"skills/get", "skill://pdf/SKILL.md", "skill://nope/SKILL.md"},
		{"resources/read", "skill://pdf/logo.png", "skill://nope/logo.png"},
		{"resources/read", "skill://pdf/SKILL.md", "skill://nope/SKILL.md"},
		{"resources/directory/read", "skill://pdf/references", "skill://nope/references"},
	} {
		hidden := b.do(`4`, m.method, modernParams(`"uri":"`+m.hidden+`"`))
		never := b.do(`4`, m.method, modernParams(`"uri":"`+m.never+`"`))
		if hidden.Error == nil || strings.ReplaceAll(string(hidden.line), m.hidden, m.never) != string(never.line) {
			t.Errorf("%s of a hidden %s: %s; of %s: %s", m.method, m.hidden, hidden.line, m.never, never.line)
		}
	}
	// The invoices skill, inside the hidden one, stays whole: its
	// SKILL.md and directory; the PDF skill's own directory lists it alone.
	jsonEqual(t, "skills/get invoices", b.do(`5`, "skills/get", modernParams(`"uri":"skill://pdf/invoices/SKILL.md"`)).result(t)["skill"],
		`{"uri":"skill://pdf/invoices/SKILL.md","frontmatter":{"name":"invoices","description":"Invoices"},"resources":[
		{"uri":"skill://pdf/invoices/SKILL.md","digest":"`+digest("skills/pdf/invoices/SKILL.md")+`","size":`+size("skills/pdf/invoices/SKILL.md")+`}]}`)
	b.do(`6`, "resources/read", modernParams(`"uri":"skill://pdf/invoices/SKILL.md"`)).result(t)
	dir := b.do(`7`, "resources/directory/read", modernParams(`"uri":"skill://pdf"`)).result(t)
	jsonEqual(t, "tenant b skill://pdf", dir["resources"], `[{"uri":"skill://pdf/invoices","name":"invoices","mimeType":"inode/directory"}]`)
	if got := skillURIs(b.do(`8`, "resources/directory/read", modernParams(`"uri":"skill://pdf/invoices"`)).result(t)["resources"]); !slices.Equal(got, []string{"skill://pdf/invoices/SKILL.md"}) {
		t.Errorf("tenant b skill://pdf/invoices = %v", got)
	}
	if got, want := allResources(t, b), []string{"skill://pdf/invoices/SKILL.md", "skill://acme/billing/refunds/SKILL.md", "skill://acme/billing/refunds/policy.md", "notes://today"}; !slices.Equal(got, want) {
		t.Errorf("tenant b resources = %v, want %v", got, want)
	}

	// Hiding the nested skill hides it as a skill; its SKILL.md is still
	// a file of the PDF skill, which lists it.
	c.do(`9`, "skills/get", modernParams(`"uri":"skill://pdf/invoices/SKILL.md"`)).code(t, codeInvalidParams)
	c.do(`10`, "resources/read", modernParams(`"uri":"skill://pdf/invoices/SKILL.md"`)).result(t)
	if got := allResources(t, c); len(got) != 7 {
		t.Errorf("tenant c resources = %v, want all 7", got)
	}
	if got := allResources(t, a); len(got) != 7 {
		t.Errorf("tenant a resources = %v, want all 7", got)
	}

	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(kinds[ItemSkill], every) {
		t.Errorf("the filter saw the skills %v, want %v", kinds[ItemSkill], every)
	}
	if got := kinds[ItemResource]; !slices.Equal(got, []string{"notes://today"}) {
		t.Errorf("the filter saw the resources %v: a skill's files are no items of their own", got)
	}
}

// TestSkillsScopes: a skill's Scopes are checked as a tool's are when the
// request has an identity: a caller without them does not see the skill
// nor list its files, and is refused (Forbidden, naming the scope) its
// skills/get and the reads of its files; a caller with them sees it all;
// without an identity nothing is checked.
func TestSkillsScopes(t *testing.T) {
	s := newTestServer(t)
	skills := testSkills()
	skills[2].Scopes = []string{"billing:read"}
	s.MustAddSkills(skillFS, skills...)
	as := func(scopes ...string) *testClient {
		return serveCtx(t, ContextWithIdentity(t.Context(), &Identity{Subject: "u", Scopes: scopes}), s)
	}
	reader, biller := as("notes:read"), as("billing:read")
	if got := allSkills(t, reader, "private"); !slices.Equal(got, []string{"skill://pdf/SKILL.md", "skill://pdf/invoices/SKILL.md"}) {
		t.Errorf("skills without billing:read = %v", got)
	}
	if got := allSkills(t, biller, "private"); len(got) != 3 {
		t.Errorf("skills with billing:read = %v", got)
	}
	if got := allSkills(t, serve(t, s), "private"); len(got) != 3 {
		t.Errorf("skills without an identity = %v", got)
	}
	for _, tc := range []struct{ method, uri, want string }{
		{"skills/get", "skill://acme/billing/refunds/SKILL.md", "Forbidden: skill skill://acme/billing/refunds/SKILL.md needs scope billing:read"},
		{"resources/read", "skill://acme/billing/refunds/policy.md", "Forbidden: resource skill://acme/billing/refunds/policy.md needs scope billing:read"},
	} {
		m := reader.do(`2`, tc.method, modernParams(`"uri":"`+tc.uri+`"`))
		m.code(t, codeInvalidRequest)
		if m.Error.Message != tc.want {
			t.Errorf("%s %s: %s", tc.method, tc.uri, m.line)
		}
		biller.do(`3`, tc.method, modernParams(`"uri":"`+tc.uri+`"`)).result(t)
	}
	if got := allResources(t, reader); slices.ContainsFunc(got, func(u string) bool { return strings.HasPrefix(u, "skill://acme/") }) {
		t.Errorf("resources without billing:read = %v", got)
	}
	m := reader.do(`4`, "resources/directory/read", modernParams(`"uri":"skill://acme"`))
	m.code(t, codeInvalidParams)
	if got := skillURIs(biller.do(`5`, "resources/directory/read", modernParams(`"uri":"skill://acme"`)).result(t)["resources"]); !slices.Equal(got, []string{"skill://acme/billing"}) {
		t.Errorf("skill://acme with billing:read = %v", got)
	}

	bad := testSkills()[1:2]
	bad[0].Scopes = []string{"a b"}
	if err := newTestServer(t).AddSkills(skillFS, bad...); err == nil || !strings.Contains(err.Error(), `bad scope "a b"`) {
		t.Errorf("AddSkills with a bad scope: %v", err)
	}
}
