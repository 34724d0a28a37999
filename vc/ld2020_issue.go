// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/base64"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/piprate/json-gold/ld"
)

// Sign2020Options are the issuer's inputs to a BbsBlsSignature2020.
type Sign2020Options struct {
	// SecretKey is the issuer's key, of scheme bbs+2020.
	SecretKey *bbs.SecretKey
	// VerificationMethod is the proof's verificationMethod; empty means
	// the did:key verification method of the key.
	VerificationMethod string
	// Created is the proof's created date-time (XML Schema dateTime); the
	// package reads no clock. MATTR's suite always sets one.
	Created string
}

// Sign2020 returns doc (an unsecured document, not modified) with a
// BbsBlsSignature2020 proof: the proof options' canonical statements, then
// the document's, signed with bbs+2020.
func (l *Loader) Sign2020(doc map[string]any, opts Sign2020Options, lim Limits) (map[string]any, error) {
	if opts.SecretKey == nil || opts.SecretKey.Scheme().Name() != bbs.BBSPlus2020Name {
		return nil, fmt.Errorf("%w: the issuer key must be of scheme %s", ErrKey, bbs.BBSPlus2020Name)
	}
	if _, has := doc["proof"]; has {
		return nil, fmt.Errorf("%w: the document already has a proof", ErrDocument)
	}
	vm := opts.VerificationMethod
	if vm == "" {
		var err error
		if _, vm, err = DIDKey(opts.SecretKey.PublicKey().Bytes()); err != nil {
			return nil, err
		}
	}
	proof := map[string]any{"type": ProofType2020, "proofPurpose": "assertionMethod", "verificationMethod": vm}
	if opts.Created != "" {
		proof["created"] = opts.Created
	}
	ps, err := l.proofStatements2020(proof, lim)
	if err != nil {
		return nil, err
	}
	ds, err := l.documentStatements2020(doc, lim)
	if err != nil {
		return nil, err
	}
	sig, err := bbsPlusScheme().Sign(opts.SecretKey, nil, toByteMessages(append(ps, ds...)))
	if err != nil {
		return nil, fmt.Errorf("vc: sign: %w", err)
	}
	out := make(map[string]any, len(doc)+1)
	for k, x := range doc { //bbs:maporder-ok copies a map
		out[k] = deepCopy(x)
	}
	proof["proofValue"] = base64.StdEncoding.EncodeToString(sig.Bytes())
	out["proof"] = proof
	return out, nil
}

// Derive2020Options are the holder's inputs to a BbsBlsSignatureProof2020.
type Derive2020Options struct {
	// Nonce is the verifier's nonce the proof is bound to (may be empty).
	Nonce []byte
	// Rand is the randomness of the BBS proof (nil: crypto/rand).
	Rand io.Reader
	// Resolve resolves the signature's verificationMethod (nil: did:key).
	Resolve KeyResolver
}

// Derive2020 returns the reveal document of signed (a document with a
// BbsBlsSignature2020, not modified) with a BbsBlsSignatureProof2020, as
// MATTR's deriveProof makes it: the document's canonical statements, with
// each blank node _:c14nN made the IRI urn:bnid:_:c14nN, are turned back
// into JSON-LD and framed by frame (a JSON-LD frame: what to disclose);
// the statements of the framed document are the disclosed messages, with
// all the proof options' statements. Derive2020 checks the signature
// before proving.
func (l *Loader) Derive2020(signed, frame map[string]any, opts Derive2020Options, lim Limits) (map[string]any, error) {
	v := &Verifier2020{Loader: l, Limits: lim, Resolve: opts.Resolve}
	got, err := v.VerifySignature(signed)
	if err != nil {
		return nil, err
	}
	sigBytes, _ := ParseProofValue2020(got.Proof["proofValue"].(string))
	sig, err := bbsPlusScheme().ParseSignature(sigBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: signature: %v", ErrProofValue, err)
	}
	pk, err := bbsPlusScheme().ParsePublicKey(got.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	transformed := make([]string, len(got.DocumentStatements))
	position := make(map[string]int, len(transformed))
	for i, s := range got.DocumentStatements {
		transformed[i] = toBnid(s)
		position[transformed[i]] = i
	}
	reveal, err := l.frame2020(strings.Join(transformed, "\n")+"\n", frame, lim)
	if err != nil {
		return nil, err
	}
	rs, err := l.documentStatements2020(reveal, lim)
	if err != nil {
		return nil, fmt.Errorf("the framed document: %w", err)
	}
	np := len(got.ProofStatements)
	revealed := make([]int, 0, np+len(rs))
	for i := 0; i < np; i++ {
		revealed = append(revealed, i)
	}
	for _, s := range rs {
		i, ok := position[s]
		if !ok {
			return nil, fmt.Errorf("%w: the framed document has a statement the issuer did not sign: %s", ErrDocument, s)
		}
		revealed = append(revealed, np+i)
	}
	sort.Ints(revealed)
	msgs := toByteMessages(append(append([]string{}, got.ProofStatements...), got.DocumentStatements...))
	nonce := opts.Nonce
	if nonce == nil {
		nonce = []byte{}
	}
	if len(nonce) > MaxNonce2020Size {
		return nil, fmt.Errorf("vc: nonce of %d bytes, more than %d", len(nonce), MaxNonce2020Size)
	}
	bp, err := bbsPlusScheme().DeriveProof(opts.Rand, pk, sig, nil, nonce, msgs, revealed)
	if err != nil {
		return nil, fmt.Errorf("vc: derive: %w", err)
	}
	proof := map[string]any{
		"type":               ProofTypeProof2020,
		"proofPurpose":       got.Proof["proofPurpose"],
		"verificationMethod": got.VerificationMethod,
		"nonce":              base64.StdEncoding.EncodeToString(nonce),
		"proofValue":         base64.StdEncoding.EncodeToString(bp.Bytes()),
	}
	if c, ok := got.Proof["created"]; ok {
		proof["created"] = deepCopy(c)
	}
	reveal["proof"] = proof
	return reveal, nil
}

// frame2020 turns canonical N-Quads back into JSON-LD and frames them,
// with the frame's @context, in JSON-LD 1.1 framing (json-gold).
func (l *Loader) frame2020(nquads string, frame map[string]any, lim Limits) (map[string]any, error) {
	if _, ok := frame["@context"]; !ok {
		return nil, fmt.Errorf("%w: the frame has no @context", ErrDocument)
	}
	opts := l.options(lim)
	opts.Format = "application/n-quads"
	proc := ld.NewJsonLdProcessor()
	expanded, err := proc.FromRDF(nquads, opts)
	if err != nil {
		return nil, jsonldError(opts, "from RDF", err)
	}
	fopts := l.options(lim)
	fopts.OmitGraph = true
	framed, err := proc.Frame(expanded, deepCopy(frame), fopts)
	if err != nil {
		return nil, jsonldError(fopts, "frame", err)
	}
	// json-gold writes the processed context inline, without the scoped
	// contexts the terms were compacted with; the frame's own @context is
	// the one they were compacted with. (The statements of the result are
	// checked against the signed ones all the same.)
	framed["@context"] = deepCopy(frame["@context"])
	if g, ok := framed["@graph"]; ok && len(framed) <= 2 {
		if list, ok := g.([]any); ok && len(list) == 0 {
			return nil, fmt.Errorf("%w: the frame matches nothing in the document", ErrDocument)
		}
	}
	return framed, nil
}
