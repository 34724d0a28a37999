// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// Accumulator (non-revocation) updates in flight, in acc.jsonl
// of the bbs-bls12381-sha256 scheme: the accumulator issuer's holders
// present with non-revocation (SubmitProof, nonRevoked) against version 0
// of its accumulator (acc-setup.jsonl: the issuer, SetAccumulator, two
// policies), while bbs-soak's issuer-change fault revokes one holder's
// handle (acc-change.jsonl: RevokeHandle, version 1).
//
//   - acc-revoked: the revoked holder's presentations, under the policy
//     of grace 0: each is VALID if it was ordered before the revocation's
//     block, and not VALID if after (refused: its version is no longer
//     current; or, endorsed before it, an MVCC conflict on the
//     accumulator record).
//   - acc-other: the other holders' presentations against version 0,
//     under the policy of grace 1: valid before and after the revocation
//     (version 0 stays within grace), so each is recorded exactly once
//     (one that meets the revocation in its block, an MVCC conflict, is
//     recovered).
const (
	ClassAccRevoked = "acc-revoked"
	ClassAccOther   = "acc-other"
	accHandleIndex  = 2 // the revocation handle's message (revealed are 0 and 5)
	accHolders      = 4 // holder 0 is revoked
)

func accIssuerID(t string) string        { return "acc-bbs-" + t }
func accPolicyID(t string, g int) string { return fmt.Sprintf("acc-grace%d-%s", g, t) }

// accFiles writes acc-setup.jsonl, acc-change.jsonl and acc.jsonl (n lines
// of each class) of scheme s into dir; nothing but for bbs-bls12381-sha256.
func accFiles(o *options, s bbs.Scheme, dir string, n int) error {
	if s.Name() != bbs.BLS12381SHA256Name || n <= 0 {
		return nil
	}
	t := tag(o.seed)
	id := accIssuerID(t)
	sk, err := key(o.seed, s, "acc", 1)
	if err != nil {
		return err
	}
	doc, err := registrationDoc(o, sk, id, "fabric-bbs soak: holders revoked through the accumulator", o.submitters[0], "acc", 0)
	if err != nil {
		return err
	}
	accSK, v0, err := revocation.GenerateKey(stream(o.seed, "acc/accumulator", 0))
	if err != nil {
		return err
	}
	setup := []Tx{{Name: "RegisterIssuer", Args: []string{doc}},
		{Name: "SetAccumulator", Args: []string{id, base64.StdEncoding.EncodeToString(accSK.PublicKey().Bytes()), base64.StdEncoding.EncodeToString(v0), strconv.Itoa(accHandleIndex)}}}
	for _, g := range []int{0, 1} {
		pol, err := json.Marshal(map[string]any{"id": accPolicyID(t, g), "issuers": []any{map[string]any{"id": id}},
			"accumulator": map[string]any{"index": accHandleIndex, "grace": g}})
		if err != nil {
			return err
		}
		setup = append(setup, Tx{Name: "CreatePolicy", Args: []string{string(pol)}})
	}
	if err := writeTxs(filepath.Join(dir, "acc-setup.jsonl"), setup); err != nil {
		return err
	}
	header := []byte("fabric-bbs soak accumulator " + o.seed)
	holders := make([]*revocation.Credential, accHolders)
	for h := range holders {
		var messages [][]byte
		for j := 0; j < messageCount; j++ {
			messages = append(messages, []byte(fmt.Sprintf("acc claim %d of holder %d of %s", j, h, id)))
		}
		handle := digest(o.seed, "acc/handle", h)
		messages[accHandleIndex] = handle[:]
		sig, err := s.Sign(sk, header, messages)
		if err != nil {
			return err
		}
		c := &revocation.Credential{Scheme: s, PublicKey: sk.PublicKey(), Signature: sig, Header: header, Messages: messages, HandleIndex: accHandleIndex}
		y, err := c.Handle()
		if err != nil {
			return err
		}
		if c.Witness, err = accSK.Witness(v0, y); err != nil {
			return err
		}
		holders[h] = c
	}
	y0, err := holders[0].Handle()
	if err != nil {
		return err
	}
	rem, err := accSK.Remove(0, v0, y0)
	if err != nil {
		return err
	}
	change := []Tx{{Name: "RevokeHandle", Args: []string{id, base64.StdEncoding.EncodeToString(rem.Bytes())}}}
	if err := writeTxs(filepath.Join(dir, "acc-change.jsonl"), change); err != nil {
		return err
	}
	keyHash := hashHex(sk.PublicKey().Bytes())
	out := make([]SoakTx, 2*n)
	err = parallel(o.workers, 2*n, func(i int) error {
		class, grace, c := ClassAccRevoked, 0, holders[0]
		if i%2 == 1 { // the others, in turn
			class, grace, c = ClassAccOther, 1, holders[1+(i/2)%(accHolders-1)]
		}
		nc := nonce(o.seed, s, "acc", i)
		pres, err := revocation.Present(stream(o.seed, "acc/present", i), c, accSK.PublicKey(), v0, nc, revealed)
		if err != nil {
			return fmt.Errorf("acc presentation %d: %w", i, err)
		}
		d := &request.Decoded{Issuer: id, Scheme: s.Name(), Proof: pres.Bytes(), Nonce: nc, Header: header, NonRevoked: true,
			Policy: &request.PolicyRef{ID: accPolicyID(t, grace)}}
		for _, idx := range revealed {
			d.Disclosed = append(d.Disclosed, request.Message{Index: idx, Message: c.Messages[idx]})
		}
		b, err := encodeRequest(d)
		if err != nil {
			return fmt.Errorf("acc request %d: %w", i, err)
		}
		out[i] = SoakTx{Tx: Tx{Name: "SubmitProof", Args: []string{string(b)}, Proofs: 1}, Class: class,
			Group: fmt.Sprintf("%s/%s/%d", schemeDir(s.Name()), class, i), KeySHA256: keyHash, NonceSHA256: hashHex(nc)}
		return nil
	})
	if err != nil {
		return err
	}
	return writeLines(filepath.Join(dir, "acc.jsonl"), out)
}
