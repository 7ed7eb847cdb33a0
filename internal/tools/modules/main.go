// Command modules keeps the Go modules of the mcpgen repository installable
// as a user installs them (docs/contributing.md, "Modules"):
//
//	go run ./modules [-root DIR] check
//	go run ./modules [-root DIR] proxy OUT
//	go run ./modules [-root DIR] tidy
//
// A module is published unless it lives under examples/, e2e/, bench/ or
// internal/. Every module is released at one version, the release version:
// the version at which go.work at the root replaces each published module
// with its directory.
//
// check enforces the rules: a published module has no replace and no tool
// directive (a user's module graph would carry neither, and a tool would
// enter it), and requires each published module of the repository at the
// release version; so does every other module; go.work uses every module
// but those with a go.work of their own (internal/tools, whose dependencies
// must not enter the others' builds) and replaces every published one at
// the release version.
//
// proxy writes a file-based module proxy (GOPROXY=file://OUT) that serves
// every published module at the release version, from the files git tracks
// or would track (not the ignored ones), zipped as the go command zips a
// module (golang.org/x/mod/zip): a fresh module can go get them as a user
// would, with no replace. It prints the release version.
//
// tidy runs go mod tidy -diff in every module, outside the workspace: a
// published module that requires another is tidied with a copy of its
// go.mod that replaces the others with their directories, since its
// release version exists nowhere yet.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	root := flag.String("root", ".", "the repository's root directory")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: modules [-root DIR] check | proxy OUT | tidy")
	}
	flag.Parse()
	r, err := load(*root)
	if err == nil {
		switch args := flag.Args(); {
		case len(args) == 1 && args[0] == "check":
			err = r.check()
		case len(args) == 2 && args[0] == "proxy":
			err = r.proxy(args[1])
			if err == nil {
				fmt.Println(r.version)
			}
		case len(args) == 1 && args[0] == "tidy":
			err = r.tidy()
		default:
			flag.Usage()
			os.Exit(2)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "modules:", err)
		os.Exit(1)
	}
}

// A mod is one module of the repository.
type mod struct {
	dir       string // slash-separated, relative to the root ("." for the root)
	file      *modfile.File
	published bool
}

func (m *mod) path() string { return m.file.Module.Mod.Path }

// A repo is the repository: its modules and go.work.
type repo struct {
	root    string
	mods    []*mod
	work    *modfile.WorkFile
	version string // the release version, from go.work's replacements
}

// unpublished are the directories whose modules are not published.
var unpublished = []string{"examples", "e2e", "bench", "internal"}

