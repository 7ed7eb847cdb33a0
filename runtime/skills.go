package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file serves the skills extension (SEP-2640, extension
// io.modelcontextprotocol/skills): skills/list, skills/get and
// resources/directory/read, and each file of a skill as a resource.

// skillsExtension is the extension's identifier.
const skillsExtension = "io.modelcontextprotocol/skills"

// directoryMIMEType is the MIME type of a directory resource.
const directoryMIMEType = "inode/directory"

// A Skill is one skill the server serves under the skills extension
// (SEP-2640): a directory of files, the first its SKILL.md, each file a
// resource. The generated RegisterSkills fills it from the files of
// //mcp:skills, sizes and digests computed at generate time, so that
// registering it hashes nothing.
type Skill struct {
	// URI is the resource URI of the skill's SKILL.md:
	// skill://PATH/SKILL.md, the last segment of PATH the skill's name.
	URI string
	// Name and Description are those of the front matter: the name and
	// description of the SKILL.md resource.
	Name, Description string
	// Frontmatter is the front matter of SKILL.md as a JSON object, as
	// skills/list and skills/get send it.
	Frontmatter string
	// Files are every file of the skill, SKILL.md (at URI) among them,
	// each once: the entry's resources.
	Files []SkillFile
	// Scopes are the scopes a caller needs to see the skill and read its
	// files, as a tool's Scopes are those a caller needs to call it.
	Scopes []string
}

// A SkillFile is one file of a [Skill].
type SkillFile struct {
	// URI is the file's resource URI, under the skill's directory.
	URI string
	// Path is the file's name in the fs.FS given to [Server.AddSkills].
	Path string
	// MIMEType is the type of the file's contents.
	MIMEType string
	// Size is the length of the file in bytes, and Digest its SHA-256,
	// "sha256:" and 64 lowercase hexadecimal digits.
	Size   int64
	Digest string
	// Binary files are read as a blob (base64); the others as text.
	Binary bool
}

// skill is a registered Skill: its entry as skills/list sends it.
type skill struct {
	uri    string
	entry  []byte   // the Skill object of SEP-2640
	files  []string // the URIs of its files
	scopes []string
}

// AddSkills registers skills whose files fsys holds, and declares the
// skills extension to clients of protocol 2026-07-28. Each file becomes a
// resource (resources/list, resources/read), the SKILL.md with the skill's
// name and description; a file that two skills list (a nested skill's) is
// one resource. Each directory of a skill is a directory resource for
// resources/directory/read. AddSkills checks what an entry must hold (the
// URI's last segment is the name, every file under the skill's
// directory, digests of the SEP's form, the front matter an object) and
// reads no file: a file whose size is not the one given is an internal
// error when read. It reports an error, and registers nothing, when a
// skill breaks a rule or has the URI of one registered before or given
// twice.
func (s *Server) AddSkills(fsys fs.FS, skills ...Skill) error {
	if fsys == nil {
		return errors.New("runtime: AddSkills with a nil fs.FS")
	}
	added := make([]*skill, 0, len(skills))
	var files []*resource
	seen := map[string]bool{}
	// A nested skill's SKILL.md is a file of the enclosing skill too: its
	// resource is named after the skill it is the SKILL.md of.
	byURI := make(map[string]*Skill, len(skills))
	for i := range skills {
		byURI[skills[i].URI] = &skills[i]
	}
	for i := range skills {
		sk := &skills[i]
		if err := checkSkill(sk); err != nil {
			return err
		}
		b, err := skillEntry(sk)
		if err != nil {
			return err
		}
		scopes, err := cleanScopes("skill "+quoteForError(sk.URI), sk.Scopes)
		if err != nil {
			return err
		}
		reg := &skill{uri: sk.URI, entry: b, scopes: scopes}
		added = append(added, reg)
		for _, f := range sk.Files {
			reg.files = append(reg.files, f.URI)
			if seen[f.URI] {
				continue
			}
			seen[f.URI] = true
			r := &resource{uri: f.URI, name: path.Base(f.URI), mimeType: f.MIMEType, handler: skillFileHandler(fsys, f)}
			if own := byURI[f.URI]; own != nil {
				r.name, r.description = own.Name, own.Description
			}
			files = append(files, r)
		}
	}
	if err := s.addSkills(added, files); err != nil {
		return err
	}
	// The files are resources: a server WithListChanged announces them.
	s.listsChanged(listResources)
	return nil
}

// addSkills registers skills and their files, all or none.
func (s *Server) addSkills(added []*skill, files []*resource) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, sk := range added {
		same := func(q *skill) bool { return q.uri == sk.uri }
		if slices.ContainsFunc(s.skills, same) || slices.ContainsFunc(added[:i], same) {
			return fmt.Errorf("runtime: skill %q: duplicate URI", sk.uri)
		}
	}
	var fresh []*resource
	for _, r := range files {
		if s.skillFiles[r.uri] {
			continue // a file of a skill registered before (nested skills)
		}
		if slices.ContainsFunc(s.resources, func(q *resource) bool { return q.uri == r.uri }) {
			return fmt.Errorf("runtime: skill file %q: a resource of that URI is already registered", r.uri)
		}
		fresh = append(fresh, r)
	}
	if s.skillFiles == nil {
		s.skillFiles = map[string]bool{}
	}
	for _, r := range fresh {
		s.skillFiles[r.uri] = true
	}
	s.resources = append(s.resources, fresh...)
	s.skills = append(s.skills, added...)
	s.snap.Store(nil)
	return nil
}

