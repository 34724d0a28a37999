// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"sort"
	"strconv"
	"strings"

	"github.com/piprate/json-gold/ld"
)

// This file is RDF Dataset Canonicalization (RDFC-1.0, W3C Recommendation
// 2024-05-21) written for this package, on the RDF dataset json-gold
// produces. json-gold has its own (URDNA2015), but it has no bound on its
// work, which a crafted graph of blank nodes drives exponential, it does not
// return the canonical identifier map the bbs-2023 algorithms need, and it
// escapes literals its own way (a tab as \t, other control characters raw)
// rather than by the canonical N-Quads rule. Tests compare the two on every
// document where those differences do not arise.

// ErrLimit means a document is refused because processing it would exceed
// one of the Limits.
var ErrLimit = errors.New("vc: limit exceeded")

type termKind byte

const (
	kindNone termKind = iota // the default graph
	kindIRI
	kindBlank
	kindLiteral
)

type term struct {
	kind     termKind
	value    string // IRI, blank node label without "_:", or lexical form
	datatype string
	lang     string
}

type quad struct {
	s, p, o, g term
}

// writeTerm appends t in canonical N-Quads form; blank node labels go
// through label.
func writeTerm(b *strings.Builder, t term, label func(string) string) {
	switch t.kind {
	case kindIRI:
		b.WriteByte('<')
		b.WriteString(t.value)
		b.WriteByte('>')
	case kindBlank:
		b.WriteString("_:")
		b.WriteString(label(t.value))
	case kindLiteral:
		b.WriteByte('"')
		escapeLiteral(b, t.value)
		b.WriteByte('"')
		switch {
		case t.lang != "" || t.datatype == ld.RDFLangString:
			b.WriteByte('@')
			b.WriteString(t.lang)
		case t.datatype != ld.XSDString:
			b.WriteString("^^<")
			b.WriteString(t.datatype)
			b.WriteByte('>')
		}
	}
}

