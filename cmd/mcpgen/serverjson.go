package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// This file writes the server's entry of the MCP registry (server.json,
// https://github.com/modelcontextprotocol/registry) from the //mcp:server
// directive of the one package that has it, with -server-json FILE.

// serverSchema is the $schema of the server.json mcpgen writes: the
// registry's current schema version.
const serverSchema = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"

// serverJSON is a server.json, its members in the order of the schema's
// documentation.
type serverJSON struct {
	Schema      string            `json:"$schema"`
	Name        string            `json:"name"`
	Title       string            `json:"title,omitempty"`
	Description string            `json:"description"`
	Version     string            `json:"version"`
	WebsiteURL  string            `json:"websiteUrl,omitempty"`
	Repository  *serverRepository `json:"repository,omitempty"`
	Icons       []serverIcon      `json:"icons,omitempty"`
	Remotes     []serverTransport `json:"remotes,omitempty"`
	Packages    []serverPackage   `json:"packages,omitempty"`
}

type serverRepository struct {
	URL       string `json:"url"`
	Source    string `json:"source"`
	Subfolder string `json:"subfolder,omitempty"`
}

type serverIcon struct {
	Src      string   `json:"src"`
	MIMEType string   `json:"mimeType,omitempty"`
	Sizes    []string `json:"sizes,omitempty"`
	Theme    string   `json:"theme,omitempty"`
}

type serverTransport struct {
	Type string `json:"type"`
	URL  string `json:"url,omitempty"`
}

type serverPackage struct {
	RegistryType string          `json:"registryType"`
	Identifier   string          `json:"identifier"`
	Transport    serverTransport `json:"transport"`
}

// serverChange returns the change that writes the server.json of outs to
// opts.serverJSON (relative to dir), or the problem that prevents it.
func serverChange(dir string, opts *options, outs []output) (*change, string) {
	var found []output
	for _, o := range outs {
		if o.server != nil {
			found = append(found, o)
		}
	}
	switch len(found) {
	case 0:
		return nil, "mcpgen: -server-json: no package matched has an //mcp:server directive (//mcp:server name=io.github.owner/repo ...; mcpgen -h)"
	case 1:
	default:
		var names []string
		for _, o := range found {
			names = append(names, o.pkgPath+" at "+relative(dir, o.server.Pos.String()))
		}
		return nil, fmt.Sprintf("mcpgen: -server-json: %d packages have an //mcp:server directive (%s): name the one to describe", len(found), strings.Join(names, ", "))
	}
	o := found[0]
	s := o.server
	version := s.Version
	if opts.serverVersion != "" {
		version = opts.serverVersion
	}
	if version == "" {
		return nil, fmt.Sprintf("%s: //mcp:server name=%s has no version, which -server-json needs: give -server-version (the release being published) or version= in //mcp:server", relative(dir, s.Pos.String()), s.Name)
	}
	doc := serverJSON{Schema: serverSchema, Name: s.Name, Title: s.Title, Description: s.Description,
		Version: version, WebsiteURL: s.Website, Repository: repository(o.pkgPath, filepath.Dir(o.path))}
	for _, i := range s.Icons {
		doc.Icons = append(doc.Icons, serverIcon{Src: i.Src, MIMEType: i.MIMEType, Sizes: i.Sizes, Theme: i.Theme})
	}
	if s.Remote != "" {
		doc.Remotes = []serverTransport{{Type: "streamable-http", URL: s.Remote}}
	}
	if s.OCI != "" {
		doc.Packages = []serverPackage{{RegistryType: "oci", Identifier: s.OCI, Transport: serverTransport{Type: "stdio"}}}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, "mcpgen: -server-json: " + err.Error()
	}
	file := opts.serverJSON
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	have, err := os.ReadFile(file) // nil if missing
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, "mcpgen: -server-json: " + err.Error()
	}
	if bytes.Equal(have, b.Bytes()) {
		return nil, ""
	}
	return &change{path: file, old: have, new: b.Bytes()}, ""
}

// repository returns the repository of the package pkgPath in directory
// dir when its import path names one on GitHub or GitLab, with the
// package's folder in it, or nil.
func repository(pkgPath, dir string) *serverRepository {
	host, rest, _ := strings.Cut(pkgPath, "/")
	source := map[string]string{"github.com": "github", "gitlab.com": "gitlab"}[host]
	owner, rest, _ := strings.Cut(rest, "/")
	repo, _, _ := strings.Cut(rest, "/")
	if source == "" || owner == "" || repo == "" {
		return nil
	}
	r := &serverRepository{URL: "https://" + host + "/" + owner + "/" + repo, Source: source}
	// The folder is the import path below the repository, less a major
	// version suffix of the module path that is no directory (module
	// github.com/o/r/v2 at the repository's root).
	modDir, modPath := moduleOf(pkgPath, dir)
	sub := strings.TrimPrefix(strings.TrimPrefix(pkgPath, host+"/"+owner+"/"+repo), "/")
	if modPath != "" {
		if base := path.Base(modPath); isMajor(base) && filepath.Base(modDir) != base {
			modSub := strings.TrimPrefix(strings.TrimPrefix(modPath, host+"/"+owner+"/"+repo), "/")
			inMod := strings.TrimPrefix(strings.TrimPrefix(pkgPath, modPath), "/")
			sub = path.Join(path.Dir(modSub), inMod)
		}
	}
	if sub != "" && sub != "." {
		r.Subfolder = sub
	}
	return r
}

// moduleOf returns the directory and path of the module of the package
// pkgPath in dir: the nearest go.mod above it.
func moduleOf(pkgPath, dir string) (modDir, modPath string) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			rel, err := filepath.Rel(d, dir)
			if err != nil {
				return "", ""
			}
			rel = filepath.ToSlash(rel)
			if rel == "." {
				return d, pkgPath
			}
			return d, strings.TrimSuffix(pkgPath, "/"+rel)
		}
		if filepath.Dir(d) == d {
			return "", ""
		}
	}
}

// isMajor reports whether elem is a major version suffix: v2, v3, ...
func isMajor(elem string) bool {
	if len(elem) < 2 || elem[0] != 'v' || elem[1] == '0' || elem == "v1" {
		return false
	}
	for _, c := range elem[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
