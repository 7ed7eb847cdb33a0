package parser

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v4"

	"github.com/mcpgen/mcpgen/model"
)

// The skills of a package (SEP-2640, the skills extension):
//
//	//mcp:skills dir=DIR [scope=NAME,...]
//
// in any comment of the package outside a function's doc comment, once per
// directory of skills (each directive's scopes are its skills'). Every
// directory under DIR (a relative path in the package's directory) that
// holds a SKILL.md is a skill: its path under DIR is the skill's path in
// its URI, skill://PATH/SKILL.md, whose last segment must be the name in
// the front matter. The files are read here, at generate time: the front
// matter is checked as the Agent Skills specification and the extension
// require, and each file's size and SHA-256 digest are computed, so that
// the generated file (which embeds DIR with //go:embed) hands the runtime
// everything, and a file changed since makes the generated file stale.

// skillsSpec returns the options of //mcp:skills.
func skillsSpec() *grammar {
	return &grammar{directive: "//mcp:skills", options: []optionRule{
		{key: "dir", kind: textValue, example: "dir=skills (a directory of the package, one directory per skill inside)"},
		scopeRule(),
	}}
}

// skillsRule is the //mcp:skills directive of a package.
type skillsRule struct {
	pos    token.Pos
	dir    string
	dirPos token.Pos // of the value of dir=
	scopes []string  // of scope=, as a tool's: what a caller needs to see the skills
}

// The limits of SEP-2640 (Limits) and the Agent Skills specification.
const (
	maxSkillFiles       = 512
	maxSkillBytes       = 16 << 20
	maxSkillName        = 64
	maxSkillDescription = 1024
	maxCompatibility    = 500
)

// skillsDirective checks the options of //mcp:skills, cm, and records
// it in the package's directives.
func (c *checker) skillsDirective(s *pkgScan, cm *ast.Comment, a args, errs []optionError) {
	d, pos, restPos, good := s.d, cm.Pos(), s.base, a.good
	for _, e := range errs {
		c.errorf(restPos+token.Pos(e.Off), "%s", e.Msg)
	}
	dir, ok := good["dir"]
	switch {
	case len(errs) > 0:
		return
	case !ok:
		c.errorf(pos, "//mcp:skills needs the directory of the skills: //mcp:skills dir=skills")
		return
	}
	for _, o := range d.skills {
		// A directory inside another would be read, embedded and served
		// by both.
		if within(dir.Value, o.dir) || within(o.dir, dir.Value) {
			c.errorf(pos, "//mcp:skills dir=%s overlaps the dir=%s at line %d: give each directive a directory of its own, none inside another", dir.Value, o.dir, c.fset.Position(o.pos).Line)
			return
		}
	}
	d.skills = append(d.skills, &skillsRule{pos: pos, dir: dir.Value, dirPos: restPos + token.Pos(dir.ValueOff), scopes: splitScopes(good["scope"].Value)})
}

// within reports whether the slash path a is b or under it.
func within(a, b string) bool { return a == b || strings.HasPrefix(a, b+"/") }

// skills reads the skills of the //mcp:skills of the package in pkgDir:
// those of each directive, with its scopes. Two directives cannot serve
// one URI.
func (c *checker) skills(pkgDir string) *model.Skills {
	var out *model.Skills
	by := map[string]*skillsRule{}
	for _, r := range c.dirs.skills {
		set := c.skillsOf(pkgDir, r)
		if set == nil {
			continue
		}
		if out == nil {
			out = &model.Skills{}
		}
		out.Dirs = append(out.Dirs, r.dir)
		for _, sk := range set.Skills {
			if first := by[sk.URI]; first != nil {
				c.errorAt(filepath.Join(pkgDir, filepath.FromSlash(sk.Files[0].Path)), 1, 1, "skill %s is served by dir=%s too (line %d): move one of them to another path", sk.URI, first.dir, c.fset.Position(first.pos).Line)
				continue
			}
			by[sk.URI] = r
			sk.Scopes = r.scopes
			out.Skills = append(out.Skills, sk)
		}
	}
	return out
}

