package parser

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/internal/mcpmeta"
	"github.com/mcpgen/mcpgen/internal/toolname"
	"github.com/mcpgen/mcpgen/model"
	"github.com/mcpgen/mcpgen/parser/internal/doctext"
)

// This file checks what a tool, prompt or resource says about itself
// beyond its name: //mcp:icon (SEP-973), //mcp:meta (its _meta), and
// MCP Apps (SEP-1865): a tool's ui= and visibility=, a resource's app and
// the _meta.ui of its view, and resources held in //go:embed variables.

const (
	iconPrefix = "//mcp:icon"
	metaPrefix = "//mcp:meta"
	// appMIMEType is runtime.AppMIMEType.
	appMIMEType = "text/html;profile=mcp-app"
)

// iconSpec returns the options of //mcp:icon.
func iconSpec() *grammar {
	return &grammar{directive: iconPrefix, options: []optionRule{
		{key: "src", kind: textValue, example: "src=https://example.com/icon.png (or a data: URI)"},
		{key: "file", kind: textValue, example: "file=icon.png (a file of the package, sent as a data: URI)"},
		{key: "mime", kind: textValue, example: "mime=image/png"},
		{key: "sizes", kind: textValue, example: "sizes=48x48,96x96 (or sizes=any)"},
		{key: "theme", kind: textValue, example: "theme=light or theme=dark"},
	}}
}

// icons checks the //mcp:icon lines of a doc comment and returns their
// icons; bad is set when one has a problem, each reported at its column.
func (c *checker) icons(dirs []*ast.Comment, bad *bool) []model.Icon {
	var out []model.Icon
	for _, cm := range dirs {
		base := cm.Pos() + token.Pos(len(iconPrefix))
		report := func(off int, format string, args ...any) {
			c.errorf(base+token.Pos(off), format, args...)
			*bad = true
		}
		good, _, errs := iconSpec().check(cm.Text[len(iconPrefix):])
		for _, e := range errs {
			report(e.Off, "%s", e.Msg)
		}
		src, hasSrc := good["src"]
		file, hasFile := good["file"]
		switch {
		case hasSrc && hasFile:
			report(file.KeyOff, "//mcp:icon takes src= or file=, not both")
			continue
		case hasFile:
			data, mt, msg := iconFile(filepath.Dir(c.fset.Position(cm.Pos()).Filename), file.Value)
			if msg != "" {
				report(file.ValueOff, "%s", msg)
				continue
			}
			src = option{Value: "data:" + mt + ";base64," + base64.StdEncoding.EncodeToString(data), ValueOff: file.ValueOff}
		case !hasSrc:
			if len(errs) == 0 {
				report(0, "//mcp:icon needs src= or file=: //mcp:icon src=https://example.com/icon.png (or file=icon.png) [mime=image/png] [sizes=48x48] [theme=light|dark]")
			}
			continue
		}
		icon := model.Icon{Src: src.Value}
		if msg := mcpmeta.CheckIconSrc(src.Value); msg != "" {
			report(src.ValueOff, "%s", msg)
		}
		if o, ok := good["mime"]; ok {
			icon.MIMEType = o.Value
			if msg := mcpmeta.CheckIconMIME(o.Value); msg != "" {
				report(o.ValueOff, "%s", msg)
			}
		}
		if o, ok := good["sizes"]; ok {
			icon.Sizes = strings.Split(o.Value, ",")
			for _, s := range icon.Sizes {
				if msg := mcpmeta.CheckIconSize(s); msg != "" {
					report(o.ValueOff, "%s", msg)
					break
				}
			}
		}
		if o, ok := good["theme"]; ok {
			icon.Theme = o.Value
			if msg := mcpmeta.CheckIconTheme(o.Value); msg != "" {
				report(o.ValueOff, "%s", msg)
			}
		}
		out = append(out, icon)
	}
	return out
}

// maxIconFile is the largest file=: icons are sent in every list that
// holds their item, so a big one costs every client on every list.
const maxIconFile = 64 << 10

// iconTypes are the image types of file= icons, by extension: those the
// specification asks clients to show (spec 2025-11-25 schema, Icons).
var iconTypes = map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".svg": "image/svg+xml", ".webp": "image/webp"}

