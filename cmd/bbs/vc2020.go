// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// The BbsBlsSignature2020 suites in "bbs vc": chosen by the issuer key's
// scheme (bbs+2020) in issue, by the credential's proof type in derive and
// verify.

// proofType2020 is the proof type of doc if it is one of the 2020 suites.
func proofType2020(doc map[string]any) (string, bool) {
	p, _ := doc["proof"].(map[string]any)
	t, _ := p["type"].(string)
	return t, t == vc.ProofType2020 || t == vc.ProofTypeProof2020
}

func issue2020(l *vc.Loader, doc map[string]any, sk *bbs.SecretKey, created, mandatory, vm string) (map[string]any, error) {
	if mandatory != "" {
		return nil, usagef("--mandatory: BbsBlsSignature2020 (a bbs+2020 key) has no mandatory pointers")
	}
	return l.Sign2020(doc, vc.Sign2020Options{SecretKey: sk, Created: created, VerificationMethod: vm}, vc.Limits{})
}

// didKeyResolver is --did-key's resolver: every verification method
// resolves to that did:key's key; nil without --did-key (did:key only).
func didKeyResolver(didKey string) (vc.KeyResolver, error) {
	if didKey == "" {
		return nil, nil
	}
	pk, err := vc.ParseDIDKey(didKey)
	if err != nil {
		return nil, usagef("--did-key: %v", err)
	}
	return func(string) ([]byte, error) { return pk, nil }, nil
}

func derive2020(l *vc.Loader, doc map[string]any, framePath, reveal string, nonce []byte, resolve vc.KeyResolver) (map[string]any, error) {
	if reveal != "" {
		return nil, usagef("--reveal: a BbsBlsSignature2020 credential is derived with --frame")
	}
	if framePath == "" {
		return nil, usagef("--frame: missing (a BbsBlsSignature2020 credential is derived with a JSON-LD frame)")
	}
	frame, err := readVCDocument("--frame", framePath)
	if err != nil {
		return nil, err
	}
	return l.Derive2020(doc, frame, vc.Derive2020Options{Nonce: nonce, Resolve: resolve}, vc.Limits{})
}

// verify2020 is "bbs vc verify" of a BbsBlsSignatureProof2020 credential
// (a BbsBlsSignature2020 one is verified as its holder would).
func verify2020(e *env, l *vc.Loader, doc map[string]any, requireNonce bool, want []byte, resolve vc.KeyResolver) error {
	v := &vc.Verifier2020{Loader: l, Resolve: resolve}
	var res *vc.Verified2020
	var err error
	if t, _ := proofType2020(doc); t == vc.ProofType2020 {
		res, err = v.VerifySignature(doc)
	} else {
		res, err = v.Verify(doc)
	}
	if errors.Is(err, vc.ErrInvalidProof) {
		return &exitError{code: exitFailed, err: err}
	}
	if err != nil {
		return err
	}
	if requireNonce && (res.Nonce == nil || !bytes.Equal(res.Nonce, want)) {
		return &exitError{code: exitFailed, err: fmt.Errorf("the nonce is %s, not --nonce", b64(res.Nonce))}
	}
	out, err := marshalFile(res.Document)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "valid: %s by %s; %d of %d signed statements disclosed\n", res.Proof["type"], res.VerificationMethod, len(res.Indexes), res.MessageCount)
	if _, err := io.Copy(e.stdout, bytes.NewReader(out)); err != nil {
		return failed(err)
	}
	return nil
}