// skillsOf reads the skills of the directive r.
func (c *checker) skillsOf(pkgDir string, r *skillsRule) *model.Skills {
	if msg := embedPattern(r.dir); msg != "" {
		c.errorf(r.dirPos, "//mcp:skills dir=%s: %s", r.dir, msg)
		return nil
	}
	root := filepath.Join(pkgDir, filepath.FromSlash(r.dir))
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		c.errorf(r.dirPos, "//mcp:skills dir=%s: no directory %s in the package's directory", r.dir, r.dir)
		return nil
	}
	sr := &skillReader{c: c, pkgDir: pkgDir, rule: r, skillDirs: map[string]bool{}}
	var files []string // slash paths relative to root
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		// //go:embed DIR leaves out names that begin with . or _.
		if name := e.Name(); name[0] == '.' || name[0] == '_' {
			if name[0] == '_' {
				c.warnAt(p, 1, 1, "left out of the skills: //go:embed leaves out files and directories whose names begin with . or _; rename it to serve it")
			}
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			c.errorAt(p, 1, 1, "a skill's file cannot be a symbolic link: //go:embed does not embed one; copy the file in")
		case e.IsDir():
		case !e.Type().IsRegular():
			c.errorAt(p, 1, 1, "not a regular file: //go:embed cannot embed it")
		default:
			files = append(files, rel)
			if path.Base(rel) == "SKILL.md" {
				sr.skillDirs[path.Dir(rel)] = true
			}
		}
		return nil
	})
	if err != nil {
		c.errorf(r.dirPos, "//mcp:skills dir=%s: %v", r.dir, err)
		return nil
	}
	out := &model.Skills{Dirs: []string{r.dir}}
	if sr.skillDirs["."] {
		c.errorAt(filepath.Join(root, "SKILL.md"), 1, 1, "a skill is a directory of %s: move SKILL.md into %s/NAME/, NAME the skill's name", r.dir, r.dir)
		delete(sr.skillDirs, ".")
	}
	if len(sr.skillDirs) == 0 {
		c.errorf(r.dirPos, "//mcp:skills dir=%s: no skill in %s: a skill is a directory with a SKILL.md", r.dir, r.dir)
		return nil
	}
	// Each file belongs to every skill whose directory holds it (a nested
	// skill's files are the enclosing skill's too, SEP-2640 Resources).
	dirs := make([]string, 0, len(sr.skillDirs))
	for d := range sr.skillDirs {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	byDir := map[string]*model.Skill{}
	for _, d := range dirs {
		if sk := sr.skill(d); sk != nil {
			byDir[d] = sk
			out.Skills = append(out.Skills, sk)
		}
	}
	cache := map[string]*model.SkillFile{}
	for _, f := range files {
		if f == "SKILL.md" {
			continue // reported above
		}
		owned := false
		for d := path.Dir(f); ; d = path.Dir(d) {
			if sr.skillDirs[d] {
				owned = true
				if sk := byDir[d]; sk != nil && f != d+"/SKILL.md" {
					if sf := sr.file(cache, f, d); sf != nil {
						sk.Files = append(sk.Files, sf)
					}
				}
			}
			if d == "." {
				break
			}
		}
		if !owned {
			c.errorAt(filepath.Join(root, filepath.FromSlash(f)), 1, 1, "%s is in no skill: every file under %s belongs to a directory with a SKILL.md (or one above it)", f, r.dir)
		}
	}
	names := map[string]string{}
	for _, sk := range out.Skills {
		total := int64(0)
		for _, f := range sk.Files {
			total += f.Size
		}
		pos := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(sk.Files[0].Path, r.dir+"/")))
		if len(sk.Files) > maxSkillFiles {
			c.warnAt(pos, 1, 1, "skill %s has %d files; SEP-2640 hosts need not load a skill of more than %d", sk.Name, len(sk.Files), maxSkillFiles)
		}
		if total > maxSkillBytes {
			c.warnAt(pos, 1, 1, "skill %s holds %d bytes; SEP-2640 hosts need not load a skill of more than 16 MiB (%d bytes)", sk.Name, total, maxSkillBytes)
		}
		if first, dup := names[sk.Name]; dup {
			c.warnAt(pos, 1, 1, "a second skill named %s (the first is %s): hosts must tell them apart by their paths; a name of its own is clearer", sk.Name, first)
		} else {
			names[sk.Name] = sk.URI
		}
	}
	if len(out.Skills) == 0 {
		return nil
	}
	return out
}

