// SPDX-License-Identifier: Apache-2.0

package vc

import "strings"

// iriParts is an IRI reference split as RFC 3986 appendix B splits it.
type iriParts struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

func splitIRI(s string) iriParts {
	var p iriParts
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		p.scheme, p.hasScheme, s = s[:i], true, s[i+1:]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexAny(s, "/?#")
		if i < 0 {
			i = len(s)
		}
		p.authority, p.hasAuthority, s = s[:i], true, s[i:]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		p.fragment, p.hasFragment, s = s[i+1:], true, s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		p.query, p.hasQuery, s = s[i+1:], true, s[:i]
	}
	p.path = s
	return p
}

func (p iriParts) String() string {
	var b strings.Builder
	if p.hasScheme {
		b.WriteString(p.scheme)
		b.WriteByte(':')
	}
	if p.hasAuthority {
		b.WriteString("//")
		b.WriteString(p.authority)
	}
	b.WriteString(p.path)
	if p.hasQuery {
		b.WriteByte('?')
		b.WriteString(p.query)
	}
	if p.hasFragment {
		b.WriteByte('#')
		b.WriteString(p.fragment)
	}
	return b.String()
}

// resolveIRI resolves the reference ref against base as RFC 3986 section
// 5.2 does (strict: a reference with a scheme is taken as absolute), with
// remove_dot_segments (5.2.4) and recomposition (5.3). It does not encode,
// decode or normalize anything else.
func resolveIRI(base, ref string) string {
	r := splitIRI(ref)
	b := splitIRI(base)
	var t iriParts
	switch {
	case r.hasScheme:
		t = r
		t.path = removeDotSegments(r.path)
	case r.hasAuthority:
		t = r
		t.path = removeDotSegments(r.path)
	case r.path == "":
		t = b
		t.hasFragment = false
		if r.hasQuery {
			t.query, t.hasQuery = r.query, true
		}
	default:
		t.authority, t.hasAuthority = b.authority, b.hasAuthority
		if strings.HasPrefix(r.path, "/") {
			t.path = removeDotSegments(r.path)
		} else {
			t.path = removeDotSegments(mergePaths(b, r.path))
		}
		t.query, t.hasQuery = r.query, r.hasQuery
	}
	t.scheme, t.hasScheme = b.scheme, b.hasScheme
	if r.hasScheme {
		t.scheme, t.hasScheme = r.scheme, true
	}
	t.fragment, t.hasFragment = r.fragment, r.hasFragment
	return t.String()
}

// mergePaths is RFC 3986 section 5.2.3.
func mergePaths(b iriParts, ref string) string {
	if b.hasAuthority && b.path == "" {
		return "/" + ref
	}
	i := strings.LastIndexByte(b.path, '/')
	return b.path[:i+1] + ref
}

// removeDotSegments is RFC 3986 section 5.2.4.
func removeDotSegments(in string) string {
	var out []string // output segments, each with its leading "/" if any
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case in == "/..":
			in = "/"
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case in == "." || in == "..":
			in = ""
		default:
			i := strings.IndexByte(in[1:], '/')
			if i < 0 {
				i = len(in)
			} else {
				i++
			}
			out = append(out, in[:i])
			in = in[i:]
		}
	}
	return strings.Join(out, "")
}