// iconFile reads the icon file name, relative to dir (the package's), and
// returns its bytes and type, or the problem.
func iconFile(dir, name string) ([]byte, string, string) {
	if !filepath.IsLocal(name) {
		return nil, "", fmt.Sprintf("icon file %q: name a file of the package's directory or below it", name)
	}
	mt, ok := iconTypes[strings.ToLower(filepath.Ext(name))]
	if !ok {
		return nil, "", fmt.Sprintf("icon file %q: want a .png, .jpg, .svg or .webp file", name)
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, "", fmt.Sprintf("icon file %q: no such file beside the package's sources", name)
	case err != nil:
		return nil, "", fmt.Sprintf("icon file %q: %v", name, err)
	case len(data) > maxIconFile:
		return nil, "", fmt.Sprintf("icon file %q is %d bytes: an icon goes in every list that holds its item; keep it under %d KiB, or serve it and give its src=https://...", name, len(data), maxIconFile>>10)
	}
	return data, mt, ""
}

// toolMeta checks the tool's //mcp:meta and its options ui= and
// visibility=, and returns its _meta object as compact JSON text.
func (c *checker) toolMeta(t *toolDecl, opts toolOptions, dirPos token.Pos, metaDirs []*ast.Comment) string {
	bad := func(pos token.Pos, format string, args ...any) {
		c.errorf(pos, format, args...)
		t.bad = true
	}
	var members []string
	if opts.UI != "" {
		pos := dirPos + token.Pos(len(toolPrefix)+opts.UIOff)
		if msg := checkUIURI(opts.UI); msg != "" {
			bad(pos, "ui=%s: %s", opts.UI, msg)
		}
		t.uiURI, t.uiPos = opts.UI, pos
		ui := `{"resourceUri":` + jsonString(opts.UI)
		if opts.Visibility != nil {
			ui += `,"visibility":` + jsonStrings(opts.Visibility)
		}
		// The extension's own server helper (registerAppTool) also writes
		// the older flat key, which hosts of its first version read.
		members = append(members, `"ui":`+ui+`}`, `"ui/resourceUri":`+jsonString(opts.UI))
	}
	if opts.Visibility != nil {
		pos := dirPos + token.Pos(len(toolPrefix)+opts.VisibilityOff)
		if opts.UI == "" {
			bad(pos, "option visibility is for a tool with a view: give its ui=ui://... too")
		}
		if opts.VisibilityMsg != "" {
			bad(pos, "%s", opts.VisibilityMsg)
		}
	}
	if m := c.metaMembers(metaDirs, t.GoName, "name the tool's view with the option ui=ui://... of //mcp:tool (and visibility=)", &t.bad); m != "" {
		members = append(members, m)
	}
	return metaObject(members)
}

// metaObject returns the _meta object of members (JSON object members,
// each a comma-separated run), or "" when there are none.
func metaObject(members []string) string {
	if len(members) == 0 {
		return ""
	}
	return "{" + strings.Join(members, ",") + "}"
}

// withMeta returns the _meta object meta (as the options wrote it, or "")
// with the members of the item's //mcp:meta added.
func withMeta(meta, members string) string {
	if members == "" {
		return meta
	}
	var have []string
	if inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(meta, "{"), "}")); inner != "" {
		have = append(have, inner)
	}
	return metaObject(append(have, members))
}

// metaGrammar is //mcp:meta {...}: the rest of the line, a JSON object.
func metaGrammar() *grammar { return &grammar{directive: metaPrefix, rest: rawRest} }

// metaMembers checks the //mcp:meta lines of the doc comment of goName
// (a tool, prompt or resource: one line at most) and returns the members
// of its object as JSON text, "" when none; uiHint says where the MCP
// Apps keys of such an item come from. A problem is reported at its
// column and sets bad.
func (c *checker) metaMembers(metaDirs []*ast.Comment, goName, uiHint string, bad *bool) string {
	var members string
	for i, cm := range metaDirs {
		if i > 0 {
			c.errorf(cm.Pos(), "second //mcp:meta on %s (the first is at line %d); merge them into one object", goName, c.fset.Position(metaDirs[0].Pos()).Line)
			*bad = true
			continue
		}
		_, rest, off := directiveOf(cm.Text)
		a, _ := metaGrammar().parse(rest) // the rest of the line, raw: no error
		obj, msgOff, msg := checkMetaObject(a.rest, uiHint)
		if msg != "" {
			c.errorf(cm.Pos()+token.Pos(off+a.restOff+msgOff), "//mcp:meta: %s", msg)
			*bad = true
			continue
		}
		members = strings.TrimSpace(obj[1 : len(obj)-1])
	}
	return members
}