// embedPattern returns what makes dir unfit as the pattern of a
// //go:embed of a directory of the package, or "".
func embedPattern(dir string) string {
	if !fs.ValidPath(dir) || dir == "." {
		return "want a relative path of the package's directory, slash-separated, without . or .. elements"
	}
	for _, seg := range strings.Split(dir, "/") {
		for i := 0; i < len(seg); i++ {
			if b := seg[i]; !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '-' || b == '_' || b == '.') {
				return fmt.Sprintf("want letters, digits, '-', '_' and '.' only, the directory's //go:embed pattern: not %q", b)
			}
		}
	}
	return ""
}

// skillReader reads the skills of one //mcp:skills directory.
type skillReader struct {
	c         *checker
	pkgDir    string
	rule      *skillsRule
	skillDirs map[string]bool // directories (relative to DIR) with a SKILL.md
}

// fullPath is the absolute name of rel, relative to DIR.
func (sr *skillReader) fullPath(rel string) string {
	return filepath.Join(sr.pkgDir, filepath.FromSlash(sr.rule.dir), filepath.FromSlash(rel))
}

// skillURI is the resource URI of rel, relative to DIR: skill://rel, each
// segment escaped as a URI path segment.
func skillURI(rel string) string {
	segs := strings.Split(rel, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return "skill://" + strings.Join(segs, "/")
}

// skill reads the SKILL.md of the skill in dir (relative to DIR) and checks
// its path and front matter.
func (sr *skillReader) skill(dir string) *model.Skill {
	c := sr.c
	name := sr.fullPath(dir + "/SKILL.md")
	data, err := os.ReadFile(name)
	if err != nil {
		c.errorAt(name, 1, 1, "%v", err)
		return nil
	}
	segs := strings.Split(dir, "/")
	bad := false
	for _, seg := range segs[:len(segs)-1] {
		if !regName(seg) {
			c.errorAt(name, 1, 1, "the directory %s above the skill is a segment of its URI skill://%s/SKILL.md: want letters, digits and - . _ ~ only", seg, dir)
			bad = true
		}
	}
	fm, fields := sr.frontmatter(name, data)
	if fm == nil {
		return nil
	}
	get := func(key string) (string, *yaml.Node, bool) {
		for i := 0; i+1 < len(fields.Content); i += 2 {
			if fields.Content[i].Value == key {
				v := fields.Content[i+1]
				return v.Value, v, v.Kind == yaml.ScalarNode && v.ShortTag() == "!!str"
			}
		}
		return "", nil, false
	}
	skillName, nameNode, isStr := get("name")
	switch {
	case nameNode == nil:
		c.errorAt(name, fields.Line, fields.Column, "the front matter has no name: add name: %s (the skill's directory)", segs[len(segs)-1])
		bad = true
	case !isStr:
		c.errorAt(name, nameNode.Line, nameNode.Column, "name must be a string")
		bad = true
	case skillNameProblem(skillName) != "":
		c.errorAt(name, nameNode.Line, nameNode.Column, "bad skill name %q: %s", skillName, skillNameProblem(skillName))
		bad = true
	case skillName != segs[len(segs)-1]:
		c.errorAt(name, nameNode.Line, nameNode.Column, "the skill's name %s is not the name of its directory %s: rename one (the URI's last segment is the name)", skillName, segs[len(segs)-1])
		bad = true
	}
	desc, descNode, isStr := get("description")
	switch {
	case descNode == nil:
		c.errorAt(name, fields.Line, fields.Column, "the front matter has no description: add description: what the skill does and when to use it")
		bad = true
	case !isStr || strings.TrimSpace(desc) == "":
		c.errorAt(name, descNode.Line, descNode.Column, "description must be a non-empty string: what the skill does and when to use it")
		bad = true
	case utf8.RuneCountInString(desc) > maxSkillDescription:
		c.errorAt(name, descNode.Line, descNode.Column, "description is %d characters long; the Agent Skills specification allows at most %d", utf8.RuneCountInString(desc), maxSkillDescription)
		bad = true
	}
	for _, key := range []string{"license", "compatibility", "allowed-tools"} {
		v, node, isStr := get(key)
		switch {
		case node == nil:
		case !isStr:
			c.errorAt(name, node.Line, node.Column, "%s must be a string", key)
			bad = true
		case key == "compatibility" && utf8.RuneCountInString(v) > maxCompatibility:
			c.errorAt(name, node.Line, node.Column, "compatibility is %d characters long; the Agent Skills specification allows at most %d", utf8.RuneCountInString(v), maxCompatibility)
			bad = true
		}
	}
	if _, md, _ := get("metadata"); md != nil {
		if md.Kind != yaml.MappingNode {
			c.errorAt(name, md.Line, md.Column, "metadata must be a mapping of strings to strings")
			bad = true
		} else {
			for i := 0; i+1 < len(md.Content); i += 2 {
				k, v := md.Content[i], md.Content[i+1]
				switch {
				case v.Kind != yaml.ScalarNode || v.ShortTag() != "!!str":
					c.errorAt(name, v.Line, v.Column, "metadata %s: a value of metadata must be a string (quote it: %s: \"%s\")", k.Value, k.Value, v.Value)
					bad = true
				case strings.HasPrefix(k.Value, "io.modelcontextprotocol/"):
					c.warnAt(name, k.Line, k.Column, "metadata keys under io.modelcontextprotocol/ are reserved for MCP extensions, which define none of them yet")
				}
			}
		}
	}
	if bad {
		return nil
	}
	f := sr.newFile(dir+"/SKILL.md", data)
	return &model.Skill{URI: f.URI, Name: skillName, Description: desc, Frontmatter: string(fm), Files: []*model.SkillFile{f}}
}

// file reads the file rel (relative to DIR) of the skill in dir; cache
// keeps the files read, as a nested skill's are the enclosing one's too.
func (sr *skillReader) file(cache map[string]*model.SkillFile, rel, dir string) *model.SkillFile {
	if f, ok := cache[rel]; ok {
		return f
	}
	name := sr.fullPath(rel)
	data, err := os.ReadFile(name)
	if err != nil {
		sr.c.errorAt(name, 1, 1, "%v", err)
		cache[rel] = nil
		return nil
	}
	f := sr.newFile(rel, data)
	cache[rel] = f
	return f
}

// newFile returns the model of the file rel (relative to DIR) whose
// contents are data.
func (sr *skillReader) newFile(rel string, data []byte) *model.SkillFile {
	sum := sha256.Sum256(data)
	return &model.SkillFile{URI: skillURI(rel), Path: sr.rule.dir + "/" + rel, MIMEType: skillMIMEType(rel, data),
		Size: int64(len(data)), Digest: "sha256:" + hex.EncodeToString(sum[:]), Binary: !isText(data)}
}

// frontmatter returns the front matter of the SKILL.md data (in the file
// name) as a compact JSON object, and its YAML mapping; nil after an error,
// reported.
func (sr *skillReader) frontmatter(name string, data []byte) ([]byte, *yaml.Node) {
	c := sr.c
	text := strings.TrimPrefix(string(data), "\uFEFF")
	const form = "SKILL.md must begin with its YAML front matter: a line ---, the fields (name: and description: at least), a line ---"
	first, rest, _ := strings.Cut(text, "\n")
	if strings.TrimRight(first, "\r") != "---" {
		c.errorAt(name, 1, 1, "%s", form)
		return nil, nil
	}
	var body strings.Builder
	closed := false
	for line := range strings.Lines(rest) {
		if strings.TrimRight(line, " \t\r\n") == "---" {
			closed = true
			break
		}
		body.WriteString(line)
	}
	if !closed {
		c.errorAt(name, 1, 1, "the front matter is not closed: %s", form)
		return nil, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(body.String()), &doc); err != nil {
		line := 0
		msg := err.Error()
		var pe *yaml.ParserError
		if errors.As(err, &pe) {
			line, msg = pe.Line, pe.Message
		}
		c.errorAt(name, line+1, 1, "the front matter is not YAML: %s", msg)
		return nil, nil
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		c.errorAt(name, 2, 1, "the front matter must be a YAML mapping (name: ..., description: ...)")
		return nil, nil
	}
	m := doc.Content[0]
	shift(m, 1) // the lines of the body are the file's from line 2
	var buf bytes.Buffer
	if !sr.yamlJSON(&buf, name, m) {
		return nil, nil
	}
	return buf.Bytes(), m
}

// shift moves the lines of n and what it holds down by lines.
func shift(n *yaml.Node, lines int) {
	n.Line += lines
	for _, k := range n.Content {
		shift(k, lines)
	}
}

// yamlJSON writes the YAML node n as JSON, as a YAML 1.2 parser reads it,
// keys in the order written; false after an error, reported: what has no
// JSON form (aliases, tags of their own, keys that are not strings,
// infinities) is refused rather than changed.
func (sr *skillReader) yamlJSON(b *bytes.Buffer, name string, n *yaml.Node) bool {
	c := sr.c
	fail := func(format string, args ...any) bool {
		c.errorAt(name, n.Line, n.Column, "the front matter: "+format, args...)
		return false
	}
	if n.Anchor != "" {
		return fail("anchors and aliases are not supported: write the value out")
	}
	switch n.Kind {
	case yaml.AliasNode:
		return fail("anchors and aliases are not supported: write the value out")
	case yaml.MappingNode:
		b.WriteByte('{')
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.ShortTag() != "!!str" {
				c.errorAt(name, k.Line, k.Column, "the front matter: a key must be a string (quote it)")
				return false
			}
			if seen[k.Value] {
				c.errorAt(name, k.Line, k.Column, "the front matter: %s appears twice", k.Value)
				return false
			}
			seen[k.Value] = true
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k.Value)
			b.WriteByte(':')
			if !sr.yamlJSON(b, name, n.Content[i+1]) {
				return false
			}
		}
		b.WriteByte('}')
	case yaml.SequenceNode:
		b.WriteByte('[')
		for i, e := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			if !sr.yamlJSON(b, name, e) {
				return false
			}
		}
		b.WriteByte(']')
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!str":
			writeJSONString(b, n.Value)
		case "!!timestamp":
			// YAML 1.2 has no timestamps: a date is a string there.
			writeJSONString(b, n.Value)
		case "!!null":
			b.WriteString("null")
		case "!!bool":
			var v bool
			if err := n.Decode(&v); err != nil {
				return fail("%v", err)
			}
			b.WriteString(strconv.FormatBool(v))
		case "!!int", "!!float":
			// The YAML 1.2 core schema, which hosts parse with, is not
			// the YAML 1.1 the decoder resolves: 017 is 17 there, 0b1
			// and 1_000 are strings.
			if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
				writeJSONString(b, n.Value)
				break
			}
			text, ok := coreNumber(n.Value)
			switch {
			case !ok:
				writeJSONString(b, n.Value)
			case text == "":
				return fail("%s has no JSON form (an integer out of range, or not a finite number): quote it", n.Value)
			default:
				b.WriteString(text)
			}
		default:
			return fail("the tag %s is not supported: JSON has strings, numbers, booleans, null, lists and mappings", n.Tag)
		}
	default:
		return fail("unsupported YAML")
	}
	return true
}

