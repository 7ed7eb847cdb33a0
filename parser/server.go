package parser

import (
	"go/ast"
	"go/doc"
	"go/token"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpgen/mcpgen/internal/mcpmeta"
	"github.com/mcpgen/mcpgen/internal/toolname"
	"github.com/mcpgen/mcpgen/model"
)

// This file reads //mcp:server, the package-level directive that says what
// the MCP registry's entry of the server (server.json) holds, and checks
// each value as the registry's schema and validator do, so that a mistake
// is found at generate time, with its position, not when publishing.

// serverSpec returns the options of //mcp:server.
func serverSpec() *grammar {
	return &grammar{directive: serverPrefix, options: []optionRule{
		{key: "name", kind: textValue, example: "name=io.github.owner/repo"},
		{key: "version", kind: textValue, example: "version=1.0.0"},
		{key: "title", kind: quotedValue, example: `title="My server"`},
		{key: "description", kind: quotedValue, example: `description="What it does"`},
		{key: "remote", kind: textValue, example: "remote=https://mcp.example.com/mcp"},
		{key: "website", kind: textValue, example: "website=https://example.com"},
		{key: "oci", kind: textValue, example: "oci=ghcr.io/owner/server:1.0.0"},
	}}
}

const serverPrefix = "//mcp:server"

// The version ranges the registry refuses (its validator's rules).
var (
	comparatorRange = regexp.MustCompile(`^\s*(?:\^|~|>=|<=|>|<|=)\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*$`)
	hyphenRange     = regexp.MustCompile(`^\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s-\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*$`)
	orRange         = regexp.MustCompile(`^\s*(?:v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*)(?:\|\|\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*)+$`)
	wildcard        = regexp.MustCompile(`^v?(?:\d+|[xX*])(?:\.(?:\d+|[xX*])){1,3}$`)
)

// CheckServerVersion returns what is wrong with v as the version of an
// entry of the MCP registry, or "": one specific version, at most 255
// characters, not "latest" or a range.
func CheckServerVersion(v string) string {
	switch {
	case strings.TrimSpace(v) == "":
		return "empty version"
	case utf8.RuneCountInString(v) > 255:
		return "longer than 255 characters"
	case v == "latest":
		return `"latest" is not a version: give the one being published, such as 1.0.0`
	case comparatorRange.MatchString(v), hyphenRange.MatchString(v), orRange.MatchString(v),
		wildcard.MatchString(v) && strings.ContainsAny(v, "xX*"):
		return "a version range: give one specific version, such as 1.0.0"
	}
	return ""
}

// checkRemote returns what is wrong with u as a remote's URL, or "": the
// registry takes https URLs only, and none on localhost.
func checkRemote(u string) string {
	p, err := url.Parse(u)
	switch {
	case err != nil || !p.IsAbs() || p.Host == "" || strings.ContainsAny(u, " \t"):
		return "not an absolute URL"
	case p.Scheme != "https":
		return "the registry takes https URLs only"
	case p.Hostname() == "localhost" || p.Hostname() == "127.0.0.1" || strings.HasSuffix(p.Hostname(), ".localhost"):
		return "the registry takes no localhost URL: give the public one"
	}
	return ""
}

// serverDirective checks one //mcp:server and records it as the
// package's one.
func (c *checker) serverDirective(ps *pkgScan, cm *ast.Comment, a args, errs []optionError) {
	s := c.server(cm, a, errs, ps.base, packageDoc(ps.files), groupIcons(ps.g)) // checked all the same
	if ps.once(c, "server", cm.Pos()) {
		ps.d.server = s
	}
}

