// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// The other transaction kinds of the soak, in mix.jsonl: out of
// every mixCycle lines, one SubmitProofs batch of mixBatch fresh valid
// requests of the bench issuer, one SubmitProof under key version 1 of the
// rotating issuer (which the soak tool revokes during the run) and one
// under its key version 2 (which the soak tool adds by rotation during the
// run, before the revocation).
const (
	ClassBatch = "batch"
	// ClassOldKey: valid under key version 1 of the rotating issuer; it
	// may be recorded only before the revocation of that version.
	ClassOldKey = "old-key"
	// ClassNewKey: valid under key version 2; it may be recorded only
	// after the rotation that adds it, and must be recorded once.
	ClassNewKey = "new-key"
	mixCycle    = 3
	mixBatch    = 4
)

// MixTx is one line of mix.jsonl: a SoakTx, with the nonce hashes of
// every request of a batch (in array order).
type MixTx struct {
	SoakTx
	BatchNonceSHA256s []string `json:"batchNonceSha256s,omitempty"`
}

// rotatingID is the ID of scheme s's rotating issuer for seed tag t.
func rotatingID(s bbs.Scheme, t string) string {
	return fmt.Sprintf("rotating-%s-%s", schemeDir(s.Name()), t)
}

// mixFiles writes mix-setup.jsonl (the rotating issuer's registration, for
// o.submitters[0], who owns it), issuer-change.jsonl (RotateIssuerKey to
// version 2, then RevokeIssuerKey of version 1, both for o.submitters[0])
// and mix.jsonl (o.mix lines) of scheme s into dir.
func mixFiles(o *options, c *credential, dir string) error {
	s := c.scheme
	t := tag(o.seed)
	id := rotatingID(s, t)
	var creds [2]*credential
	for v := range creds {
		sk, err := key(o.seed, s, "rotating", v+1)
		if err != nil {
			return err
		}
		cr := &credential{scheme: s, issuerID: id, sk: sk, header: c.header}
		for j := 0; j < messageCount; j++ {
			cr.messages = append(cr.messages, []byte(fmt.Sprintf("rotating claim %d of %s", j, id)))
		}
		if cr.sig, err = s.Sign(sk, cr.header, cr.messages); err != nil {
			return fmt.Errorf("signing the rotating credential: %w", err)
		}
		creds[v] = cr
	}
	owner := o.submitters[0]
	doc, err := registrationDoc(o, creds[0].sk, id, "fabric-bbs soak: rotated and revoked during the run", owner, "rotating", 0)
	if err != nil {
		return err
	}
	if err := writeTxs(filepath.Join(dir, "mix-setup.jsonl"), []Tx{{Name: "RegisterIssuer", Args: []string{doc}}}); err != nil {
		return err
	}
	st := &registration.Statement{Purpose: registration.PurposeRotate, Channel: o.channel, IssuerID: id, KeyVersion: 2,
		Scheme: s.Name(), MSPID: owner.mspID, SubmitterID: owner.id}
	pop, err := registration.Prove(stream(o.seed, "pop/"+s.Name()+"/rotate", 2), creds[1].sk, st)
	if err != nil {
		return fmt.Errorf("proof of possession of %s version 2: %w", id, err)
	}
	rot, err := json.Marshal(registration.Rotation{ID: id, KeyVersion: 2,
		PublicKey:         base64.StdEncoding.EncodeToString(creds[1].sk.PublicKey().Bytes()),
		ProofOfPossession: base64.StdEncoding.EncodeToString(pop)})
	if err != nil {
		return err
	}
	change := []Tx{{Name: "RotateIssuerKey", Args: []string{string(rot)}}, {Name: "RevokeIssuerKey", Args: []string{id, "1"}}}
	if err := writeTxs(filepath.Join(dir, "issuer-change.jsonl"), change); err != nil {
		return err
	}
	out := make([]MixTx, o.mix)
	err = parallel(o.workers, o.mix, func(i int) error {
		group := fmt.Sprintf("%s/mix/%d", schemeDir(s.Name()), i)
		switch i % mixCycle {
		case 0:
			items := make([]json.RawMessage, mixBatch)
			hashes := make([]string, mixBatch)
			for j := range items {
				nc := nonce(o.seed, s, "mix-batch", i*mixBatch+j)
				b, err := proofRequest(o, c, nc, 0, "mix-batch", i*mixBatch+j)
				if err != nil {
					return err
				}
				items[j], hashes[j] = b, hashHex(nc)
			}
			arg, err := json.Marshal(items)
			if err != nil {
				return err
			}
			out[i] = MixTx{SoakTx: SoakTx{Tx: Tx{Name: "SubmitProofs", Args: []string{string(arg)}, Proofs: mixBatch},
				Class: ClassBatch, Group: group, KeySHA256: hashHex(c.sk.PublicKey().Bytes())}, BatchNonceSHA256s: hashes}
		default:
			v := i % mixCycle // 1: version 1, 2: version 2
			cr := creds[v-1]
			nc := nonce(o.seed, s, "mix-rotating", i)
			b, err := proofRequest(o, cr, nc, v, "mix-rotating", i)
			if err != nil {
				return err
			}
			class := ClassOldKey
			if v == 2 {
				class = ClassNewKey
			}
			out[i] = MixTx{SoakTx: SoakTx{Tx: Tx{Name: "SubmitProof", Args: []string{string(b)}, Proofs: 1},
				Class: class, Group: group, KeySHA256: hashHex(cr.sk.PublicKey().Bytes()), NonceSHA256: hashHex(nc)}}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeLines(filepath.Join(dir, "mix.jsonl"), out)
}

// proofRequest is a valid unbound m10r2 request of credential c with
// nonce nc, naming key version version (0: the current one), as compact
// JSON the chaincode's parser accepts.
func proofRequest(o *options, c *credential, nc []byte, version int, label string, i int) ([]byte, error) {
	proof, err := c.scheme.DeriveProof(stream(o.seed, "proof/"+c.scheme.Name()+"/"+label, i),
		c.sk.PublicKey(), c.sig, c.header, nc, c.messages, revealed)
	if err != nil {
		return nil, fmt.Errorf("deriving %s proof %d: %w", label, i, err)
	}
	d := &request.Decoded{Issuer: c.issuerID, Scheme: c.scheme.Name(), KeyVersion: version, Proof: proof.Bytes(), Nonce: nc, Header: c.header}
	for _, idx := range revealed {
		d.Disclosed = append(d.Disclosed, request.Message{Index: idx, Message: c.messages[idx]})
	}
	b, err := json.Marshal(d.Encode())
	if err != nil {
		return nil, err
	}
	if _, err := request.Parse(b); err != nil {
		return nil, fmt.Errorf("%s request %d would be refused: %w", label, i, err)
	}
	return b, nil
}