// The numbers of the YAML 1.2 core schema (yaml.org/spec/1.2.2, 10.3.2).
var (
	coreDecimal = regexp.MustCompile(`^[-+]?[0-9]+$`)
	coreOctal   = regexp.MustCompile(`^0o[0-7]+$`)
	coreHex     = regexp.MustCompile(`^0x[0-9a-fA-F]+$`)
	coreFloat   = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	coreSpecial = regexp.MustCompile(`^([-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$`)
)

// coreNumber returns the JSON text of the plain scalar v if the core
// schema reads it as a number ("" for one JSON cannot hold: infinities,
// NaN, integers beyond 64 bits), and false if it reads it as a string.
func coreNumber(v string) (string, bool) {
	base, digits := 10, v
	switch {
	case coreOctal.MatchString(v):
		base, digits = 8, v[2:]
	case coreHex.MatchString(v):
		base, digits = 16, v[2:]
	case coreDecimal.MatchString(v):
	case coreSpecial.MatchString(v):
		return "", true
	case coreFloat.MatchString(v):
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsInf(f, 0) {
			return "", true
		}
		j, _ := json.Marshal(f)
		return string(j), true
	default:
		return "", false
	}
	i, err := strconv.ParseInt(digits, base, 64)
	if err != nil {
		return "", true
	}
	return strconv.FormatInt(i, 10), true
}