// server checks one //mcp:server, whose options are a (errs their
// problems), at restPos; pkgDoc is the package doc comment, for the
// default description; icons are the //mcp:icon lines of its comment,
// the server's icons.
func (c *checker) server(cm *ast.Comment, a args, errs []optionError, restPos token.Pos, pkgDoc string, icons []*ast.Comment) *model.Server {
	good, rejected := a.good, a.rejected
	ok, iconsBad := len(errs) == 0, false
	for _, e := range errs {
		c.errorf(restPos+token.Pos(e.Off), "%s", e.Msg)
	}
	at := func(key string) token.Pos { return restPos + token.Pos(good[key].ValueOff) }
	s := &model.Server{Pos: c.fset.Position(cm.Pos()), Name: good["name"].Value, Version: good["version"].Value,
		Title: good["title"].Value, Description: good["description"].Value, Remote: good["remote"].Value,
		Website: good["website"].Value, OCI: good["oci"].Value}
	fail := func(pos token.Pos, format string, args ...any) {
		c.errorf(pos, format, args...)
		ok = false
	}
	switch _, has := good["name"]; {
	case !has && !rejected["name"]:
		fail(cm.Pos(), "//mcp:server needs name=, the server's name in the MCP registry: //mcp:server name=io.github.owner/repo")
	case has && !toolname.ValidServer(s.Name):
		fail(at("name"), "//mcp:server name %s: not in reverse-DNS form with exactly one slash, such as io.github.owner/repo or com.example/weather (3 to 200 characters: [a-zA-Z0-9.-], a slash, [a-zA-Z0-9._-])", s.Name)
	}
	if _, has := good["version"]; has {
		if msg := CheckServerVersion(s.Version); msg != "" {
			fail(at("version"), "//mcp:server version %s: %s", s.Version, msg)
		}
	}
	if n := utf8.RuneCountInString(s.Title); n > 100 {
		fail(at("title"), "//mcp:server title: %d characters, more than the registry's 100", n)
	}
	switch {
	case s.Description != "":
		if n := utf8.RuneCountInString(s.Description); n > 100 {
			fail(at("description"), "//mcp:server description: %d characters, more than the registry's 100", n)
		}
	case rejected["description"]:
	case pkgDoc == "":
		fail(cm.Pos(), `//mcp:server needs a description: give description="..." (1 to 100 characters) or a package doc comment, whose first sentence it takes`)
	default:
		var p doc.Package
		s.Description = describes(p.Synopsis(pkgDoc))
		if n := utf8.RuneCountInString(s.Description); n > 100 || n == 0 {
			fail(cm.Pos(), `//mcp:server: the first sentence of the package doc comment has %d characters, and the registry's description 1 to 100: give description="..."`, n)
		}
	}
	if _, has := good["remote"]; has {
		if msg := checkRemote(s.Remote); msg != "" {
			fail(at("remote"), "//mcp:server remote %s: %s", s.Remote, msg)
		}
	}
	if _, has := good["website"]; has {
		if p, err := url.Parse(s.Website); err != nil || (p.Scheme != "https" && p.Scheme != "http") || p.Host == "" {
			fail(at("website"), "//mcp:server website %s: not an absolute http(s) URL", s.Website)
		}
	}
	if _, has := good["oci"]; has {
		if !strings.ContainsAny(s.OCI, ":@") || strings.ContainsAny(s.OCI, " \t") || strings.HasSuffix(s.OCI, ":") {
			fail(at("oci"), "//mcp:server oci %s: an OCI image reference with a tag or a digest, such as ghcr.io/owner/server:1.0.0", s.OCI)
		}
	}
	s.Icons = c.icons(icons, &iconsBad)
	if !c.registryIcons(icons) || iconsBad {
		ok = false
	}
	if !ok {
		return nil
	}
	return s
}

// registryMIME are the icon media types the registry's schema takes.
var registryMIME = []string{"image/png", "image/jpeg", "image/jpg", "image/svg+xml", "image/webp"}

// registryIcons checks what the registry asks of a server's icons beyond
// what an icon of the protocol may be (checked by icons): an https src of
// at most 255 characters, so no data: URI (nor file=), and a mimeType of
// its list. It reports each problem at its value and says whether there
// was none.
func (c *checker) registryIcons(icons []*ast.Comment) bool {
	ok := true
	for _, cm := range icons {
		base := cm.Pos() + token.Pos(len(iconPrefix))
		good, _, _ := iconSpec().check(cm.Text[len(iconPrefix):])
		fail := func(o option, format string, args ...any) {
			c.errorf(base+token.Pos(o.ValueOff), format, args...)
			ok = false
		}
		if o, has := good["file"]; has {
			fail(o, "//mcp:icon file=%s: the registry takes a server's icon by its https URL only: give src=https://...", o.Value)
		}
		if o, has := good["src"]; has {
			p, err := url.Parse(o.Value)
			switch {
			case err != nil || p.Scheme != "https" || p.Host == "":
				if mcpmeta.CheckIconSrc(o.Value) == "" { // else reported by icons
					fail(o, "//mcp:icon src %.60s: the registry takes a server's icon by its https URL only", o.Value)
				}
			case utf8.RuneCountInString(o.Value) > 255:
				fail(o, "//mcp:icon src: %d characters, more than the registry's 255", utf8.RuneCountInString(o.Value))
			}
		}
		if o, has := good["mime"]; has && mcpmeta.CheckIconMIME(o.Value) == "" && !slices.Contains(registryMIME, o.Value) {
			fail(o, "//mcp:icon mime=%s: the registry takes %s", o.Value, strings.Join(registryMIME, ", "))
		}
	}
	return ok
}

// groupIcons returns the //mcp:icon lines of the comment g.
func groupIcons(g *ast.CommentGroup) []*ast.Comment {
	var out []*ast.Comment
	for _, cm := range g.List {
		if kind, _ := classify(cm.Text); kind == iconDirective {
			out = append(out, cm)
		}
	}
	return out
}

// packageDoc returns the package doc comment of the first of files that
// has one.
func packageDoc(files []*ast.File) string {
	for _, f := range files {
		if f.Doc != nil && !isMcpgenOutput(f) {
			return f.Doc.Text()
		}
	}
	return ""
}

// describes turns the first sentence of a Go doc comment into a
// description: "Package weather forecasts..." and "Command weather
// serves..." say "Forecasts..." and "Serves...", and "Command weather is
// a server..." says "A server...", as a registry lists it.
func describes(sentence string) string {
	for _, lead := range []string{"Package ", "Command "} {
		rest, ok := strings.CutPrefix(sentence, lead)
		if !ok {
			continue
		}
		_, rest, ok = strings.Cut(rest, " ")
		if after, is := strings.CutPrefix(rest, "is "); is {
			rest = after
		}
		r, n := utf8.DecodeRuneInString(rest)
		if ok && n > 0 && unicode.IsLower(r) {
			return string(unicode.ToUpper(r)) + rest[n:]
		}
	}
	return sentence
}
