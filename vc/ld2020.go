// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/base64"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/mr-tron/base58"
)

// This file and ld2020_*.go are the W3C CCG draft suites of the same
// lineage as aries-framework-go: BbsBlsSignature2020 (the issuer's
// signature) and BbsBlsSignatureProof2020 (the holder's derived proof), on
// package bbs's bbs+2020 scheme, as @mattrglobal/jsonld-signatures-bbs
// 1.2.0 makes them. The signed messages are the canonical N-Quads of the
// proof options (the proof without proofValue, expanded with the
// document's @context), then those of the document, each line without its
// final newline. There is no BBS header.

// The proof types of the suites.
const (
	ProofType2020        = "BbsBlsSignature2020"
	ProofTypeProof2020   = "BbsBlsSignatureProof2020"
	KeyTypeBls12381G2Key = "Bls12381G2Key2020"
)

// ContextBBS2020 is the suite's JSON-LD context; a credential of these
// suites lists it in its @context.
const ContextBBS2020 = "https://w3id.org/security/bbs/v1"

// securityV2 is the context of the proof options.
const securityV2 = "https://w3id.org/security/v2"

// bnidPrefix is how the holder's derived document names the issuer's
// canonical blank nodes: _:c14nN becomes the IRI urn:bnid:_:c14nN.
const bnidPrefix = "urn:bnid:"

// MaxNonce2020Size is the largest BbsBlsSignatureProof2020 nonce accepted,
// in bytes (decoded).
const MaxNonce2020Size = 1024

func bbsPlusScheme() bbs.Scheme { return bbs.BBSPlus2020() }

// ParseProofValue2020 decodes the proofValue of either suite: standard
// base64 with padding, as MATTR writes it, at most MaxProofValueSize
// bytes decoded. It checks the encoding only.
func ParseProofValue2020(s string) ([]byte, error) {
	if len(s) > base64.StdEncoding.EncodedLen(MaxProofValueSize) {
		return nil, fmt.Errorf("%w: longer than %d bytes", ErrProofValue, MaxProofValueSize)
	}
	b, err := decodeBase64Std(s)
	if err != nil {
		return nil, fmt.Errorf("%w: not base64: %v", ErrProofValue, err)
	}
	if len(b) == 0 {
		return nil, fmt.Errorf("%w: empty", ErrProofValue)
	}
	return b, nil
}

// ParseNonce2020 decodes a BbsBlsSignatureProof2020 nonce: standard base64
// with padding, at most MaxNonce2020Size bytes decoded (may be empty).
func ParseNonce2020(s string) ([]byte, error) {
	if len(s) > base64.StdEncoding.EncodedLen(MaxNonce2020Size) {
		return nil, fmt.Errorf("%w: nonce longer than %d bytes", ErrProofValue, MaxNonce2020Size)
	}
	b, err := decodeBase64Std(s)
	if err != nil {
		return nil, fmt.Errorf("%w: nonce is not base64: %v", ErrProofValue, err)
	}
	return b, nil
}

// decodeBase64Std is strict padded standard base64 with one encoding per
// value: encoding/base64 skips '\r' and '\n' even in strict mode, so they
// are refused here.
func decodeBase64Std(s string) ([]byte, error) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, errors.New("line break in base64")
	}
	return base64.StdEncoding.Strict().DecodeString(s)
}