// load reads every go.mod under root (not under node_modules, testdata or
// a directory whose name starts with a dot) and root/go.work.
func load(root string) (*repo, error) {
	r := &repo{root: root}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && p != root && (name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || name != "go.mod" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := modfile.Parse(p, data, nil)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		top, _, _ := strings.Cut(rel, "/")
		r.mods = append(r.mods, &mod{dir: rel, file: f, published: !slices.Contains(unpublished, top)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	p := filepath.Join(root, "go.work")
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	if r.work, err = modfile.ParseWork(p, data, nil); err != nil {
		return nil, err
	}
	for _, rep := range r.work.Replace {
		if r.version == "" {
			r.version = rep.Old.Version
		}
		if rep.Old.Version != r.version {
			return nil, fmt.Errorf("go.work replaces %s at %s, others at %s: one release version for every module", rep.Old.Path, rep.Old.Version, r.version)
		}
	}
	if r.version == "" {
		return nil, errors.New("go.work replaces no module: it must replace each published module at the release version")
	}
	return r, nil
}

// published returns the published module with the path p, or nil.
func (r *repo) published(p string) *mod {
	for _, m := range r.mods {
		if m.published && m.path() == p {
			return m
		}
	}
	return nil
}

// check reports every broken rule.
func (r *repo) check() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	used := map[string]bool{}
	for _, u := range r.work.Use {
		used[path.Clean(u.Path)] = true
	}
	replaced := map[string]string{}
	for _, rep := range r.work.Replace {
		replaced[rep.Old.Path] = path.Clean(rep.New.Path)
	}
	for _, m := range r.mods {
		gomod := path.Join(m.dir, "go.mod")
		if _, err := os.Stat(filepath.Join(r.root, m.dir, "go.work")); m.dir != "." && err == nil {
			// A workspace of its own (internal/tools): its dependencies stay
			// out of every other module's build.
			if m.published || used[m.dir] {
				bad("%s has a go.work of its own: it must be unpublished and not in the root's go.work", m.dir)
			}
		} else if !used[m.dir] {
			bad("go.work does not use %s", m.dir)
		}
		for _, req := range m.file.Require {
			if r.published(req.Mod.Path) != nil && req.Mod.Version != r.version {
				bad("%s requires %s %s: the modules of the repository require each other at the release version %s", gomod, req.Mod.Path, req.Mod.Version, r.version)
			}
		}
		if !m.published {
			continue
		}
		for _, rep := range m.file.Replace {
			bad("%s replaces %s: a published module has no replace (a user's build ignores it); go.work replaces the repository's modules", gomod, rep.Old.Path)
		}
		for _, t := range m.file.Tool {
			bad("%s declares the tool %s: a published module declares no tool (it would enter every user's module graph); development tools live in internal/tools", gomod, t.Path)
		}
		if dir, ok := replaced[m.path()]; !ok || dir != m.dir {
			bad("go.work does not replace %s %s with ./%s", m.path(), r.version, m.dir)
		}
	}
	for p := range replaced {
		if r.published(p) == nil {
			bad("go.work replaces %s, which is no published module of the repository", p)
		}
	}
	return errors.Join(errs...)
}

// proxy writes the module proxy of the published modules to out.
func (r *repo) proxy(out string) error {
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{r.version, time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		return err
	}
	for _, m := range r.mods {
		if !m.published {
			continue
		}
		v := module.Version{Path: m.path(), Version: r.version}
		esc, err := module.EscapePath(v.Path)
		if err != nil {
			return err
		}
		dir := filepath.Join(out, filepath.FromSlash(esc), "@v")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		files, err := r.files(m.dir)
		if err != nil {
			return err
		}
		var z bytes.Buffer
		if err := zip.Create(&z, v, files); err != nil {
			return fmt.Errorf("%s: %w", m.dir, err)
		}
		gomod, err := os.ReadFile(filepath.Join(r.root, m.dir, "go.mod"))
		if err != nil {
			return err
		}
		for name, data := range map[string][]byte{
			"list":              []byte(r.version + "\n"),
			r.version + ".info": info,
			r.version + ".mod":  gomod,
			r.version + ".zip":  z.Bytes(),
		} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// files returns the files of the module in dir that git tracks or would
// track; zip.Create leaves out those of nested modules.
func (r *repo) files(dir string) ([]zip.File, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = filepath.Join(r.root, dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	list, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files in %s: %v: %s", dir, err, stderr.Bytes())
	}
	var files []zip.File
	for _, name := range strings.Split(strings.TrimSuffix(string(list), "\x00"), "\x00") {
		p := filepath.Join(cmd.Dir, filepath.FromSlash(name))
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted, not yet committed
		}
		if err != nil {
			return nil, err
		}
		files = append(files, file{name, p, fi})
	}
	return files, nil
}

// A file is a file of a module zip, on disk.
type file struct {
	name, path string // slash-separated in the module; on disk
	info       fs.FileInfo
}

func (f file) Path() string                 { return f.name }
func (f file) Lstat() (fs.FileInfo, error)  { return f.info, nil }
func (f file) Open() (io.ReadCloser, error) { return os.Open(f.path) }

// tidy runs go mod tidy -diff in every module, outside the workspace.
func (r *repo) tidy() error {
	var errs []error
	for _, m := range r.mods {
		dir := filepath.Join(r.root, m.dir)
		args := []string{"mod", "tidy", "-diff"}
		var reps [][2]string // module path, directory relative to dir
		for _, req := range m.file.Require {
			if sib := r.published(req.Mod.Path); sib != nil && m.published {
				rel, err := filepath.Rel(dir, filepath.Join(r.root, sib.dir))
				if err != nil {
					return err
				}
				reps = append(reps, [2]string{sib.path(), filepath.ToSlash(rel)})
			}
		}
		if len(reps) > 0 {
			// The release version exists nowhere yet: tidy a copy of go.mod
			// and go.sum whose only change is the replacements.
			tmp, err := os.MkdirTemp("", "modules-tidy-")
			if err != nil {
				return err
			}
			defer os.RemoveAll(tmp)
			sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			if err := os.WriteFile(filepath.Join(tmp, "go.sum"), sum, 0o644); err != nil {
				return err
			}
			gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
			if err != nil {
				return err
			}
			f, err := modfile.Parse("go.mod", gomod, nil)
			if err != nil {
				return err
			}
			for _, rep := range reps {
				if err := f.AddReplace(rep[0], "", rep[1], ""); err != nil {
					return err
				}
			}
			data, err := f.Format()
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(tmp, "go.mod"), data, 0o644); err != nil {
				return err
			}
			args = append(args, "-modfile="+filepath.Join(tmp, "go.mod"))
		}
		if err := gocmd(dir, args...); err != nil {
			errs = append(errs, fmt.Errorf("%s: go mod tidy: %w", m.dir, err))
		}
	}
	return errors.Join(errs...)
}

// gocmd runs the go command in dir outside the workspace, its output on
// ours.
func gocmd(dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	return cmd.Run()
}
