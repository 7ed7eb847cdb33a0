package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	goruntime "runtime"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/mcpgen/mcpgen/internal/jsontext"
	"github.com/mcpgen/mcpgen/internal/toolname"
	"github.com/mcpgen/mcpgen/internal/validate"
)

// A Tool describes one tool: what clients see in tools/list and the
// [Handler] that runs a tools/call.
type Tool struct {
	// Name identifies the tool: 1 to 128 characters from A-Z a-z 0-9 _ - .
	// It must be unique within a Server.
	Name string
	// Title is a human-readable display name (sent to clients of protocol
	// 2025-06-18 and later; older clients get it as annotations.title).
	Title string
	// Description tells the model what the tool does.
	Description string
	// InputSchema is the JSON Schema text of the arguments object; its root
	// must be {"type":"object",...}. An empty InputSchema means
	// {"type":"object"}: any arguments object.
	InputSchema string
	// ValidateSchema, when set, is the JSON Schema text the arguments are
	// validated with in place of InputSchema, which tools/list still
	// sends. Generated code sets it under a -profile: the listed schema
	// leaves out the keywords the provider refuses (and states them in
	// the descriptions), while the server still enforces them.
	ValidateSchema string
	// OutputSchema is the JSON Schema text of the tool's structured content,
	// or "" when the tool returns no structured content.
	OutputSchema string
	// Annotations holds hints about the tool's behaviour, or nil.
	Annotations *ToolAnnotations
	// Handler runs a call of the tool. It must not be nil.
	Handler Handler
	// Scopes are the OAuth scopes a caller's token must all grant to see
	// and call the tool (checked when the request has an [Identity]: over
	// HTTP with [WithAuthorization]). A call without them is refused
	// before its arguments are read, over HTTP with 403 and a scope
	// challenge; tools/list leaves the tool out. Generated code sets them
	// from the option scope= of //mcp:tool.
	Scopes []string
	// Icons are images a client may show for the tool (protocol
	// 2025-11-25 and later). Generated code sets them from //mcp:icon.
	Icons []Icon
	// Meta, when set, is the JSON text of the tool's _meta object (sent to
	// clients of protocol 2025-06-18 and later): metadata for hosts, such
	// as the view of an MCP App (see [AppsExtension]). Its keys must be
	// well formed (an optional prefix of dot-separated labels and a slash,
	// then a name). Generated code sets it from //mcp:meta and the
	// options ui= and visibility= of //mcp:tool.
	Meta string
	// TaskSupport says whether calls of the tool may run as tasks
	// (protocol 2026-07-28, extension io.modelcontextprotocol/tasks): a
	// call that runs longer than TaskGrace is then answered with a task
	// that the client polls. The default, TaskForbidden, never does that.
	TaskSupport TaskSupport
	// Toolset is the name of the toolset the tool belongs to, declared
	// before with [Server.AddToolset], or "" for none: a tool in no
	// toolset is served whatever toolsets are chosen. Generated code sets
	// it from the option toolset= of //mcp:tool.
	Toolset string
}