// checkMetaObject checks the text of //mcp:meta after the directive: one
// JSON object whose keys are well formed and not MCP's own, nor the
// members of MCP Apps (uiHint says what writes those for the item). It
// returns the object compact, or the offset in text of a problem and its
// message.
func checkMetaObject(text, uiHint string) (compact string, off int, msg string) {
	start := len(text) - len(strings.TrimLeft(text, " \t"))
	body := strings.TrimSpace(text)
	if !strings.HasPrefix(body, "{") {
		return "", start, `want a JSON object: //mcp:meta {"com.example/key": "value"}`
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		return "", start, fmt.Sprintf("not a JSON object: %v", err)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return strings.Index(body, jsonString(a)) - strings.Index(body, jsonString(b)) })
	for _, k := range keys {
		keyOff := start + max(strings.Index(body, jsonString(k)), 0)
		if msg := cmp.Or(mcpmeta.CheckKey(k), mcpmeta.Reserved(k)); msg != "" {
			return "", keyOff, msg
		}
		if k == "ui" || strings.HasPrefix(k, "ui/") {
			return "", keyOff, fmt.Sprintf("_meta key %q belongs to MCP Apps: %s", k, uiHint)
		}
	}
	var b bytes.Buffer
	_ = json.Compact(&b, []byte(body)) // valid: it unmarshaled
	return b.String(), 0, ""
}

// checkUIURI returns the problem of the URI of an MCP App's view, or "":
// a ui:// URI with a host, and no template.
func checkUIURI(uri string) string {
	u, err := url.Parse(uri)
	switch {
	case strings.ContainsAny(uri, "{}"):
		return "a view has one fixed URI, not a template"
	case err != nil:
		return err.Error()
	case u.Scheme != "ui" || u.Host == "":
		return "an MCP App's view has a ui:// URI, such as ui://counter/view.html"
	}
	return ""
}

// checkVisibility returns the values of the option visibility=, and the
// problem of v, or "".
func checkVisibility(v string) ([]string, string) {
	vals := strings.Split(v, ",")
	for i, x := range vals {
		if x != "model" && x != "app" {
			return vals, fmt.Sprintf("bad value for option visibility: %q; want model, app or model,app (who may call the tool: the model, the view)", x)
		}
		if slices.Contains(vals[:i], x) {
			return vals, fmt.Sprintf("visibility %s is named twice", x)
		}
	}
	return vals, ""
}

// appCSPOptions are the options of //mcp:resource that make up the csp
// of an MCP App's _meta.ui, each with the member it writes.
var appCSPOptions = []struct{ key, member string }{
	{"connectdomains", "connectDomains"}, {"resourcedomains", "resourceDomains"},
	{"framedomains", "frameDomains"}, {"baseuridomains", "baseUriDomains"},
}

var appPermissions = []string{"camera", "microphone", "geolocation", "clipboardWrite"}

// appResource checks the options of a //mcp:resource that is (or, by its
// options, is meant to be) an MCP App's view, and fills res.App, its MIME
// type and its _meta.
func (pc *primitiveCheck) appResource(res *model.Resource) {
	base := pc.dir.Pos() + token.Pos(len(resourcePrefix))
	at := func(o option) token.Pos { return base + token.Pos(o.ValueOff) }
	app, isApp := pc.opts["app"]
	if !isApp || app.Value != "true" {
		for _, k := range []string{"domain", "prefersborder", "connectdomains", "resourcedomains", "framedomains", "baseuridomains", "permissions"} {
			if o, ok := pc.opts[k]; ok {
				pc.bad(base+token.Pos(o.KeyOff), "option %s is for an MCP App's view: add the option app", k)
			}
		}
		return
	}
	res.App = true
	if o, ok := pc.opts["mime"]; ok {
		pc.bad(base+token.Pos(o.KeyOff), "option mime with app: an MCP App's view is sent as %s; drop mime=", appMIMEType)
	}
	res.MIMEType = appMIMEType
	if res.URI != "" {
		if msg := checkUIURI(res.URI); msg != "" {
			pc.bad(at(pc.opts["uri"]), "uri %s: %s", res.URI, msg)
		}
	}
	var ui []string
	var csp []string
	for _, c := range appCSPOptions {
		o, ok := pc.opts[c.key]
		if !ok {
			continue
		}
		origins := strings.Split(o.Value, ",")
		for _, origin := range origins {
			if msg := checkOrigin(origin); msg != "" {
				pc.bad(at(o), "%s: %s", c.key, msg)
				break
			}
		}
		csp = append(csp, jsonString(c.member)+":"+jsonStrings(origins))
	}
	if len(csp) > 0 {
		ui = append(ui, `"csp":{`+strings.Join(csp, ",")+`}`)
	}
	if o, ok := pc.opts["permissions"]; ok {
		var perms []string
		for _, p := range strings.Split(o.Value, ",") {
			if !slices.Contains(appPermissions, p) {
				pc.bad(at(o), "bad permission %q: want camera, microphone, geolocation or clipboardWrite, separated by commas", p)
				break
			}
			perms = append(perms, jsonString(p)+":{}")
		}
		ui = append(ui, `"permissions":{`+strings.Join(perms, ",")+`}`)
	}
	if o, ok := pc.opts["domain"]; ok {
		ui = append(ui, `"domain":`+jsonString(o.Value))
	}
	if o, ok := pc.opts["prefersborder"]; ok {
		ui = append(ui, `"prefersBorder":`+o.Value)
	}
	if len(ui) > 0 {
		res.Meta = `{"ui":{` + strings.Join(ui, ",") + `}}`
	}
}

