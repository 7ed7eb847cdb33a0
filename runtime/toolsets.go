package runtime

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mcpgen/mcpgen/internal/toolname"
)

// This file is toolsets and read-only mode: which of the registered tools
// a server serves (chosen when it is built, by MCP_TOOLSETS and
// MCP_READ_ONLY or by WithToolsets and WithReadOnly), and what a request
// that narrows it further sees (the requestChoice that the HTTP transport
// reads from the headers X-MCP-Toolsets and X-MCP-Readonly,
// http_toolsets.go).

// A Toolset is a named group of tools that is served or left out as a
// whole. Tools join one with [Tool.Toolset]; generated code declares the
// toolsets of //mcp:toolset lines and sets Tool.Toolset from the option
// toolset= of //mcp:tool.
//
// Which toolsets a server serves is chosen when it is built: by the
// environment variable MCP_TOOLSETS (names separated by commas, "all" for
// every toolset, "default" for the default ones) or by [WithToolsets].
// When nothing is chosen, the server serves the toolsets marked Default,
// or every toolset when none is. A tool in no toolset is always served. A
// name that no toolset has never widens what is served: the server
// refuses to start ([Server.Serve], [Server.ListenAndServeHTTP] return an
// error naming it and the known toolsets; [Server.HTTPHandler] panics).
//
// A tool outside the served toolsets is not listed, and a call of it is
// answered as a call of an unknown tool. The server's instructions end
// with a line for each served toolset: its name, Description and tools.
type Toolset struct {
	// Name identifies the toolset: 1 to 64 characters from a-z 0-9 _ -,
	// other than "all" and "default".
	Name string
	// Description says what the toolset's tools are for, in a sentence
	// (the model reads it in the server's instructions).
	Description string
	// Default marks a toolset served when none is chosen.
	Default bool
}