func writeJSONString(b *bytes.Buffer, s string) {
	j, _ := json.Marshal(s)
	b.Write(j)
}

// skillNameProblem returns what is wrong with a skill name under the
// Agent Skills specification, or "".
func skillNameProblem(name string) string {
	switch {
	case name == "" || len(name) > maxSkillName:
		return fmt.Sprintf("want 1 to %d characters", maxSkillName)
	case name[0] == '-' || name[len(name)-1] == '-' || strings.Contains(name, "--"):
		return "no hyphen at the start or end, and no two in a row"
	}
	for i := 0; i < len(name); i++ {
		if b := name[i]; !('a' <= b && b <= 'z' || '0' <= b && b <= '9' || b == '-') {
			return "want lowercase letters, digits and hyphens only"
		}
	}
	return ""
}

// regName reports whether seg can be a segment of a skill's path as it is
// (an RFC 3986 reg-name of unreserved characters, no escapes needed).
func regName(seg string) bool {
	for i := 0; i < len(seg); i++ {
		if b := seg[i]; !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("-._~", b) >= 0) {
			return false
		}
	}
	return seg != ""
}

// isText reports whether data is sent as text: UTF-8 without NUL.
func isText(data []byte) bool {
	return utf8.Valid(data) && bytes.IndexByte(data, 0) < 0
}

