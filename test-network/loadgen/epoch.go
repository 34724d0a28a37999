// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// An epoch raised in flight, in epoch.jsonl of the
// bbs-bls12381-sha256 scheme: proofs of credentials of the epoch issuer
// (epoch-setup.jsonl: the issuer, SetIssuerEpoch 1, a policy with an
// epoch rule of grace 0 on message epochIndex) disclosing their epoch,
// while bbs-soak's issuer-change fault raises the issuer's epoch to 2
// (epoch-change.jsonl: SetIssuerEpoch 2).
//
//   - epoch-old: credentials of epoch 1: each is VALID if it was ordered
//     before the raise's block, and not VALID if after (refused: the
//     policy is not satisfied; or, endorsed before it, an MVCC conflict on
//     the epoch record).
//   - epoch-new: credentials of epoch 2, issued ahead of the raise (an
//     epoch above the current one is accepted): valid before and after,
//     recorded exactly once.
const (
	ClassEpochOld = "epoch-old"
	ClassEpochNew = "epoch-new"
	epochIndex    = 3
)

var epochRevealed = []int{0, epochIndex, 5}

func epochIssuerID(t string) string { return "epoch-bbs-" + t }
func epochPolicyID(t string) string { return "epoch-pol-" + t }

// epochFiles writes epoch-setup.jsonl, epoch-change.jsonl and epoch.jsonl
// (n lines of each class) of scheme s into dir; nothing but for
// bbs-bls12381-sha256.
func epochFiles(o *options, s bbs.Scheme, dir string, n int) error {
	if s.Name() != bbs.BLS12381SHA256Name || n <= 0 {
		return nil
	}
	t := tag(o.seed)
	id := epochIssuerID(t)
	sk, err := key(o.seed, s, "epoch", 1)
	if err != nil {
		return err
	}
	doc, err := registrationDoc(o, sk, id, "fabric-bbs soak: credentials of epochs 1 and 2", o.submitters[0], "epoch", 0)
	if err != nil {
		return err
	}
	pol, err := json.Marshal(map[string]any{"id": epochPolicyID(t), "issuers": []any{map[string]any{"id": id}},
		"epoch": map[string]any{"index": epochIndex, "grace": 0}})
	if err != nil {
		return err
	}
	setup := []Tx{{Name: "RegisterIssuer", Args: []string{doc}}, {Name: "SetIssuerEpoch", Args: []string{id, "1"}},
		{Name: "CreatePolicy", Args: []string{string(pol)}}}
	if err := writeTxs(filepath.Join(dir, "epoch-setup.jsonl"), setup); err != nil {
		return err
	}
	if err := writeTxs(filepath.Join(dir, "epoch-change.jsonl"), []Tx{{Name: "SetIssuerEpoch", Args: []string{id, "2"}}}); err != nil {
		return err
	}
	header := []byte("fabric-bbs soak epoch " + o.seed)
	type cred struct {
		messages [][]byte
		sig      *bbs.Signature
	}
	creds := map[int]cred{}
	for _, e := range []int{1, 2} {
		var messages [][]byte
		for j := 0; j < messageCount; j++ {
			messages = append(messages, []byte(fmt.Sprintf("epoch claim %d of %s", j, id)))
		}
		messages[epochIndex] = []byte(fmt.Sprint(e))
		sig, err := s.Sign(sk, header, messages)
		if err != nil {
			return err
		}
		creds[e] = cred{messages, sig}
	}
	keyHash := hashHex(sk.PublicKey().Bytes())
	out := make([]SoakTx, 2*n)
	err = parallel(o.workers, 2*n, func(i int) error {
		class, c := ClassEpochOld, creds[1]
		if i%2 == 1 {
			class, c = ClassEpochNew, creds[2]
		}
		nc := nonce(o.seed, s, "epoch", i)
		proof, err := s.DeriveProof(stream(o.seed, "proof/"+s.Name()+"/epoch", i), sk.PublicKey(), c.sig, header, nc, c.messages, epochRevealed)
		if err != nil {
			return fmt.Errorf("epoch proof %d: %w", i, err)
		}
		d := &request.Decoded{Issuer: id, Scheme: s.Name(), Proof: proof.Bytes(), Nonce: nc, Header: header,
			Policy: &request.PolicyRef{ID: epochPolicyID(t)}}
		for _, idx := range epochRevealed {
			d.Disclosed = append(d.Disclosed, request.Message{Index: idx, Message: c.messages[idx]})
		}
		b, err := encodeRequest(d)
		if err != nil {
			return fmt.Errorf("epoch request %d: %w", i, err)
		}
		out[i] = SoakTx{Tx: Tx{Name: "SubmitProof", Args: []string{string(b)}, Proofs: 1}, Class: class,
			Group: fmt.Sprintf("%s/%s/%d", schemeDir(s.Name()), class, i), KeySHA256: keyHash, NonceSHA256: hashHex(nc)}
		return nil
	})
	if err != nil {
		return err
	}
	return writeLines(filepath.Join(dir, "epoch.jsonl"), out)
}