// AddToolset declares a toolset for the tools registered after it. It
// reports an error when the name is not valid or is declared already with
// another description or default (declaring the same toolset twice, as two
// packages may, is allowed).
func (s *Server) AddToolset(ts Toolset) error {
	if !toolname.ValidToolset(ts.Name) {
		return fmt.Errorf("runtime: invalid toolset name %q: want 1 to 64 characters from a-z 0-9 _ -, other than \"all\" and \"default\"", ts.Name)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := slices.IndexFunc(s.toolsets, func(d Toolset) bool { return d.Name == ts.Name }); i >= 0 {
		if s.toolsets[i] != ts {
			return fmt.Errorf("runtime: toolset %q is declared already, with another description or default", ts.Name)
		}
		return nil
	}
	s.toolsets = append(s.toolsets, ts)
	s.snap.Store(nil)
	return nil
}

// MustAddToolset is like [Server.AddToolset] but panics if the toolset
// cannot be declared. Generated code calls it.
func (s *Server) MustAddToolset(ts Toolset) { mustRegister(s.AddToolset(ts)) }

// WithToolsets chooses the toolsets the server serves, in place of the
// environment variable MCP_TOOLSETS: "all" chooses every toolset and
// "default" the default ones (see [Toolset]). With no names, it restores
// the default choice even when MCP_TOOLSETS is set.
func WithToolsets(names ...string) Option {
	return func(s *Server) {
		s.chosen = cleanNames(names)
		s.chosenBy = "WithToolsets"
	}
}

// WithReadOnly, when on, serves only the tools whose annotations say
// readOnlyHint true (generated code sets it for //mcp:tool readonly), in
// place of the environment variable MCP_READ_ONLY
// ("1" or "true" turns read-only mode on). Read-only mode applies to tools
// alone: prompts and resources are served as before.
func WithReadOnly(on bool) Option {
	return func(s *Server) { s.readOnly, s.envErr = on, nil }
}

// readToolsetEnv reads MCP_TOOLSETS and MCP_READ_ONLY, for what the
// options did not set. Called by NewServer before the options.
func (s *Server) readToolsetEnv() {
	if v, ok := os.LookupEnv("MCP_TOOLSETS"); ok && strings.TrimSpace(v) != "" {
		s.chosen = cleanNames(strings.Split(v, ","))
		s.chosenBy = "MCP_TOOLSETS"
	}
	switch v := strings.TrimSpace(os.Getenv("MCP_READ_ONLY")); strings.ToLower(v) {
	case "", "0", "false":
	case "1", "true":
		s.readOnly = true
	default:
		s.envErr = fmt.Errorf("runtime: MCP_READ_ONLY=%q: want 1, true, 0 or false", v)
	}
}

// cleanNames trims the names and drops empty ones; nil when none is left.
func cleanNames(names []string) []string {
	var out []string
	for _, n := range names {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// resolveToolsets returns the set of toolset names that names choose among
// declared ("all", "default" and names), and the names no toolset has.
// With no names it is the default choice.
func resolveToolsets(declared []Toolset, names []string) (set map[string]bool, unknown []string) {
	set = map[string]bool{}
	defaults := func() {
		some := slices.ContainsFunc(declared, func(d Toolset) bool { return d.Default })
		for _, d := range declared {
			if d.Default || !some {
				set[d.Name] = true
			}
		}
	}
	if names == nil {
		defaults()
		return set, nil
	}
	for _, n := range names {
		switch {
		case n == "all":
			for _, d := range declared {
				set[d.Name] = true
			}
		case n == "default":
			defaults()
		case slices.ContainsFunc(declared, func(d Toolset) bool { return d.Name == n }):
			set[n] = true
		default:
			unknown = append(unknown, n)
		}
	}
	return set, unknown
}

// unknownToolsets is the error of a choice by what (MCP_TOOLSETS,
// WithToolsets, the header) that names toolsets none is declared as.
func unknownToolsets(what string, unknown []string, declared []Toolset) string {
	known := make([]string, len(declared))
	for i, d := range declared {
		known[i] = d.Name
	}
	q := make([]string, len(unknown))
	for i, u := range unknown {
		q[i] = quoteForError(u)
	}
	msg := what + " names unknown toolset " + strings.Join(q, ", ")
	if len(q) > 1 {
		msg = what + " names unknown toolsets " + strings.Join(q, ", ")
	}
	if len(known) == 0 {
		return msg + ": the server declares no toolsets (choose all, or nothing)"
	}
	return msg + "; known toolsets: " + strings.Join(known, ", ") + " (or all, default)"
}

// selectTools returns the tools of ts that the choice serves: in a served
// toolset or in none, and read-only in read-only mode. It records the
// served toolsets and the choice's error in the catalog. Called with s.mu
// held.
func (s *Server) selectTools(cat *catalog) []*tool {
	set, unknown := resolveToolsets(s.toolsets, s.chosen)
	if len(unknown) > 0 {
		cat.selectErr = errors.New("runtime: " + unknownToolsets(s.chosenBy, unknown, s.toolsets))
	}
	cat.declared = s.toolsets
	cat.served = set
	if len(s.toolsets) == 0 && !s.readOnly {
		return s.tools[:len(s.tools):len(s.tools)]
	}
	var out []*tool
	for _, t := range s.tools {
		if servedBy(t, set, s.readOnly) {
			out = append(out, t)
		}
	}
	return out
}

func servedBy(t *tool, set map[string]bool, readOnly bool) bool {
	if t.Toolset != "" && !set[t.Toolset] {
		return false
	}
	return !readOnly || t.readOnly()
}

// serves reports whether the server's choice of toolsets and read-only
// mode serves t: a tool it leaves out changes no list a client sees, so
// adding or removing one announces nothing. Called with s.mu held.
func (s *Server) serves(t *tool) bool {
	if len(s.toolsets) == 0 && !s.readOnly {
		return true
	}
	set, _ := resolveToolsets(s.toolsets, s.chosen)
	return servedBy(t, set, s.readOnly)
}

// readOnly reports whether the tool's annotations say it only reads.
func (t *tool) readOnly() bool {
	return t.Annotations != nil && t.Annotations.ReadOnlyHint != nil && *t.Annotations.ReadOnlyHint
}

// checkToolsets is the error that keeps a server from starting: a choice
// of toolsets that names one no toolset has, or a bad MCP_READ_ONLY.
func (s *Server) checkToolsets() error {
	if s.envErr != nil {
		return s.envErr
	}
	return s.snapshot().selectErr
}

// appendToolsetLines appends to b the line of each toolset of decl that
// set serves and tools holds: "name: description Tools: a, b." The
// result starts with a newline when b is not empty.
func appendToolsetLines(b []byte, decl []Toolset, set map[string]bool, tools []*tool) []byte {
	for _, d := range decl {
		if !set[d.Name] {
			continue
		}
		n := 0
		for _, t := range tools {
			if t.Toolset != d.Name {
				continue
			}
			if n == 0 {
				if len(b) > 0 {
					b = append(b, '\n')
				}
				b = append(b, d.Name...)
				b = append(b, ": "...)
				if desc := strings.TrimSpace(d.Description); desc != "" {
					b = append(b, desc...)
					if !strings.HasSuffix(desc, ".") {
						b = append(b, '.')
					}
					b = append(b, ' ')
				}
				b = append(b, "Tools: "...)
			} else {
				b = append(b, ", "...)
			}
			b = append(b, t.Name...)
			n++
		}
		if n > 0 {
			b = append(b, '.')
		}
	}
	return b
}

// instructionsFor returns the instructions of a client that sees tools:
// the server's own, then the line of each toolset it sees.
func (s *Server) instructionsFor(cat *catalog, set map[string]bool, tools []*tool) string {
	if len(cat.declared) == 0 {
		return s.instructions
	}
	b := []byte(s.instructions)
	return string(appendToolsetLines(b, cat.declared, set, tools))
}

// A requestChoice is what the headers X-MCP-Toolsets and X-MCP-Readonly of
// an HTTP request choose: it narrows what the server serves, never widens
// it.
type requestChoice struct {
	toolsets map[string]bool // nil: not narrowed by toolset
	readOnly bool
}

type choiceKey struct{}

func choiceFrom(ctx context.Context) *requestChoice {
	ch, _ := ctx.Value(choiceKey{}).(*requestChoice)
	return ch
}

// sees reports whether the request of ctx sees t, a tool the server
// serves.
func sees(ctx context.Context, t *tool) bool {
	ch := choiceFrom(ctx)
	if ch == nil {
		return true
	}
	if ch.toolsets != nil && t.Toolset != "" && !ch.toolsets[t.Toolset] {
		return false
	}
	return !ch.readOnly || t.readOnly()
}

// narrowed returns the instructions of a request that narrows what the
// server serves; ok is false when it does not narrow it.
func (s *Server) narrowed(ctx context.Context, cat *catalog) (instructions string, ok bool) {
	ch := choiceFrom(ctx)
	if ch == nil {
		return "", false
	}
	var tools []*tool
	for _, t := range cat.tools {
		if sees(ctx, t) {
			tools = append(tools, t)
		}
	}
	set := cat.served
	if ch.toolsets != nil {
		set = map[string]bool{}
		for n := range ch.toolsets {
			if cat.served[n] {
				set[n] = true
			}
		}
	}
	return s.instructionsFor(cat, set, tools), true
}