// skillTypes are the MIME types of skill files by extension: a fixed
// table, so that generating gives the same bytes everywhere.
var skillTypes = map[string]string{
	".md": "text/markdown", ".markdown": "text/markdown", ".txt": "text/plain",
	".html": "text/html", ".htm": "text/html", ".css": "text/css", ".csv": "text/csv",
	".json": "application/json", ".yaml": "application/yaml", ".yml": "application/yaml",
	".xml": "application/xml", ".toml": "application/toml",
	".js": "text/javascript", ".mjs": "text/javascript", ".ts": "text/x-typescript",
	".py": "text/x-python", ".sh": "application/x-sh", ".go": "text/x-go", ".sql": "application/sql",
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
	".webp": "image/webp", ".svg": "image/svg+xml", ".pdf": "application/pdf",
	".zip": "application/zip",
}

// skillMIMEType is the MIME type of a skill's file, from its extension
// (skillTypes), else text/plain for text and application/octet-stream for
// the rest.
func skillMIMEType(name string, data []byte) string {
	if t, ok := skillTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	if isText(data) {
		return "text/plain"
	}
	return "application/octet-stream"
}

// errorAt and warnAt report at a line and column of a file that is not Go
// source (a SKILL.md), whose name is absolute.
func (c *checker) errorAt(name string, line, col int, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{Pos: token.Position{Filename: name, Line: line, Column: col}, Message: fmt.Sprintf(format, args...)})
}

func (c *checker) warnAt(name string, line, col int, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{Pos: token.Position{Filename: name, Line: line, Column: col}, Message: fmt.Sprintf(format, args...), Warning: true})
}
