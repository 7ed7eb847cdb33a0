// Package mcpmeta holds the rules of MCP's icons (SEP-973) and _meta keys
// that both the parser (at generate time) and the runtime (at
// registration) check, so that the two agree.
package mcpmeta

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime"
	"net/url"
	"strconv"
	"strings"
)

// CheckIconSrc returns the problem of an icon's src, or "": an https or
// http URL with a host, or a data: URI of base64-encoded data (spec
// 2025-11-25 schema, Icon.src).
func CheckIconSrc(src string) string {
	if rest, ok := strings.CutPrefix(src, "data:"); ok {
		meta, data, ok := strings.Cut(rest, ",")
		if !ok || !strings.HasSuffix(meta, ";base64") {
			return fmt.Sprintf("icon src %.40q: a data: URI must be data:MIMETYPE;base64,DATA", src)
		}
		if _, err := base64.StdEncoding.DecodeString(data); err != nil || data == "" {
			return fmt.Sprintf("icon src %.40q: the data of a data: URI must be base64", src)
		}
		return ""
	}
	u, err := url.Parse(src)
	switch {
	case err != nil:
		return fmt.Sprintf("icon src %q: %v", src, err)
	case u.Scheme != "https" && u.Scheme != "http":
		return fmt.Sprintf("icon src %q: want an https: (or http:) URL or a data: URI", src)
	case u.Host == "":
		return fmt.Sprintf("icon src %q: the URL has no host", src)
	}
	return ""
}

// CheckIconMIME returns the problem of an icon's mimeType, or "": an image
// media type such as image/png.
func CheckIconMIME(mt string) string {
	t, _, err := mime.ParseMediaType(mt)
	if err != nil || !strings.HasPrefix(t, "image/") {
		return fmt.Sprintf("icon mimeType %q: want an image media type such as image/png or image/svg+xml", mt)
	}
	return ""
}

// CheckIconSize returns the problem of one of an icon's sizes, or "":
// WxH in pixels (48x48) or any.
func CheckIconSize(s string) string {
	if s == "any" {
		return ""
	}
	w, h, ok := strings.Cut(s, "x")
	if ok && positive(w) && positive(h) {
		return ""
	}
	return fmt.Sprintf("icon size %q: want WxH in pixels, such as 48x48, or any", s)
}

// positive reports whether s is a decimal integer above zero, without
// leading zeros (ParseUint takes no sign).
func positive(s string) bool {
	_, err := strconv.ParseUint(s, 10, 31)
	return err == nil && s[0] != '0'
}

// CheckIconTheme returns the problem of an icon's theme, or "".
func CheckIconTheme(theme string) string {
	if theme == "light" || theme == "dark" {
		return ""
	}
	return fmt.Sprintf("icon theme %q: want light or dark", theme)
}

// CheckKey returns the problem of a _meta key, or "" (spec 2026-07-28
// basic/index, General fields: _meta): an optional prefix of dot-separated
// labels and a slash, then a name that, unless empty, begins and ends with
// a letter or digit and holds only those, hyphens, underscores and dots.
func CheckKey(key string) string {
	prefix, name, hasPrefix := strings.Cut(key, "/")
	if !hasPrefix {
		name = key
	} else {
		for _, l := range strings.Split(prefix, ".") {
			if !label(l) {
				return fmt.Sprintf("_meta key %q: its prefix must be dot-separated labels that start with a letter and end with a letter or digit (com.example/name)", key)
			}
		}
	}
	if name == "" {
		if hasPrefix {
			return ""
		}
		return "empty _meta key"
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if alnum(c) || (i > 0 && i < len(name)-1 && (c == '-' || c == '_' || c == '.')) {
			continue
		}
		return fmt.Sprintf("_meta key %q: its name must begin and end with a letter or digit, with only letters, digits, -, _ and . between", key)
	}
	return ""
}

// Reserved returns why a _meta key is MCP's own, or "": a prefix whose
// second label is modelcontextprotocol or mcp, or one of the keys the
// specification defines without a prefix.
func Reserved(key string) string {
	if prefix, _, ok := strings.Cut(key, "/"); ok {
		labels := strings.Split(prefix, ".")
		if len(labels) > 1 && (labels[1] == "modelcontextprotocol" || labels[1] == "mcp") {
			return fmt.Sprintf("_meta key %q: the prefix %s/ is reserved for MCP itself; use a prefix of your own, such as com.example/", key, prefix)
		}
		return ""
	}
	switch key {
	case "progressToken", "traceparent", "tracestate", "baggage":
		return fmt.Sprintf("_meta key %q is reserved by the MCP specification", key)
	}
	return ""
}

// CheckObject returns the problem of a _meta object's JSON text, or "":
// a JSON object whose keys are well formed.
func CheckObject(text string) string {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &m); err != nil || m == nil {
		return "_meta must be a JSON object"
	}
	for k := range m {
		if msg := CheckKey(k); msg != "" {
			return msg
		}
	}
	return ""
}

func label(l string) bool {
	if l == "" || !letter(l[0]) || !alnum(l[len(l)-1]) {
		return false
	}
	for i := 0; i < len(l); i++ {
		if !alnum(l[i]) && l[i] != '-' {
			return false
		}
	}
	return true
}

func letter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func alnum(c byte) bool  { return letter(c) || c >= '0' && c <= '9' }