// ParseBls12381G2Key2020 returns the ID and 96-byte public key of a
// Bls12381G2Key2020 verification method (a JSON object with type,
// publicKeyBase58 and id).
func ParseBls12381G2Key2020(vm map[string]any) (id string, pk []byte, err error) {
	if t, _ := vm["type"].(string); t != KeyTypeBls12381G2Key {
		return "", nil, fmt.Errorf("%w: verification method type %v, want %s", ErrKey, vm["type"], KeyTypeBls12381G2Key)
	}
	id, _ = vm["id"].(string)
	if id == "" {
		return "", nil, fmt.Errorf("%w: verification method has no id", ErrKey)
	}
	s, _ := vm["publicKeyBase58"].(string)
	if s == "" || len(s) > 200 {
		return "", nil, fmt.Errorf("%w: publicKeyBase58 missing or too long", ErrKey)
	}
	pk, err = base58.Decode(s)
	if err != nil {
		return "", nil, fmt.Errorf("%w: publicKeyBase58: %v", ErrKey, err)
	}
	if _, err := bbsPlusScheme().ParsePublicKey(pk); err != nil {
		return "", nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	return id, pk, nil
}

// Bls12381G2Key2020 returns the Bls12381G2Key2020 verification method of a
// 96-byte G2 public key.
func Bls12381G2Key2020(id, controller string, pk []byte) (map[string]any, error) {
	if _, err := bbsPlusScheme().ParsePublicKey(pk); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	return map[string]any{"id": id, "type": KeyTypeBls12381G2Key, "controller": controller,
		"publicKeyBase58": base58.Encode(pk)}, nil
}

// splitProof2020 returns the document's one proof of type want, checked for
// purpose and proofValue, and the document without it.
func splitProof2020(doc map[string]any, want string) (proof, unsecured map[string]any, err error) {
	p, ok := doc["proof"].(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("%w: proof is missing or not one JSON object", ErrDocument)
	}
	if t, _ := p["type"].(string); t != want {
		return nil, nil, fmt.Errorf("%w: proof type %v, want %s", ErrDocument, p["type"], want)
	}
	if pp, _ := p["proofPurpose"].(string); pp != "assertionMethod" {
		return nil, nil, fmt.Errorf("%w: proofPurpose %v, want assertionMethod", ErrDocument, p["proofPurpose"])
	}
	if _, ok := p["proofValue"].(string); !ok {
		return nil, nil, fmt.Errorf("%w: proof has no proofValue string", ErrDocument)
	}
	if _, ok := p["verificationMethod"].(string); !ok {
		return nil, nil, fmt.Errorf("%w: proof has no verificationMethod string", ErrDocument)
	}
	unsecured = make(map[string]any, len(doc))
	for k, x := range doc { //bbs:maporder-ok copies a map
		if k != "proof" {
			unsecured[k] = x
		}
	}
	return p, unsecured, nil
}

// proofStatements2020 are the signed statements of the proof options: the
// proof without proofValue and nonce, of type BbsBlsSignature2020, in the
// security v2 context (as MATTR's suite signs and verifies them: its proof
// object is {"@context": security v2, "type": "sec:BbsBlsSignature2020",
// ...}), canonical, each without its newline. A proof property security
// v2 does not define is refused (safe mode). The document's own @context
// is not used: MATTR's verifier does not read the proof with it, and a
// document context may protect terms the proof alone cannot redefine.
func (l *Loader) proofStatements2020(proof map[string]any, lim Limits) ([]string, error) {
	cfg := make(map[string]any, len(proof))
	for k, x := range proof { //bbs:maporder-ok copies a map
		if k != "proofValue" && k != "nonce" && k != "@context" {
			cfg[k] = deepCopy(x)
		}
	}
	cfg["type"] = "sec:" + ProofType2020
	lines, err := canonicalProofConfig(l, cfg, map[string]any{"@context": securityV2}, lim)
	if err != nil {
		return nil, err
	}
	return legacyStatements(lines), nil
}

// documentStatements2020 are the canonical N-Quads of doc (no proof), each
// without its newline.
func (l *Loader) documentStatements2020(doc map[string]any, lim Limits) ([]string, error) {
	for _, k := range []string{"proofValue", "nonce"} {
		// MATTR's verifier deletes these from the document before
		// canonicalizing it: they would be shown and not verified.
		if _, has := doc[k]; has {
			return nil, fmt.Errorf("%w: a top-level %q in the document (not signed by this suite)", ErrDocument, k)
		}
	}
	quads, err := l.toQuads(doc, lim)
	if err != nil {
		return nil, err
	}
	lines, err := canonicalNQuads(quads, lim)
	if err != nil {
		return nil, err
	}
	return legacyStatements(lines), nil
}

// legacyStatements turns canonical N-Quads lines (RDFC-1.0 escaping) into
// the statements this suite signs: each line without its newline, its
// literals escaped as rdf-canonize 2 (jsonld.js 4, which MATTR's suite
// uses) escapes them, only \" \\ \n \r, every other character as
// itself; sorted again. A canonical line has a backslash only where an
// escape begins (IRIs and blank node labels hold none), so the rewrite is
// exact. Blank node labels are those of RDFC-1.0 with its own escaping: the
// two could order blank nodes differently only for a graph whose blank
// nodes differ by a literal with a control character other than \n and
// \r; such a credential then fails to verify (it is never accepted
// wrongly).
func legacyStatements(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		l = strings.TrimSuffix(l, "\n")
		if strings.IndexByte(l, '\\') >= 0 {
			l = legacyEscapes(l)
		}
		out[i] = l
	}
	sort.Strings(out)
	return out
}