// MustAddSkills is like [Server.AddSkills] but panics if the skills cannot
// be registered. Generated code calls it.
func (s *Server) MustAddSkills(fsys fs.FS, skills ...Skill) {
	mustRegister(s.AddSkills(fsys, skills...))
}

// checkSkill checks what SEP-2640 requires of an entry that costs no read.
func checkSkill(sk *Skill) error {
	dir, ok := strings.CutSuffix(sk.URI, "/SKILL.md")
	name := dir[strings.LastIndexByte(dir, '/')+1:]
	scheme, _, hasScheme := strings.Cut(dir, "://")
	switch {
	case !ok || !hasScheme || scheme == "" || name == "" || strings.HasSuffix(dir, "://"):
		return fmt.Errorf("runtime: skill %q: the URI must be SCHEME://PATH/SKILL.md", sk.URI)
	case name != sk.Name:
		return fmt.Errorf("runtime: skill %q: the URI's last segment %q is not the skill's name %q", sk.URI, name, sk.Name)
	case sk.Description == "":
		return fmt.Errorf("runtime: skill %q: empty Description", sk.URI)
	case !strings.HasPrefix(sk.Frontmatter, "{") || !json.Valid([]byte(sk.Frontmatter)):
		return fmt.Errorf("runtime: skill %q: Frontmatter is not a JSON object", sk.URI)
	}
	own := false
	for _, f := range sk.Files {
		own = own || f.URI == sk.URI
		switch {
		case f.URI != sk.URI && !strings.HasPrefix(f.URI, dir+"/"):
			return fmt.Errorf("runtime: skill %q: file %q is not under the skill's directory %s", sk.URI, f.URI, dir)
		case !validDigest(f.Digest):
			return fmt.Errorf("runtime: skill %q: file %q: digest %q is not sha256: and 64 lowercase hexadecimal digits", sk.URI, f.URI, f.Digest)
		case f.Size < 0:
			return fmt.Errorf("runtime: skill %q: file %q: negative size", sk.URI, f.URI)
		case !fs.ValidPath(f.Path):
			return fmt.Errorf("runtime: skill %q: file %q: %q is not a valid fs.FS path", sk.URI, f.URI, f.Path)
		}
	}
	if !own {
		return fmt.Errorf("runtime: skill %q: no file is its SKILL.md (a file of URI %s)", sk.URI, sk.URI)
	}
	return nil
}

