// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/piprate/json-gold/ld"
)

// The core JSON-LD contexts, as published at their URLs (see
// contexts/SOURCE.md), each pinned by the SHA-256 of its file.
//
//go:embed contexts/*.jsonld
var coreContextFiles embed.FS

type coreContext struct {
	url, file, sha256 string
}

var coreContexts = []coreContext{
	{"https://www.w3.org/ns/credentials/v2", "www.w3.org_ns_credentials_v2.jsonld", "8a9f494a89ecc51db093e90e84713e07e84d6d9204364a9b3c7868b21751236f"},
	{"https://www.w3.org/2018/credentials/v1", "www.w3.org_2018_credentials_v1.jsonld", "00d7dd6d3ad8b920e3e550dd3a3d9090bffcac84cdbf943da6924b3e0a5c8bb8"},
	{"https://www.w3.org/ns/credentials/undefined-terms/v2", "www.w3.org_ns_credentials_undefined-terms_v2.jsonld", "82dab514ba44eb18f5d1b0f638c5e140c6a556fbfb5089601bdc0fa5eb8b2581"},
	{"https://w3id.org/security/data-integrity/v1", "w3id.org_security_data-integrity_v1.jsonld", "b5d829bd09aa7c42abc6efa0c8ed7635313b5487f37ccfce3ecd149ca9418554"},
	{"https://w3id.org/security/data-integrity/v2", "w3id.org_security_data-integrity_v2.jsonld", "0f77743daf5b4e8fc067fc5ba5b21044283053aa717fc6b0219843bed3b00363"},
	{"https://w3id.org/security/multikey/v1", "w3id.org_security_multikey_v1.jsonld", "8e6bad2e5b4f0721906a4dcc2f7a894b1215cf9a47014c71e286423860642ff0"},
	// The BbsBlsSignature2020 suite's (ld2020.go).
	{"https://w3id.org/security/bbs/v1", "w3id.org_security_bbs_v1.jsonld", "2f8c1028ad43acd5a58e941cac28cf89972b70bcef5cbe2ddc008e51b93e3faf"},
	{"https://w3id.org/security/v1", "w3id.org_security_v1.jsonld", "abaf97e107d1925503c433dcaf3ffd2831697cacc1ed2a293e1bc8030d5bcb47"},
	{"https://w3id.org/security/v2", "w3id.org_security_v2.jsonld", "611bd81151d5efe53ec9aed78f5a813e577287bc9451ee26d6879b1b8b46bc3b"},
}

// MaxContextSize is the largest context document a Loader accepts, in bytes.
const MaxContextSize = 256 << 10

// ErrContext means a JSON-LD context is unknown to the Loader, or a context
// document given to it is unacceptable.
var ErrContext = errors.New("vc: context")

// Loader is a static JSON-LD document loader: it answers only the URLs it
// holds, the core contexts built in and the contexts added with Add, and
// never reaches the network. A Loader is safe for concurrent use once no
// more contexts are added.
type Loader struct {
	docs map[string]*ld.RemoteDocument
	sums map[string]string
	// base is the document base IRI JSON-LD processing starts from: empty
	// (none) except in the tests that run the W3C JSON-LD suite.
	base string
	// risky holds the terms of the held contexts that a document may not
	// use (see checkConstructs), with the reason.
	risky map[string]string
	// iriTerms and mapTerms: see contextRisks.
	iriTerms, mapTerms map[string]bool
	// values is the number of JSON values of each document (countingLoader
	// bounds their sum, Limits.MaxContextValues).
	values map[string]int
	// scoped is, for each term a held document defines with a scoped
	// context, the largest such context (Limits.MaxScopedContextValues).
	scoped scopedContexts
}