// meta checks the //mcp:meta of a prompt or resource (goName) and
// returns the members of its object. The MCP Apps keys are refused: a
// view's _meta.ui is written by the options of its //mcp:resource, and
// MCP Apps gives other resources and prompts none.
func (pc *primitiveCheck) meta(goName string, metaDirs []*ast.Comment) string {
	hint := "MCP Apps reads it on tools and their views, not on a prompt"
	if !pc.isPrompt {
		hint = "a view (a resource with the option app) has it, written by the options of its //mcp:resource"
		if app, ok := pc.opts["app"]; ok && app.Value == "true" {
			hint = "the options of the view's //mcp:resource write it (connectdomains=, resourcedomains=, framedomains=, baseuridomains=, permissions=, domain=, prefersborder)"
		}
	}
	return pc.c.metaMembers(metaDirs, goName, hint, &pc.d.bad)
}

// checkOrigin returns the problem of an origin of an app's CSP, or "":
// scheme://host[:port], the host possibly *.domain.
func checkOrigin(origin string) string {
	u, err := url.Parse(origin)
	switch {
	case err != nil || u.Host == "" || u.User != nil:
		return fmt.Sprintf("%q is not an origin: want scheme://host[:port], such as https://api.example.com or https://*.example.com", origin)
	case u.Scheme != "https" && u.Scheme != "http" && u.Scheme != "wss" && u.Scheme != "ws":
		return fmt.Sprintf("origin %q: want an https, http, wss or ws origin", origin)
	case u.Path != "" && u.Path != "/" || u.RawQuery != "" || u.Fragment != "":
		return fmt.Sprintf("origin %q has a path: an origin is scheme://host[:port] only", origin)
	}
	return ""
}

// checkViews checks that each tool's ui= names a view of the package: a
// resource with that fixed URI and the option app.
func (c *checker) checkViews(tools []*toolDecl, prims []*primitiveDecl) {
	for _, t := range tools {
		if t.uiURI == "" || checkUIURI(t.uiURI) != "" {
			continue
		}
		i := slices.IndexFunc(prims, func(d *primitiveDecl) bool { return d.resource != nil && d.resource.URI == t.uiURI })
		switch {
		case i < 0:
			c.errorf(t.uiPos, "ui=%s: no resource of this package has that URI; declare the view with //mcp:resource uri=%s app, on a //go:embed variable that holds the HTML or a function that returns it", t.uiURI, t.uiURI)
			t.bad = true
		case !prims[i].resource.App && !prims[i].bad:
			c.errorf(t.uiPos, "ui=%s: resource %s is not an MCP App's view; add the option app to its //mcp:resource (at %s)", t.uiURI, prims[i].resource.GoName, c.where(prims[i].resource.Pos))
			t.bad = true
		}
	}
}

