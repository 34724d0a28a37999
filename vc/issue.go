// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/piprate/json-gold/ld"
)

// skolemPrefix names the blank nodes of a document while it is being
// selected from: every node object without an @id gets one under this
// prefix, which is turned back into a blank node in its N-Quads. A document
// that uses the prefix itself is refused.
const skolemPrefix = "urn:fabric-bbs-skolem:"

// IssueOptions are the issuer's inputs to a base proof.
type IssueOptions struct {
	// SecretKey is the issuer's key, of scheme bbs-bls12381-sha256.
	SecretKey *bbs.SecretKey
	// VerificationMethod is the proof's verificationMethod; empty means
	// the did:key verification method of the key.
	VerificationMethod string
	// Created is the proof's created date-time (XML Schema dateTime); empty
	// means none. The package reads no clock.
	Created string
	// MandatoryPointers are the JSON pointers of what every derived
	// credential must disclose.
	MandatoryPointers []string
	// HMACKey is the 32-byte key that shuffles blank node labels; nil
	// means 32 random bytes from Rand.
	HMACKey []byte
	// Rand is the randomness for HMACKey (nil: crypto/rand).
	Rand io.Reader
}

// Issue returns doc (an unsecured credential, not modified) with a
// bbs-2023 base proof: the Create Base Proof algorithm of the
// specification, baseline feature. The result is for the holder only.
func (l *Loader) Issue(doc map[string]any, opts IssueOptions, lim Limits) (map[string]any, error) {
	if opts.SecretKey == nil || opts.SecretKey.Scheme().Name() != bbs.BLS12381SHA256Name {
		return nil, fmt.Errorf("%w: the issuer key must be of scheme %s", ErrKey, bbs.BLS12381SHA256Name)
	}
	b, err := l.baseStatements(doc, opts, lim)
	if err != nil {
		return nil, err
	}
	sig, err := ietfScheme().Sign(opts.SecretKey, b.header, b.messages)
	if err != nil {
		return nil, fmt.Errorf("vc: sign: %w", err)
	}
	pv, err := (&BaseProofValue{Signature: sig.Bytes(), Header: b.header, PublicKey: b.publicKey, HMACKey: b.hmacKey, MandatoryPointers: b.pointers}).Encode()
	if err != nil {
		return nil, err
	}
	return b.secured(doc, pv), nil
}

// baseStatements is what every feature's base proof signs: the proof
// configuration and the BBS header and messages of doc.
type baseStatements struct {
	proof     map[string]any // the proof object, without proofValue
	header    []byte         // proofHash || mandatoryHash
	messages  [][]byte       // the non-mandatory statements
	publicKey []byte
	hmacKey   []byte
	pointers  []string
}

// secured returns a copy of doc with the proof and its proofValue pv.
func (b *baseStatements) secured(doc map[string]any, pv string) map[string]any {
	b.proof["proofValue"] = pv
	out := deepCopy(doc).(map[string]any)
	out["proof"] = b.proof
	return out
}