// NewLoader returns a Loader holding the core contexts. Their bytes are
// checked against the SHA-256 pinned in this package.
func NewLoader() (*Loader, error) {
	l := &Loader{docs: map[string]*ld.RemoteDocument{}, sums: map[string]string{}, values: map[string]int{}, scoped: scopedContexts{}}
	for _, c := range coreContexts {
		b, err := coreContextFiles.ReadFile("contexts/" + c.file)
		if err != nil {
			return nil, fmt.Errorf("%w: core context %s: %v", ErrContext, c.url, err)
		}
		if err := l.Add(c.url, b, c.sha256); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// Add stores the context document doc for url. If sha256Hex is not empty,
// doc must have that SHA-256 (hex). A URL already held with other bytes is
// refused: a context, once known, does not change.
func (l *Loader) Add(url string, doc []byte, sha256Hex string) error {
	if url == "" {
		return fmt.Errorf("%w: empty URL", ErrContext)
	}
	if len(doc) > MaxContextSize {
		return fmt.Errorf("%w: %s: %d bytes, more than %d", ErrContext, url, len(doc), MaxContextSize)
	}
	sum := sha256.Sum256(doc)
	got := hex.EncodeToString(sum[:])
	if sha256Hex != "" && got != sha256Hex {
		return fmt.Errorf("%w: %s: SHA-256 %s, want %s", ErrContext, url, got, sha256Hex)
	}
	if old, ok := l.sums[url]; ok {
		if old != got {
			return fmt.Errorf("%w: %s is already held with SHA-256 %s, not %s", ErrContext, url, old, got)
		}
		return nil
	}
	if k, dup, err := request.FirstDuplicateKey(doc); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrContext, url, err)
	} else if dup {
		return fmt.Errorf("%w: %s: duplicate key %q", ErrContext, url, k)
	}
	var v map[string]any
	if err := json.Unmarshal(doc, &v); err != nil {
		return fmt.Errorf("%w: %s: not a JSON object: %v", ErrContext, url, err)
	}
	if _, ok := v["@context"]; !ok {
		return fmt.Errorf("%w: %s: no @context", ErrContext, url)
	}
	var r contextRisks
	r.noteContext(v["@context"])
	if l.risky == nil {
		l.risky = map[string]string{}
	}
	for _, t := range sortedKeys(keysAsAny(r.termSet())) {
		l.risky[t] = r.terms[t]
	}
	for t := range r.iriTerms { //bbs:maporder-ok a set copied into a set: order does not matter
		addTerm(&l.iriTerms, t)
	}
	for t := range r.mapTerms { //bbs:maporder-ok a set copied into a set: order does not matter
		addTerm(&l.mapTerms, t)
	}
	l.docs[url] = &ld.RemoteDocument{DocumentURL: url, Document: v}
	l.sums[url] = got
	l.values[url] = scanJSON(v).values
	l.scoped.addDefinitions(v["@context"])
	return nil
}

// URLs lists the URLs the Loader holds, sorted.
func (l *Loader) URLs() []string {
	out := make([]string, 0, len(l.sums))
	for u := range l.sums { //bbs:maporder-ok keys collected, sorted below
		out = append(out, u)
	}
	sort.Strings(out)
	return out
}

// SHA256 returns the SHA-256 (hex) of the context held for url.
func (l *Loader) SHA256(url string) (string, bool) {
	s, ok := l.sums[url]
	return s, ok
}

// LoadDocument implements json-gold's ld.DocumentLoader. json-gold may
// modify what it is given, so each call returns a deep copy.
func (l *Loader) LoadDocument(url string) (*ld.RemoteDocument, error) {
	d, ok := l.docs[url]
	if !ok {
		return nil, ld.NewJsonLdError(ld.LoadingDocumentFailed, fmt.Sprintf("context %q is not in the static store", url))
	}
	return &ld.RemoteDocument{DocumentURL: d.DocumentURL, Document: deepCopy(d.Document)}, nil
}

func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, x := range t { //bbs:maporder-ok copies a map
			m[k] = deepCopy(x)
		}
		return m
	case []any:
		s := make([]any, len(t))
		for i, x := range t {
			s[i] = deepCopy(x)
		}
		return s
	default:
		return v
	}
}