func validDigest(d string) bool {
	hex, ok := strings.CutPrefix(d, "sha256:")
	if !ok || len(hex) != 64 {
		return false
	}
	for i := 0; i < len(hex); i++ {
		if c := hex[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// skillEntry returns the Skill object of SEP-2640 for sk: uri,
// frontmatter and resources, each resource {uri, digest, size}.
func skillEntry(sk *Skill) ([]byte, error) {
	b := jsontext.AppendString([]byte(`{"uri":`), sk.URI)
	b = append(b, `,"frontmatter":`...)
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(sk.Frontmatter)); err != nil {
		return nil, fmt.Errorf("runtime: skill %q: Frontmatter: %v", sk.URI, err)
	}
	b = append(b, buf.Bytes()...)
	b = append(b, `,"resources":[`...)
	for i, f := range sk.Files {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontext.AppendString(append(b, `{"uri":`...), f.URI)
		b = append(b, `,"digest":"`...)
		b = append(b, f.Digest...)
		b = append(b, `","size":`...)
		b = fmt.Appendf(b, "%d}", f.Size)
	}
	return append(b, "]}"...), nil
}

// skillFileHandler reads the file f of fsys, as text or as a blob.
func skillFileHandler(fsys fs.FS, f SkillFile) ResourceHandler {
	return func(ctx context.Context, req ResourceRequest) ([]ResourceContents, error) {
		data, err := fs.ReadFile(fsys, f.Path)
		if err != nil {
			return nil, fmt.Errorf("skill file %s: %v", f.URI, err)
		}
		if int64(len(data)) != f.Size {
			// The entry's digest and size no longer describe the file: a
			// host would refuse it, so the server does not send it.
			return nil, fmt.Errorf("skill file %s is %d bytes, not the %d of its entry: regenerate", f.URI, len(data), f.Size)
		}
		if f.Binary {
			return BlobResource(data), nil
		}
		return TextResource(string(data)), nil
	}
}

// buildSkills fills the skills part of ts: the skills/list pages, the
// entries by URI, the skills each file belongs to, and the directories of
// every skill file. Called with s.mu held.
func (s *Server) buildSkills(ts *catalog) {
	if len(s.skills) == 0 {
		return
	}
	ts.skillByURI = make(map[string]int, len(s.skills))
	ts.skills = s.skills[:len(s.skills):len(s.skills)]
	ts.fileSkills = map[string][]int{}
	entries := make([][]byte, len(s.skills))
	for i, sk := range s.skills {
		ts.skillByURI[sk.uri] = i
		ts.skillItems = append(ts.skillItems, Item{Kind: ItemSkill, Name: sk.uri, Scopes: sk.scopes})
		entries[i] = sk.entry
		for _, f := range sk.files {
			ts.fileSkills[f] = append(ts.fileSkills[f], i)
		}
	}
	ts.skillList = s.paginate("skills", modernOnly(entries))

	// Every directory above a skill file, up to the first segment after
	// the scheme, with its direct children: files with their resource
	// metadata, subdirectories as directory resources. Each child carries
	// the skills whose files it is or holds: it exists for a caller who
	// may see one of them.
	children := map[string][]*dirChild{}
	byURI := map[string]*dirChild{}
	for _, r := range s.resources {
		owners, ok := ts.fileSkills[r.uri]
		if !ok || r.template != nil {
			continue
		}
		child, item := r.uri, resourceJSON(r, proto20260728)
		for {
			i := strings.LastIndexByte(child, '/')
			if i < 0 || strings.HasSuffix(child[:i], ":/") {
				break
			}
			dir := child[:i]
			dc := byURI[child]
			if dc == nil {
				dc = &dirChild{item: item}
				byURI[child] = dc
				children[dir] = append(children[dir], dc)
			}
			for _, o := range owners {
				if !slices.Contains(dc.skills, o) {
					dc.skills = append(dc.skills, o)
				}
			}
			child = dir
			w := wireResource{URI: dir, Name: path.Base(dir), MIMEType: directoryMIMEType}
			item, _ = json.Marshal(w)
		}
	}
	ts.directories = make(map[string]*skillDir, len(children))
	for dir, kids := range children {
		d := &skillDir{children: kids}
		all := make([]int, len(kids))
		for i := range all {
			all[i] = i
		}
		d.full = d.list(s, all)
		ts.directories[dir] = d
	}
}

// A skillDir is a directory resource of the skills.
type skillDir struct {
	children []*dirChild
	full     pagedList     // every child
	lists    filteredLists // the children some callers see
}

// A dirChild is an entry of a directory: a file, or a directory.
type dirChild struct {
	item   []byte // as resources/directory/read lists it
	skills []int  // the skills it is a file of, or holds files of
}

// list returns the pages of the children of d whose indexes are visible.
func (d *skillDir) list(s *Server, visible []int) pagedList {
	items := make([][]byte, len(visible))
	for i, v := range visible {
		items[i] = d.children[v].item
	}
	l := s.paginate("resources", modernOnly(items))
	// A directory result is paginated, not cacheable (SEP-2640, Reading
	// Directories): no ttlMs or cacheScope.
	l.pages.uncached = true
	return l
}

// modernOnly returns items as the encoded items of every protocol version:
// the skills methods exist in 2026-07-28 only, and paginate counts the
// items of the first version.
func modernOnly(items [][]byte) [numProtocols][][]byte {
	var enc [numProtocols][][]byte
	for v := range enc {
		enc[v] = items
	}
	return enc
}

func (ts *catalog) hasSkills() bool { return len(ts.skills) > 0 }

// skillAccess returns what the caller of ctx may do with each skill of ts.
func (s *Server) skillAccess(ctx context.Context, ts *catalog) []access {
	out := make([]access, len(ts.skillItems))
	for i, it := range ts.skillItems {
		out[i] = s.access(ctx, it)
	}
	return out
}

// resourceAccess is [Server.access] for a resource. A file of skills is
// not an item of its own: it is what the skills it belongs to are for the
// caller, readable when one of them is (a nested skill's files are the
// enclosing skill's too), else refused for the scopes of the first one the
// caller lacks only scopes for, else hidden. It returns the item that
// decided, whose scopes an error names.
func (s *Server) resourceAccess(ctx context.Context, ts *catalog, r *resource) (access, Item) {
	owners, ok := ts.fileSkills[r.uri]
	if !ok || r.template != nil {
		return s.access(ctx, r.item()), r.item()
	}
	a, item := accessHidden, Item{Kind: ItemResource, Name: r.uri}
	for _, o := range owners {
		switch s.access(ctx, ts.skillItems[o]) {
		case accessOK:
			return accessOK, ts.skillItems[o]
		case accessNoScope:
			if a == accessHidden {
				a, item = accessNoScope, ts.skillItems[o]
			}
		}
	}
	return a, item
}

// listSkills answers skills/list: the entries the caller may see, in
// registration order, paginated like tools/list.
func (c *conn) listSkills(r request, p *listParams) []byte {
	cursor := ""
	if p.Cursor != nil {
		cursor = *p.Cursor
	}
	ts := c.srv.snapshot()
	l := &ts.skillList
	if c.srv.personal(ts) {
		acc := c.srv.skillAccess(r.ctx, ts)
		l = ts.skillLists.forRequest(&ts.skillList, len(acc), func(i int) bool { return acc[i] == accessOK }, func(visible []int) pagedList {
			entries := make([][]byte, len(visible))
			for i, v := range visible {
				entries[i] = ts.skills[v].entry
			}
			return c.srv.paginate("skills", modernOnly(entries))
		})
	}
	page, ok := l.page(r.proto, cursor)
	if !ok {
		return errorReply(r.id, errorf(codeInvalidParams, "Invalid cursor"))
	}
	return appendResult(make([]byte, 0, len(page)+48+len(r.id)), r.id, page)
}

// getSkill answers skills/get: the entry of the skill whose SKILL.md is at
// params.uri, or -32602 for a URI that names no skill (SEP-2640, Getting a
// Skill) or one the Filter hides; a skill whose scopes the caller lacks is
// refused as a tool is.
func (c *conn) getSkill(r request, p *uriParams) []byte {
	if e := checkURI(p.URI); e != nil {
		return errorReply(r.id, e)
	}
	ts := c.srv.snapshot()
	i, ok := ts.skillByURI[*p.URI]
	if ok {
		switch c.srv.access(r.ctx, ts.skillItems[i]) {
		case accessHidden:
			ok = false
		case accessNoScope:
			return errorReply(r.id, errScope("skill "+*p.URI, ts.skillItems[i].Scopes))
		}
	}
	if !ok {
		return errorReply(r.id, errorf(codeInvalidParams, "No skill is served at "+*p.URI))
	}
	sk := ts.skills[i]
	b := append(make([]byte, 0, len(sk.entry)+160), `{"skill":`...)
	b = append(b, sk.entry...)
	b = c.srv.appendCaching(b, c.srv.personal(ts))
	b = c.srv.appendModern(b, true)
	return appendResult(nil, r.id, b)
}

// directoryParams are the params of resources/directory/read.
type directoryParams struct {
	metaParams
	URI    *string `json:"uri"`
	Cursor *string `json:"cursor"`
}

// readDirectory answers resources/directory/read: the direct children of
// a directory of the skills that the caller may see, or -32602 for a URI
// that is none, or holds nothing the caller may see (SEP-2640, Reading
// Directories).
func (c *conn) readDirectory(r request, p *directoryParams) []byte {
	if e := checkURI(p.URI); e != nil {
		return errorReply(r.id, e)
	}
	ts := c.srv.snapshot()
	d := ts.directories[*p.URI]
	var l *pagedList
	if d != nil {
		l = &d.full
		if c.srv.personal(ts) {
			acc := c.srv.skillAccess(r.ctx, ts)
			seen := false
			l = d.lists.forRequest(&d.full, len(d.children), func(i int) bool {
				ok := slices.ContainsFunc(d.children[i].skills, func(o int) bool { return acc[o] == accessOK })
				seen = seen || ok
				return ok
			}, func(visible []int) pagedList { return d.list(c.srv, visible) })
			if !seen {
				l = nil
			}
		}
	}
	if l == nil {
		return errorReply(r.id, errorf(codeInvalidParams, *p.URI+" is not a directory resource"))
	}
	cursor := ""
	if p.Cursor != nil {
		cursor = *p.Cursor
	}
	page, ok := l.page(r.proto, cursor)
	if !ok {
		return errorReply(r.id, errorf(codeInvalidParams, "Invalid cursor"))
	}
	return appendResult(make([]byte, 0, len(page)+48+len(r.id)), r.id, page)
}