// escapeLiteral is the canonical N-Quads rule for a string literal (RDF 1.2
// N-Quads, canonical form, which RDFC-1.0 uses): \b \t \n \f \r \" \\ as
// ECHAR; U+0000..U+001F other than those, and U+007F, as \u with four
// upper-case hex digits; everything else as itself.
func escapeLiteral(b *strings.Builder, s string) {
	for _, r := range s {
		switch r {
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
}

// nquad is the canonical N-Quads line of q, with its final newline.
func nquad(q *quad, label func(string) string) string {
	var b strings.Builder
	writeTerm(&b, q.s, label)
	b.WriteByte(' ')
	writeTerm(&b, q.p, label)
	b.WriteByte(' ')
	writeTerm(&b, q.o, label)
	if q.g.kind != kindNone {
		b.WriteByte(' ')
		writeTerm(&b, q.g, label)
	}
	b.WriteString(" .\n")
	return b.String()
}

// issuer is RDFC-1.0's identifier issuer.
type issuer struct {
	prefix string
	issued map[string]string
	order  []string
}

func newIssuer(prefix string) *issuer {
	return &issuer{prefix: prefix, issued: map[string]string{}}
}

func (is *issuer) id(old string) string {
	if v, ok := is.issued[old]; ok {
		return v
	}
	v := is.prefix + strconv.Itoa(len(is.order))
	is.issued[old] = v
	is.order = append(is.order, old)
	return v
}

func (is *issuer) has(old string) bool { _, ok := is.issued[old]; return ok }

func (is *issuer) clone() *issuer {
	c := &issuer{prefix: is.prefix, issued: make(map[string]string, len(is.issued)), order: append([]string(nil), is.order...)}
	for k, v := range is.issued { //bbs:maporder-ok copies a map
		c.issued[k] = v
	}
	return c
}

// canonicalizer is the state of one RDFC-1.0 run.
type canonicalizer struct {
	quads     []quad
	bnQuads   map[string][]int
	firstHash map[string]string
	canonical *issuer
	work      int
	maxWork   int
	newHash   func() hash.Hash
}

// canonicalize runs RDFC-1.0 on quads. It returns the canonical identifier
// map (input blank node label -> canonical label "c14nN", both without
// "_:"). maxWork bounds the Hash N-Degree Quads calls plus the
// permutations they try, together, each weighted by its size (spend).
func canonicalize(quads []quad, maxWork int) (map[string]string, error) {
	idm, _, err := canonicalizeWork(quads, maxWork)
	return idm, err
}

func canonicalizeWork(quads []quad, maxWork int) (map[string]string, int, error) {
	return canonicalizeHash(quads, maxWork, sha256.New)
}

// canonicalizeHash is canonicalizeWork with RDFC-1.0's hash algorithm as a
// parameter (SHA-256 by default; the W3C suite also runs SHA-384).
func canonicalizeHash(quads []quad, maxWork int, newHash func() hash.Hash) (map[string]string, int, error) {
	if err := validQuads(quads); err != nil {
		return nil, 0, err
	}
	c := &canonicalizer{quads: quads, bnQuads: map[string][]int{}, firstHash: map[string]string{},
		canonical: newIssuer("c14n"), maxWork: maxWork, newHash: newHash}
	for i := range quads {
		q := &quads[i]
		for _, t := range [...]*term{&q.s, &q.o, &q.g} {
			if t.kind == kindBlank {
				l := c.bnQuads[t.value]
				if len(l) == 0 || l[len(l)-1] != i {
					c.bnQuads[t.value] = append(l, i)
				}
			}
		}
	}
	ids := make([]string, 0, len(c.bnQuads))
	for id := range c.bnQuads { //bbs:maporder-ok keys collected, sorted below
		ids = append(ids, id)
	}
	sort.Strings(ids)
	hashToIDs := map[string][]string{}
	for _, id := range ids {
		h := c.hashFirstDegree(id)
		hashToIDs[h] = append(hashToIDs[h], id)
	}
	hashes := make([]string, 0, len(hashToIDs))
	for h := range hashToIDs { //bbs:maporder-ok keys collected, sorted below
		hashes = append(hashes, h)
	}
	sort.Strings(hashes)
	var shared []string
	for _, h := range hashes {
		if l := hashToIDs[h]; len(l) == 1 {
			c.canonical.id(l[0])
		} else {
			shared = append(shared, h)
		}
	}
	for _, h := range shared {
		type result struct {
			hash string
			is   *issuer
		}
		var paths []result
		for _, id := range hashToIDs[h] {
			if c.canonical.has(id) {
				continue
			}
			tmp := newIssuer("b")
			tmp.id(id)
			hash, is, err := c.hashNDegree(id, tmp)
			if err != nil {
				return nil, c.work, err
			}
			paths = append(paths, result{hash, is})
		}
		sort.SliceStable(paths, func(i, j int) bool { return paths[i].hash < paths[j].hash })
		for _, r := range paths {
			for _, old := range r.is.order {
				c.canonical.id(old)
			}
		}
	}
	return c.canonical.issued, c.work, nil
}

func (c *canonicalizer) hashFirstDegree(id string) string {
	if h, ok := c.firstHash[id]; ok {
		return h
	}
	label := func(l string) string {
		if l == id {
			return "a"
		}
		return "z"
	}
	lines := make([]string, 0, len(c.bnQuads[id]))
	for _, i := range c.bnQuads[id] {
		lines = append(lines, nquad(&c.quads[i], label))
	}
	sort.Strings(lines)
	hf := c.newHash()
	for _, l := range lines {
		hf.Write([]byte(l))
	}
	h := hex.EncodeToString(hf.Sum(nil))
	c.firstHash[id] = h
	return h
}

func (c *canonicalizer) hashRelated(related string, q *quad, is *issuer, position byte) string {
	var id string
	switch {
	case c.canonical.has(related):
		id = "_:" + c.canonical.id(related)
	case is.has(related):
		id = "_:" + is.id(related)
	default:
		id = c.hashFirstDegree(related)
	}
	h := c.newHash()
	h.Write([]byte{position})
	if position != 'g' {
		h.Write([]byte("<" + q.p.value + ">"))
	}
	h.Write([]byte(id))
	return hex.EncodeToString(h.Sum(nil))
}

// spend counts n steps of work: a Hash N-Degree Quads call counts one plus
// the statements of its blank node (each hashed), a permutation one plus
// its length plus the blank nodes its issuer holds (each copied).
func (c *canonicalizer) spend(n int) error {
	c.work += n
	if c.work > c.maxWork {
		return fmt.Errorf("%w: canonicalization needs more than %d steps of blank-node disambiguation", ErrLimit, c.maxWork)
	}
	return nil
}

func (c *canonicalizer) hashNDegree(id string, is *issuer) (string, *issuer, error) {
	if err := c.spend(1 + len(c.bnQuads[id])); err != nil {
		return "", nil, err
	}
	hashToRelated := map[string][]string{}
	for _, i := range c.bnQuads[id] {
		q := &c.quads[i]
		for _, pt := range [...]struct {
			t   *term
			pos byte
		}{{&q.s, 's'}, {&q.o, 'o'}, {&q.g, 'g'}} {
			if pt.t.kind == kindBlank && pt.t.value != id {
				h := c.hashRelated(pt.t.value, q, is, pt.pos)
				hashToRelated[h] = append(hashToRelated[h], pt.t.value)
			}
		}
	}
	hashes := make([]string, 0, len(hashToRelated))
	for h := range hashToRelated { //bbs:maporder-ok keys collected, sorted below
		hashes = append(hashes, h)
	}
	sort.Strings(hashes)
	data := c.newHash()
	for _, h := range hashes {
		data.Write([]byte(h))
		var chosenPath string
		var chosen *issuer
		perm := append([]string(nil), hashToRelated[h]...)
		sort.Strings(perm)
		for more := true; more; more = nextPermutation(perm) {
			if err := c.spend(1 + len(perm) + len(is.order)); err != nil {
				return "", nil, err
			}
			cp := is.clone()
			var path strings.Builder
			var recursion []string
			skip := false
			for _, r := range perm {
				if c.canonical.has(r) {
					path.WriteString("_:" + c.canonical.id(r))
				} else {
					if !cp.has(r) {
						recursion = append(recursion, r)
					}
					path.WriteString("_:" + cp.id(r))
				}
				if chosenPath != "" && path.Len() >= len(chosenPath) && path.String() > chosenPath {
					skip = true
					break
				}
			}
			if skip {
				continue
			}
			for _, r := range recursion {
				rh, ris, err := c.hashNDegree(r, cp)
				if err != nil {
					return "", nil, err
				}
				path.WriteString("_:" + ris.id(r))
				path.WriteString("<" + rh + ">")
				cp = ris
				if chosenPath != "" && path.Len() >= len(chosenPath) && path.String() > chosenPath {
					skip = true
					break
				}
			}
			if skip {
				continue
			}
			if chosenPath == "" || path.String() < chosenPath {
				chosenPath = path.String()
				chosen = cp
			}
		}
		data.Write([]byte(chosenPath))
		is = chosen
	}
	return hex.EncodeToString(data.Sum(nil)), is, nil
}

// nextPermutation rearranges p into the next permutation in lexicographic
// order, reporting false when p was the last.
func nextPermutation(p []string) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	for a, b := i+1, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return true
}

func sortStrings(s []string) { sort.Strings(s) }