func legacyEscapes(l string) string {
	var b strings.Builder
	for i := 0; i < len(l); i++ {
		c := l[i]
		if c != '\\' || i+1 >= len(l) {
			b.WriteByte(c)
			continue
		}
		i++
		switch l[i] {
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'f':
			b.WriteByte('\f')
		case 'u':
			if i+4 < len(l) {
				if r, err := strconv.ParseUint(l[i+1:i+5], 16, 32); err == nil {
					b.WriteRune(rune(r))
					i += 4
					continue
				}
			}
			b.WriteString("\\u")
		default: // n r " \
			b.WriteByte('\\')
			b.WriteByte(l[i])
		}
	}
	return b.String()
}

func toByteMessages(lines []string) [][]byte {
	out := make([][]byte, len(lines))
	for i, l := range lines {
		out[i] = []byte(l)
	}
	return out
}

// resolve2020 resolves a verification method with r, or as a did:key.
func resolve2020(r KeyResolver, vm string) (*bbs.PublicKey, []byte, error) {
	if r == nil {
		r = ParseDIDKey
	}
	b, err := r(vm)
	if err != nil {
		return nil, nil, fmt.Errorf("vc: verificationMethod: %w", err)
	}
	pk, err := bbsPlusScheme().ParsePublicKey(b)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	return pk, b, nil
}

// Verifier2020 verifies BbsBlsSignature2020 signatures and
// BbsBlsSignatureProof2020 derived proofs. Set Loader.
type Verifier2020 struct {
	Loader *Loader
	Limits Limits
	// Resolve resolves the proof's verificationMethod to a 96-byte G2 key
	// (nil: did:key only).
	Resolve KeyResolver
}

// Verified2020 is what the verifier established about a document.
type Verified2020 struct {
	// Document is the document without its proof. In a derived document,
	// the IRIs urn:bnid:_:c14nN name the issuer's blank nodes.
	Document map[string]any
	// Proof is the proof object.
	Proof map[string]any
	// VerificationMethod is the proof's; PublicKey the 96-byte G2 key it
	// resolved to.
	VerificationMethod string
	PublicKey          []byte
	// Nonce is the derived proof's nonce (nil for a signature).
	Nonce []byte
	// ProofStatements and DocumentStatements are the signed statements
	// checked (the disclosed ones, for a derived proof), with Indexes
	// their indexes among the signed messages and MessageCount how many
	// the issuer signed.
	ProofStatements, DocumentStatements []string
	Indexes                             []int
	MessageCount                        int
}

func (v *Verifier2020) check() error {
	if v.Loader == nil {
		return errors.New("vc: Verifier2020 has no Loader")
	}
	return nil
}