// varResource checks a //go:embed variable annotated with //mcp:resource
// (dir) and returns its model.
func (c *checker) varResource(pkg *packages.Package, gd *ast.GenDecl, dir *ast.Comment, iconDirs, metaDirs []*ast.Comment) *primitiveDecl {
	d := &primitiveDecl{pos: dir.Pos()}
	bad := func(pos token.Pos, format string, args ...any) {
		c.errorf(pos, format, args...)
		d.bad = true
	}
	vs, ok := gd.Specs[0].(*ast.ValueSpec)
	if len(gd.Specs) != 1 || !ok || len(vs.Names) != 1 {
		bad(dir.Pos(), "//mcp:resource on a variable: declare one variable, var name string (or []byte), under its //go:embed line")
		return d
	}
	id := vs.Names[0]
	d.pos = id.Pos()
	embedded := slices.ContainsFunc(gd.Doc.List, func(cm *ast.Comment) bool { return strings.HasPrefix(cm.Text, "//go:embed ") })
	if !embedded || len(vs.Values) > 0 {
		bad(id.Pos(), "//mcp:resource on variable %s: a resource variable holds an embedded file; add a //go:embed FILE line above it (or annotate a function that returns the contents)", id.Name)
		return d
	}
	v, ok := pkg.TypesInfo.Defs[id].(*types.Var)
	if !ok {
		bad(id.Pos(), "no type information for %s", id.Name)
		return d
	}
	pc := &primitiveCheck{c: c, pkg: pkg, dir: dir, d: d, spec: resourceSpec(), what: "resource"}
	pc.optionsFor(id.Name, gd.Doc)
	if !toolname.Valid(pc.name) {
		bad(id.Pos(), "resource name %q of %s is not valid (want 1 to 128 characters from [A-Za-z0-9_.-]); set one with name=", pc.name, id.Name)
	}
	res := &model.Resource{Pos: c.fset.Position(id.Pos()), Name: pc.name, Title: pc.opts["title"].Value, Description: pc.description,
		Scopes: splitScopes(pc.opts["scope"].Value), MIMEType: pc.opts["mime"].Value, GoName: id.Name, Var: true, VarType: v.Type()}
	switch {
	case isBasic(v.Type(), types.String):
		res.Result = model.ResourceText
		res.MIMEType = cmp.Or(res.MIMEType, "text/plain")
	case isBytes(v.Type()):
		res.Result = model.ResourceBlob
		res.MIMEType = cmp.Or(res.MIMEType, "application/octet-stream")
	default:
		bad(vs.Type.Pos(), "resource variable %s has type %s: want string or []byte, holding one embedded file", id.Name, typeString(v.Type(), pkg.Types))
	}
	if o, ok := pc.opts["uri"]; !ok || o.Value == "" {
		bad(dir.Pos(), "%s needs the resource's URI: %s uri=docs://readme", resourcePrefix, resourcePrefix)
	} else if vars, err := templateVars(o.Value); err != nil || len(vars) > 0 {
		bad(dir.Pos()+token.Pos(len(resourcePrefix)+o.ValueOff), "uri %s: a resource variable has one fixed URI, not a template", o.Value)
	} else {
		res.URI = o.Value
	}
	pc.appResource(res)
	if res.App {
		res.Result = model.ResourceText // the view's HTML, sent as text
	}
	res.Icons = c.icons(iconDirs, &d.bad)
	res.Meta = withMeta(res.Meta, pc.meta(id.Name, metaDirs))
	d.resource = res
	return d
}

// optionsFor checks the directive's options and decides the name and
// description of the item goName documented by doc.
func (pc *primitiveCheck) optionsFor(goName string, doc *ast.CommentGroup) {
	good, _, errs := pc.spec.check(pc.dir.Text[len(pc.spec.directive):])
	for _, e := range errs {
		pc.bad(pc.dir.Pos()+token.Pos(len(pc.spec.directive)+e.Off), "%s", e.Msg)
	}
	pc.opts = good
	pc.name = cmp.Or(good["name"].Value, snakeCase(goName))
	text := &ast.CommentGroup{}
	for _, cm := range doc.List {
		if !strings.HasPrefix(cm.Text, "//mcp:") {
			text.List = append(text.List, cm)
		}
	}
	pc.description = cmp.Or(good["description"].Value, doctext.Join(text.Text()))
}

// jsonString and jsonStrings write JSON as the runtime sends it, without
// encoding/json's HTML escapes.
func jsonString(s string) string { return jsonValue(s) }

func jsonStrings(s []string) string { return jsonValue(s) }

func jsonValue(v any) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(v) // strings only
	return strings.TrimSuffix(b.String(), "\n")
}

// where is pos as file:line:col, the file without its directory.
func (c *checker) where(pos token.Position) string {
	return fmt.Sprintf("%s:%d:%d", filepath.Base(pos.Filename), pos.Line, pos.Column)
}