// baseStatements runs the Create Base Proof steps before signing: the
// proof configuration, canonicalization with the HMAC label map, the
// mandatory split and the BBS header.
func (l *Loader) baseStatements(doc map[string]any, opts IssueOptions, lim Limits) (*baseStatements, error) {
	if _, has := doc["proof"]; has {
		return nil, fmt.Errorf("%w: the document already has a proof", ErrDocument)
	}
	pk := opts.SecretKey.PublicKey().Bytes()
	vm := opts.VerificationMethod
	if vm == "" {
		var err error
		if _, vm, err = DIDKey(pk); err != nil {
			return nil, err
		}
	}
	hmacKey := opts.HMACKey
	if hmacKey == nil {
		hmacKey = make([]byte, 32)
		r := opts.Rand
		if r == nil {
			r = rand.Reader
		}
		if _, err := io.ReadFull(r, hmacKey); err != nil {
			return nil, fmt.Errorf("vc: HMAC key: %w", err)
		}
	}
	if len(hmacKey) != 32 {
		return nil, fmt.Errorf("vc: HMAC key is %d bytes, want 32", len(hmacKey))
	}
	proof := map[string]any{
		"type":               ProofType,
		"cryptosuite":        Cryptosuite,
		"verificationMethod": vm,
		"proofPurpose":       "assertionMethod",
	}
	if opts.Created != "" {
		proof["created"] = opts.Created
	}
	cfg := deepCopy(proof).(map[string]any)
	proofHash, err := canonicalProofConfigHash(l, cfg, doc, lim)
	if err != nil {
		return nil, err
	}
	g, err := l.canonicalizeAndGroup(doc, hmacKey, map[string][]string{"mandatory": opts.MandatoryPointers}, lim)
	if err != nil {
		return nil, err
	}
	mandatory := g.groups["mandatory"]
	mandatoryHash := sha256.Sum256([]byte(strings.Join(mandatory.matchingLines(g.lines), "")))
	header := append(append([]byte(nil), proofHash[:]...), mandatoryHash[:]...)
	messages := toMessages(mandatory.nonMatchingLines(g.lines))
	pointers := append([]string{}, opts.MandatoryPointers...)
	return &baseStatements{proof: proof, header: header, messages: messages, publicKey: pk, hmacKey: hmacKey, pointers: pointers}, nil
}

func toMessages(lines []string) [][]byte {
	m := make([][]byte, len(lines))
	for i, l := range lines {
		m[i] = []byte(l)
	}
	return m
}

// group is the statements a set of pointers selects: indexes into the
// canonical (relabelled, sorted) statements, ascending.
type group struct {
	matching    []int
	nonMatching []int
	// quads are the selection's statements with their skolem labels.
	quads []quad
}

func (g *group) matchingLines(lines []string) []string {
	out := make([]string, len(g.matching))
	for i, j := range g.matching {
		out[i] = lines[j]
	}
	return out
}

func (g *group) nonMatchingLines(lines []string) []string {
	out := make([]string, len(g.nonMatching))
	for i, j := range g.nonMatching {
		out[i] = lines[j]
	}
	return out
}

type grouped struct {
	lines    []string          // canonical statements, HMAC-shuffled labels, sorted
	labelMap map[string]string // skolem label -> "bN"
	groups   map[string]*group
}

// canonicalizeAndGroup is DI-ECDSA's canonicalizeAndGroup with bbs-2023's
// shuffled HMAC label map.
func (l *Loader) canonicalizeAndGroup(doc map[string]any, hmacKey []byte, groups map[string][]string, lim Limits) (*grouped, error) {
	if err := refuseSkolemPrefix(doc); err != nil {
		return nil, err
	}
	lim = lim.withDefaults()
	// Check the document as given (safe mode) before skolemizing it.
	if _, err := l.toQuads(doc, lim); err != nil {
		return nil, err
	}
	proc := ld.NewJsonLdProcessor()
	opts := l.options(lim)
	expanded, err := proc.Expand(deepCopy(doc), opts)
	if err != nil {
		return nil, jsonldError(opts, "JSON-LD expansion", err)
	}
	count := 0
	skolemized := skolemize(expanded, &count).([]any)
	compact, err := proc.Compact(deepCopy(skolemized), map[string]any{"@context": deepCopy(doc["@context"])}, opts)
	if err != nil {
		return nil, jsonldError(opts, "JSON-LD compaction", err)
	}
	quads, err := l.deskolemizedQuads(compact, lim)
	if err != nil {
		return nil, err
	}
	idMap, err := canonicalize(quads, lim.MaxCanonWork)
	if err != nil {
		return nil, err
	}
	labelMap := shuffledLabels(hmacKey, idMap)
	lines := relabel(quads, func(s string) string { return labelMap[s] })
	index := make(map[string]int, len(lines))
	for i, line := range lines {
		index[line] = i
	}
	out := &grouped{lines: lines, labelMap: labelMap, groups: map[string]*group{}}
	names := make([]string, 0, len(groups))
	for n := range groups { //bbs:maporder-ok keys collected, sorted below
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		g := &group{}
		sel, err := selectJSONLD(compact, groups[name])
		if err != nil {
			return nil, err
		}
		matched := map[int]bool{}
		if sel != nil {
			if g.quads, err = l.deskolemizedQuads(sel, lim); err != nil {
				return nil, fmt.Errorf("selection %s: %w", name, err)
			}
			for _, line := range relabel(g.quads, func(s string) string { return labelMap[s] }) {
				i, ok := index[line]
				if !ok {
					return nil, fmt.Errorf("%w: selection %s gives a statement the document does not have", ErrDocument, name)
				}
				matched[i] = true
			}
		}
		for i := range lines {
			if matched[i] {
				g.matching = append(g.matching, i)
			} else {
				g.nonMatching = append(g.nonMatching, i)
			}
		}
		out.groups[name] = g
	}
	return out, nil
}