// ToolAnnotations are hints about a tool's behaviour. Clients must not rely
// on them for safety. A nil field is omitted and means the protocol's
// default: readOnly false, destructive true, idempotent false, openWorld true.
type ToolAnnotations struct {
	Title           string `json:"title,omitempty"`
	ReadOnlyHint    *bool  `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool  `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool  `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool  `json:"openWorldHint,omitempty"`
}

// A Handler runs one call of a tool. args is the arguments object, never nil
// ("{}" when the client sent none), and has already been validated against
// the tool's InputSchema. A non-nil error becomes a result with isError set
// whose text is err.Error(); a nil *Result is treated as [EmptyResult]().
// The context is cancelled when the client cancels the call or the
// connection ends; it also carries the call's [ReportProgress] and [Logger].
type Handler func(ctx context.Context, args json.RawMessage) (*Result, error)

// Bool returns a pointer to b, for the hints of [ToolAnnotations].
func Bool(b bool) *bool { return &b }

// tool is a registered Tool with its compiled parts.
type tool struct {
	Tool
	input    json.RawMessage // compact InputSchema
	check    string          // ValidateSchema, or "" to validate with input
	output   json.RawMessage // compact OutputSchema, or nil
	icons    []byte          // Icons as sent, or nil
	meta     json.RawMessage // compact Meta, or nil
	app      bool            // Meta has the MCP Apps member ui
	view     string          // its ui.resourceUri, or ""
	compiled atomic.Pointer[validate.Validator]
	chain    RequestHandler // the tool's middleware (WithToolMiddleware), nil if none
}

// validator returns the compiled input schema, compiling it on the tool's
// first call: a server of many tools keeps only the validators of the tools
// that were called (a compiled schema takes several times its text's
// memory). AddTool compiled the schema once, to report an error, and
// dropped the result; compiling is deterministic, so it cannot fail here.
func (t *tool) validator() *validate.Validator {
	if v := t.compiled.Load(); v != nil {
		return v
	}
	src := string(t.input)
	if t.check != "" {
		src = t.check
	}
	v, err := validate.Compile(src)
	if err != nil {
		panic("runtime: tool " + t.Name + ": input schema: " + err.Error()) // checked by AddTool
	}
	t.compiled.CompareAndSwap(nil, v)
	return t.compiled.Load()
}

// AddTool registers t. It reports an error, and registers nothing, when the
// name is invalid or already taken, the handler is nil, or a schema is not a
// JSON object or does not compile.
// An input schema without a root "properties" is listed with an empty one,
// as generated schemas are: some model providers refuse a parameters
// schema without it, and it changes nothing the schema admits.
func (s *Server) AddTool(t Tool) error {
	s.mu.Lock()
	t.Name = s.toolPrefix + t.Name
	s.mu.Unlock()
	rt, err := newTool(t)
	if err != nil {
		return err
	}
	by := registrant()
	s.mu.Lock()
	if t.Toolset != "" && !slices.ContainsFunc(s.toolsets, func(d Toolset) bool { return d.Name == t.Toolset }) {
		s.mu.Unlock()
		return fmt.Errorf("runtime: tool %q: toolset %q is not declared: declare it with AddToolset before its tools", t.Name, t.Toolset)
	}
	if first, dup := s.names[t.Name]; dup {
		s.mu.Unlock()
		return duplicateTool(t.Name, first, by)
	}
	s.names[t.Name] = by
	rt.chain = s.toolChain(t.Name)
	s.tools = append(s.tools, rt)
	s.snap.Store(nil) // tools/list pages are recomputed on the next read
	served := s.serves(rt)
	s.mu.Unlock()
	if served {
		s.listsChanged(listTools)
	}
	return nil
}

// PrefixTools calls register, and puts prefix before the name of every
// tool added to s while it runs: two packages that both have a tool
// "info" are registered side by side as
//
//	srv.PrefixTools("host_", func() { host.RegisterTools(srv) })
//	srv.PrefixTools("cpu_", func() { cpu.RegisterTools(srv) })
//
// which serves host_info and cpu_info. Calls nest (the prefixes join);
// register tools from one goroutine while it runs.
func (s *Server) PrefixTools(prefix string, register func()) {
	s.mu.Lock()
	outer := s.toolPrefix
	s.toolPrefix = outer + prefix
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.toolPrefix = outer
		s.mu.Unlock()
	}()
	register()
}

// MustAddTool is like [Server.AddTool] but panics if the tool cannot be
// registered. Generated code calls it: its schemas are known to be valid.
func (s *Server) MustAddTool(t Tool) {
	if err := s.AddTool(t); err != nil {
		panic(err)
	}
}

func newTool(t Tool) (*tool, error) {
	if !toolname.Valid(t.Name) {
		//lint:ignore ST1005 the message ends with the list of characters allowed, the last of which is '.'
		return nil, fmt.Errorf("runtime: invalid tool name %q: want 1 to 128 characters from A-Z a-z 0-9 _ - .", t.Name)
	}
	if t.Handler == nil {
		return nil, fmt.Errorf("runtime: tool %q: nil Handler", t.Name)
	}
	in := t.InputSchema
	if in == "" {
		in = `{"type":"object"}`
	}
	input, err := compactSchema(in, true)
	if err != nil {
		return nil, fmt.Errorf("runtime: tool %q: input schema: %v", t.Name, err)
	}
	if _, err := validate.Compile(in); err != nil {
		return nil, fmt.Errorf("runtime: tool %q: input schema: %v", t.Name, err)
	}
	if err := checkHeaderMarks(input); err != nil {
		return nil, fmt.Errorf("runtime: tool %q: input schema: %v", t.Name, err)
	}
	rt := &tool{Tool: t, input: withProperties(input)}
	if t.ValidateSchema != "" {
		if _, err := compactSchema(t.ValidateSchema, true); err != nil {
			return nil, fmt.Errorf("runtime: tool %q: validate schema: %v", t.Name, err)
		}
		if _, err := validate.Compile(t.ValidateSchema); err != nil {
			return nil, fmt.Errorf("runtime: tool %q: validate schema: %v", t.Name, err)
		}
		rt.check = t.ValidateSchema
	}
	if rt.Scopes, err = cleanScopes(fmt.Sprintf("tool %q", t.Name), t.Scopes); err != nil {
		return nil, err
	}
	if t.OutputSchema != "" {
		if rt.output, err = compactSchema(t.OutputSchema, false); err != nil {
			return nil, fmt.Errorf("runtime: tool %q: output schema: %v", t.Name, err)
		}
	}
	what := fmt.Sprintf("tool %q", t.Name)
	if rt.icons, err = encodeIcons(what, t.Icons); err != nil {
		return nil, err
	}
	if rt.meta, err = compactMeta(what, t.Meta); err != nil {
		return nil, err
	}
	rt.app = hasMember(rt.meta, "ui")
	if rt.app {
		rt.view = viewURI(rt.meta)
	}
	return rt, nil
}

// withProperties returns the compact input schema in with an empty
// "properties" member at its root when it has none, as the generator
// writes every object schema (parser/schema/portable.go): OpenAI's
// function calling refuses a parameters schema without it, and the
// member changes nothing that the schema admits.
func withProperties(in json.RawMessage) json.RawMessage {
	has := false
	if !jsontext.EachMember(in, func(key, _ []byte) {
		if string(key) == "properties" {
			has = true
		}
	}) {
		var root map[string]json.RawMessage
		_ = json.Unmarshal(in, &root) // an object: compactSchema checked it
		_, has = root["properties"]
	}
	if has {
		return in
	}
	// The root has "type" at least: a member follows it.
	return append(in[:len(in)-1:len(in)-1], `,"properties":{}}`...)
}

// compactSchema checks that text is a JSON object (with "type":"object" when
// objectRoot is set, as MCP requires of input schemas) and returns it without
// insignificant white space, ready to be embedded in a line of JSON.
func compactSchema(text string, objectRoot bool) (json.RawMessage, error) {
	var typ []byte
	// The scanner reads the root without reflection (a server's start-up
	// pays for every type encoding/json sees first); encoding/json decides
	// whatever the scanner rejects.
	if !jsontext.EachMember([]byte(text), func(key, value []byte) {
		if string(key) == "type" {
			typ = value
		}
	}) {
		var root map[string]json.RawMessage
		if err := json.Unmarshal([]byte(text), &root); err != nil {
			return nil, errors.New("not a JSON object")
		}
		typ = root["type"]
	}
	if objectRoot && string(typ) != `"object"` {
		return nil, errors.New(`root must have "type": "object"`)
	}
	buf := bytes.NewBuffer(make([]byte, 0, len(text)))
	if err := json.Compact(buf, []byte(text)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// catalog is an immutable snapshot of the registered tools, prompts and
// resources with everything the list, call, get and read methods need,
// computed once after the last registration.
type catalog struct {
	byName map[string]*tool // the tools served
	list   pagedList

	// What toolsets and read-only mode chose (toolsets.go).
	declared     []Toolset       // every toolset declared
	served       map[string]bool // the toolsets served
	selectErr    error           // the choice names an unknown toolset
	instructions string          // the server's, with a line per served toolset

	// What the access checks need (identity.go): the items of each list,
	// in list order, and the lists already built for a set of visible
	// items. restricted says whether any item needs a scope; with no
	// Filter either, every caller sees the full lists.
	tools                                             []*tool // in registration order
	promptEnc, resourceEnc, templateEnc               [numProtocols][][]byte
	restricted                                        bool
	scopes                                            []string // every scope an item needs, sorted
	toolItems, promptItems, resourceItems, tmplItems  []Item
	toolLists, promptLists, resourceLists, templLists filteredLists

	promptByName  map[string]*prompt
	resourceByURI map[string]*resource // fixed URIs
	templateByURI map[string]*resource // templates, by their template text
	templates     []*resource          // in registration order
	prompts       pagedList            // prompts/list, when there are prompts
	resources     pagedList            // resources/list
	templateList  pagedList            // resources/templates/list
	completions   bool                 // some argument or variable has a completer
	skills        []*skill             // in registration order (skills.go)
	skillByURI    map[string]int       // index in skills, by the URI of the SKILL.md
	skillItems    []Item               // the skills as a Filter sees them, in skills' order
	fileSkills    map[string][]int     // the skills each skill file belongs to, by its URI
	skillList     pagedList            // skills/list
	skillLists    filteredLists        // skills/list of the callers who see fewer skills
	directories   map[string]*skillDir // resources/directory/read, by directory URI
	hadPrompts    bool                 // WithListChanged and a prompt was registered once
	hadResources  bool                 // likewise for resources
	apps          bool                 // a tool or resource is part of an MCP App (apps.go)

	// What depends on the capabilities, which depend on what is registered.
	initResult [numProtocols][]byte // initialize result per negotiated version
	discover   []byte               // server/discover result
}

// hasPrompts and hasResources report whether the server declares the
// capability and serves its methods: while something of the kind is
// registered, or, with WithListChanged, once something was, so that a list
// emptied while serving is an empty list, not a method that vanished.
func (ts *catalog) hasPrompts() bool {
	return len(ts.promptByName) > 0 || ts.hadPrompts
}
func (ts *catalog) hasResources() bool {
	return len(ts.resourceByURI)+len(ts.templates) > 0 || ts.hadResources
}

// snapshot returns the current set, building it on first use after a
// registration.
//
// Invariant: a set is built and stored only under s.mu, which AddTool (and
// AddPrompt, AddResource, AddResourceTemplate) holds while it adds and
// clears s.snap, so a stored set always has everything added before it was
// stored; a reader that loaded the previous set finishes with it. Calls
// read the set without a lock. Test: TestAddToolWhileServing.
func (s *Server) snapshot() *catalog {
	if ts := s.snap.Load(); ts != nil {
		return ts
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if ts := s.snap.Load(); ts != nil {
		return ts
	}
	ts := &catalog{}
	ts.tools = s.selectTools(ts)
	ts.byName = make(map[string]*tool, len(ts.tools))
	for _, t := range ts.tools {
		ts.byName[t.Name] = t
	}
	ts.list = s.buildList(ts.tools)
	ts.instructions = s.instructionsFor(ts, ts.served, ts.tools)
	s.buildPrimitives(ts)
	s.buildSkills(ts)
	for _, t := range s.tools {
		ts.apps = ts.apps || t.app
	}
	s.warnMissingViews(ts)
	s.hadPrompts = s.hadPrompts || len(s.prompts) > 0
	s.hadResources = s.hadResources || len(s.resources) > 0
	ts.hadPrompts, ts.hadResources = s.listChanged && s.hadPrompts, s.listChanged && s.hadResources
	s.buildAccess(ts)
	s.buildCapabilities(ts)
	s.snap.Store(ts)
	return ts
}

// registrant returns the function outside this package that is adding a
// tool (a generated RegisterTools, say, as "example.com/cpu.RegisterTools"),
// or "" when there is none.
func registrant() string {
	var pcs [16]uintptr
	frames := goruntime.CallersFrames(pcs[:goruntime.Callers(2, pcs[:])])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, runtimePkg+".") {
			return f.Function
		}
		if !more {
			return ""
		}
	}
}

// runtimePkg is the import path of this package.
const runtimePkg = "github.com/mcpgen/mcpgen/runtime"

// duplicateTool is the error of a second tool called name, added by the
// function by after first added one (each "" when not known): two
// packages' RegisterTools on one server, typically. It names both and the
// ways out.
func duplicateTool(name, first, by string) error {
	call := "pkg.RegisterTools(srv)"
	prefix := "pkg_"
	// The prefix is best put on an imported package's tools: main's are
	// registered by main itself, unqualified.
	reg := by
	if pkg, _, ok := splitFunc(by); ok && pkg == "main" {
		if fpkg, fn, ok := splitFunc(first); ok && fpkg != "main" && strings.HasPrefix(fn, "Register") {
			reg = first
		}
	}
	if pkg, fn, ok := splitFunc(reg); ok && strings.HasPrefix(fn, "Register") {
		prefix = pkg + "_"
		call = pkg + "." + fn + "(srv"
		if pkg == "main" {
			call = fn + "(srv"
		}
		if fn != "RegisterTools" {
			call += ", ..."
		}
		call += ")"
	}
	who := "a tool of that name is registered already (by another package's RegisterTools?)"
	if first != "" && by != "" {
		who = fmt.Sprintf("%s registered a tool of that name already, and %s registers another", first, by)
	}
	return fmt.Errorf("runtime: tool %q: duplicate tool name: %s; register one package's tools under a prefix, as in srv.PrefixTools(%q, func() { %s }), or give one tool another name with name= in its //mcp:tool", name, who, prefix, call)
}

// splitFunc splits the name of a package-level function as the runtime
// spells it ("example.com/x/host.RegisterHostTools") into the last
// element of its package path and its name; a method or a closure is
// not one.
func splitFunc(full string) (pkg, fn string, ok bool) {
	slash := strings.LastIndexByte(full, '/')
	dot := strings.IndexByte(full[slash+1:], '.')
	if dot < 0 {
		return "", "", false
	}
	pkg, fn = full[slash+1:slash+1+dot], full[slash+1+dot+1:]
	if strings.ContainsAny(fn, ".()") {
		return "", "", false
	}
	return pkg, fn, true
}