// VerifySignature verifies the BbsBlsSignature2020 of signed (not
// modified): the holder's check of what the issuer gave it.
func (v *Verifier2020) VerifySignature(signed map[string]any) (*Verified2020, error) {
	if err := v.check(); err != nil {
		return nil, err
	}
	proof, doc, err := splitProof2020(signed, ProofType2020)
	if err != nil {
		return nil, err
	}
	sigBytes, err := ParseProofValue2020(proof["proofValue"].(string))
	if err != nil {
		return nil, err
	}
	sig, err := bbsPlusScheme().ParseSignature(sigBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: signature: %v", ErrProofValue, err)
	}
	vm := proof["verificationMethod"].(string)
	pk, pkBytes, err := resolve2020(v.Resolve, vm)
	if err != nil {
		return nil, err
	}
	ps, err := v.Loader.proofStatements2020(proof, v.Limits)
	if err != nil {
		return nil, err
	}
	ds, err := v.Loader.documentStatements2020(doc, v.Limits)
	if err != nil {
		return nil, err
	}
	msgs := toByteMessages(append(append([]string{}, ps...), ds...))
	if err := bbsPlusScheme().Verify(pk, sig, nil, msgs); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidProof, err)
	}
	idx := make([]int, len(msgs))
	for i := range idx {
		idx[i] = i
	}
	return &Verified2020{Document: doc, Proof: proof, VerificationMethod: vm, PublicKey: pkBytes,
		ProofStatements: ps, DocumentStatements: ds, Indexes: idx, MessageCount: len(msgs)}, nil
}

// VerifyJSON is Verify of a document given as JSON bytes.
func (v *Verifier2020) VerifyJSON(b []byte) (*Verified2020, error) {
	doc, err := ParseDocument(b, v.Limits)
	if err != nil {
		return nil, err
	}
	return v.Verify(doc)
}

// Verify verifies the BbsBlsSignatureProof2020 of derived (not modified),
// as MATTR's verifier does: the proof options' statements (type
// BbsBlsSignature2020, no proofValue or nonce) are the first signed
// messages, all disclosed; the canonical statements of the document, with
// urn:bnid:_:c14nN turned back into the blank node _:c14nN and sorted
// again (the order the issuer signed them in), are the other disclosed
// messages, in order; MATTR's verifier does not sort again, see
// Prepare2020. It returns ErrInvalidProof (wrapped) for a
// proof that does not verify, another error for a malformed or unsafe
// document. Verify is Prepare2020 followed by ProofVerify.
func (v *Verifier2020) Verify(derived map[string]any) (*Verified2020, error) {
	p, err := v.Prepare2020(derived)
	if err != nil {
		return nil, err
	}
	if err := p.ProofVerify(); err != nil {
		return nil, err
	}
	return &p.Verified2020, nil
}

// Prepared2020 is a BbsBlsSignatureProof2020 document taken through every
// step of Verify but the BBS proof check, as Prepared is for bbs-2023.
type Prepared2020 struct {
	// Verified2020 holds what the verifier will have established once
	// the proof verifies; it is not established before.
	Verified2020
	// Item is the BBS statement the proof must verify: the key, the parsed
	// proof, no header, the nonce, the disclosed statements at their
	// indexes.
	Item bbs.BatchItem
	// Scheme is the BBS scheme of the suite (bbs+2020).
	Scheme bbs.Scheme
}