// deskolemizedQuads is the RDF of a skolemized compact document, with the
// skolem IRIs turned back into blank nodes.
func (l *Loader) deskolemizedQuads(doc map[string]any, lim Limits) ([]quad, error) {
	quads, err := l.toQuads(doc, lim)
	if err != nil {
		return nil, err
	}
	for i := range quads {
		for _, t := range [...]*term{&quads[i].s, &quads[i].o, &quads[i].g} {
			if t.kind == kindIRI && strings.HasPrefix(t.value, skolemPrefix) {
				*t = term{kind: kindBlank, value: strings.TrimPrefix(t.value, skolemPrefix)}
			}
		}
	}
	return quads, nil
}

// skolemize gives every node object of an expanded document an @id: its
// blank node label, or a new one.
func skolemize(v any, count *int) any {
	switch t := v.(type) {
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = skolemize(x, count)
		}
		return out
	case map[string]any:
		if _, isValue := t["@value"]; isValue {
			return deepCopy(t)
		}
		out := make(map[string]any, len(t)+1)
		for _, k := range sortedKeys(t) {
			if k == "@type" {
				out[k] = deepCopy(t[k])
				continue
			}
			out[k] = skolemize(t[k], count)
		}
		if _, isList := t["@list"]; isList {
			return out
		}
		id, hasID := out["@id"].(string)
		switch {
		case !hasID:
			out["@id"] = skolemPrefix + "s" + strconv.Itoa(*count)
			*count++
		case strings.HasPrefix(id, "_:"):
			out["@id"] = skolemPrefix + "x" + id[2:]
		}
		return out
	}
	return v
}

func refuseSkolemPrefix(v any) error {
	switch t := v.(type) {
	case string:
		if strings.Contains(t, skolemPrefix) {
			return fmt.Errorf("%w: the document uses the reserved prefix %s", ErrDocument, skolemPrefix)
		}
	case []any:
		for _, x := range t {
			if err := refuseSkolemPrefix(x); err != nil {
				return err
			}
		}
	case map[string]any:
		for k, x := range t { //bbs:maporder-ok every error it returns has the same text
			if err := refuseSkolemPrefix(k); err != nil {
				return err
			}
			if err := refuseSkolemPrefix(x); err != nil {
				return err
			}
		}
	}
	return nil
}

// shuffledLabels is createShuffledIdLabelMapFunction: each canonical label
// HMAC'd, the digests (as "u" + base64url) sorted, and each blank node
// labelled "b" + the rank of its digest.
func shuffledLabels(key []byte, idMap map[string]string) map[string]string {
	digest := make(map[string]string, len(idMap))
	all := make([]string, 0, len(idMap))
	for in, c := range idMap { //bbs:maporder-ok fills a map, and a slice sorted below
		m := hmac.New(sha256.New, key)
		m.Write([]byte(c))
		d := "u" + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
		digest[in] = d
		all = append(all, d)
	}
	sort.Strings(all)
	rank := make(map[string]int, len(all))
	for i, d := range all {
		rank[d] = i
	}
	out := make(map[string]string, len(idMap))
	for in, d := range digest { //bbs:maporder-ok fills a map
		out[in] = "b" + strconv.Itoa(rank[d])
	}
	return out
}