// Prepare2020 runs Verify on derived up to the BBS proof check. It returns
// an error for a malformed or unsafe document or proof, and
// ErrInvalidProof (wrapped) when the proof's revealed indexes do not fit
// the document; it never verifies the proof.
func (v *Verifier2020) Prepare2020(derived map[string]any) (*Prepared2020, error) {
	if err := v.check(); err != nil {
		return nil, err
	}
	proof, doc, err := splitProof2020(derived, ProofTypeProof2020)
	if err != nil {
		return nil, err
	}
	ns, ok := proof["nonce"].(string)
	if !ok {
		return nil, fmt.Errorf("%w: proof has no nonce string", ErrDocument)
	}
	nonce, err := ParseNonce2020(ns)
	if err != nil {
		return nil, err
	}
	pb, err := ParseProofValue2020(proof["proofValue"].(string))
	if err != nil {
		return nil, err
	}
	bp, err := bbsPlusScheme().ParseProof(pb)
	if err != nil {
		return nil, fmt.Errorf("%w: proof: %v", ErrProofValue, err)
	}
	count, revealed, _ := bp.Revealed()
	vm := proof["verificationMethod"].(string)
	pk, pkBytes, err := resolve2020(v.Resolve, vm)
	if err != nil {
		return nil, err
	}
	ps, err := v.Loader.proofStatements2020(proof, v.Limits)
	if err != nil {
		return nil, err
	}
	ds, err := v.Loader.documentStatements2020(doc, v.Limits)
	if err != nil {
		return nil, err
	}
	for i, l := range ds {
		ds[i] = unBnid(l)
	}
	// The issuer signed its statements sorted with the blank node labels
	// _:c14nN; the revealed ones, a subsequence, keep that order, which is
	// the order of the proof's (ascending) revealed indexes. The derived
	// document's canonical order is that of <urn:bnid:_:c14nN>: an IRI
	// such as <urn:uuid:1> sorts before _:c14n0 but after
	// <urn:bnid:_:c14n0>, so the statements are sorted again once the
	// labels are back. MATTR's verifier does not sort again and refuses
	// such a proof although the proof is right (its issues #110, #207).
	sort.Strings(ds)
	all := append(append([]string{}, ps...), ds...)
	if len(all) != len(revealed) {
		return nil, fmt.Errorf("%w: the proof reveals %d messages, the document gives %d statements", ErrInvalidProof, len(revealed), len(all))
	}
	for i := range ps {
		if revealed[i] != i {
			return nil, fmt.Errorf("%w: the proof options' statements are not the first signed messages", ErrInvalidProof)
		}
	}
	disclosed := make([]bbs.DisclosedMessage, len(all))
	for i, l := range all {
		disclosed[i] = bbs.DisclosedMessage{Index: revealed[i], Message: []byte(l)}
	}
	return &Prepared2020{
		Verified2020: Verified2020{Document: doc, Proof: proof, VerificationMethod: vm, PublicKey: pkBytes, Nonce: nonce,
			ProofStatements: ps, DocumentStatements: ds, Indexes: revealed, MessageCount: count},
		Item:   bbs.BatchItem{PublicKey: pk, Proof: bp, Nonce: nonce, Disclosed: disclosed},
		Scheme: bbsPlusScheme(),
	}, nil
}

// ProofVerify runs the BBS proof check of the prepared statement; an
// error wraps ErrInvalidProof.
func (p *Prepared2020) ProofVerify() error {
	it := &p.Item
	if err := p.Scheme.VerifyProof(it.PublicKey, it.Proof, it.Header, it.Nonce, it.Disclosed); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidProof, err)
	}
	return nil
}

// unBnid turns every <urn:bnid:_:c14nN> of a canonical N-Quad back into
// the blank node _:c14nN (MATTR's replace of /<urn:bnid:(_:c14n[0-9]+)>/g).
func unBnid(line string) string {
	const open = "<" + bnidPrefix + "_:c14n"
	if !strings.Contains(line, open) {
		return line
	}
	var b strings.Builder
	for {
		i := strings.Index(line, open)
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		j := i + len(open)
		k := j
		for k < len(line) && line[k] >= '0' && line[k] <= '9' {
			k++
		}
		if k == j || k >= len(line) || line[k] != '>' {
			b.WriteString(line[:j])
			line = line[j:]
			continue
		}
		b.WriteString(line[:i])
		b.WriteString(line[i+1+len(bnidPrefix) : k])
		line = line[k+1:]
	}
}

// toBnid turns every blank node _:c14nN of a canonical N-Quad into the IRI
// <urn:bnid:_:c14nN> (MATTR's replace of /(_:c14n[0-9]+)/g). A literal
// holding "_:c14n0" is changed too, exactly as MATTR does, and changed
// back by the verifier's unBnid; a literal that itself holds
// "<urn:bnid:_:c14n0>" is changed by the verifier only, so such a
// statement never verifies (refused, never accepted wrongly).
func toBnid(line string) string {
	const bn = "_:c14n"
	var b strings.Builder
	for {
		i := strings.Index(line, bn)
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		j := i + len(bn)
		k := j
		for k < len(line) && line[k] >= '0' && line[k] <= '9' {
			k++
		}
		if k == j {
			b.WriteString(line[:j])
			line = line[j:]
			continue
		}
		b.WriteString(line[:i])
		b.WriteString("<" + bnidPrefix + line[i:k] + ">")
		line = line[k:]
	}
}
