// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// Pseudonym races of the soak, in nym.jsonl: for each IETF
// scheme with a pseudonym counterpart (bbs-nym-*), races of nymRace
// SubmitProof requests of one pseudonym credential in one context, each
// with a nonce of its own. The contract accepts one use of a pseudonym per
// context (DefaultPseudonymUseLimit), so exactly one request of a race is
// recorded; the others are refused (BBS_PSEUDONYM_USED) or fail validation
// (MVCC_READ_CONFLICT on the use count). bbs-soak sends a race's requests
// one after the other, one to each of its clients (4: two users on each
// org's peer), so that they are in flight together through both peers.
const (
	ClassNym = "nym"
	nymRace  = 4
)

// NymTx is one line of nym.jsonl: a SoakTx with its race (the requests of
// one race share it) and the pseudonym and context it uses, as
// GetPseudonymUses takes them (standard base64), and the context's hex
// SHA-256 and the pseudonym's hex, as the contract's records name them.
type NymTx struct {
	SoakTx
	Race          string `json:"race"`
	Pseudonym     string `json:"pseudonym"`
	Context       string `json:"context"`
	ContextSHA256 string `json:"contextSha256"`
	PseudonymHex  string `json:"pseudonymHex"`
}

// nymIssuerID is the ID of scheme s's pseudonym issuer for seed tag t.
func nymIssuerID(s bbs.Scheme, t string) string {
	return fmt.Sprintf("nym-%s-%s", schemeDir(s.Name()), t)
}

// nymScheme is the pseudonym scheme built on s (nil if none).
func nymScheme(s bbs.Scheme) bbs.PseudonymScheme {
	if !strings.HasPrefix(s.Name(), "bbs-bls12381-") {
		return nil
	}
	ns, err := bbs.SchemeByName("bbs-nym-" + strings.TrimPrefix(s.Name(), "bbs-"))
	if err != nil {
		return nil
	}
	ps, _ := ns.(bbs.PseudonymScheme)
	return ps
}

// nymFiles writes nym-setup.jsonl (the pseudonym issuer's registration,
// for o.submitters[0]) and nym.jsonl (races races of nymRace requests) of
// scheme s into dir; nothing for a scheme without a pseudonym counterpart.
func nymFiles(o *options, s bbs.Scheme, dir string, races int) error {
	ns := nymScheme(s)
	if ns == nil || races <= 0 {
		return nil
	}
	t := tag(o.seed)
	id := nymIssuerID(ns, t)
	sk, err := key(o.seed, ns, "nym", 1)
	if err != nil {
		return err
	}
	doc, err := registrationDoc(o, sk, id, "fabric-bbs soak: pseudonym uses raced across peers", o.submitters[0], "nym", 0)
	if err != nil {
		return err
	}
	if err := writeTxs(filepath.Join(dir, "nym-setup.jsonl"), []Tx{{Name: "RegisterIssuer", Args: []string{doc}}}); err != nil {
		return err
	}
	header := []byte("fabric-bbs soak nym " + o.seed)
	var messages [][]byte
	for j := 0; j < messageCount; j++ {
		messages = append(messages, []byte(fmt.Sprintf("nym claim %d of %s", j, id)))
	}
	com, prover, err := ns.CommitWithNym(stream(o.seed, "nym/commit/"+ns.Name(), 0), nil, bbs.DefaultNymCount)
	if err != nil {
		return fmt.Errorf("nym commitment: %w", err)
	}
	sig, entropy, err := ns.BlindSignWithNym(stream(o.seed, "nym/sign/"+ns.Name(), 0), sk, com, header, messages)
	if err != nil {
		return fmt.Errorf("nym signature: %w", err)
	}
	secret, err := ns.FinalizeWithNym(sk.PublicKey(), sig, header, messages, nil, prover, entropy)
	if err != nil {
		return fmt.Errorf("nym credential: %w", err)
	}
	keyHash := hashHex(sk.PublicKey().Bytes())
	n := races * nymRace
	out := make([]NymTx, n)
	err = parallel(o.workers, n, func(i int) error {
		race := i / nymRace
		cx := []byte(fmt.Sprintf("fabric-bbs soak race %d of %s", race, id))
		nc := nonce(o.seed, ns, "nym", i)
		proof, nym, err := ns.DeriveProofWithPseudonym(stream(o.seed, "proof/"+ns.Name()+"/nym", i), sk.PublicKey(), sig,
			header, nc, cx, messages, nil, revealed, nil, secret)
		if err != nil {
			return fmt.Errorf("deriving nym proof %d: %w", i, err)
		}
		d := &request.Decoded{Issuer: id, Scheme: ns.Name(), Proof: proof.Bytes(), Nonce: nc, Header: header,
			Pseudonym: nym.Bytes(), Context: cx}
		for _, idx := range revealed {
			d.Disclosed = append(d.Disclosed, request.Message{Index: idx, Message: messages[idx]})
		}
		b, err := encodeRequest(d)
		if err != nil {
			return fmt.Errorf("nym request %d: %w", i, err)
		}
		out[i] = NymTx{
			SoakTx: SoakTx{Tx: Tx{Name: "SubmitProof", Args: []string{string(b)}, Proofs: 1}, Class: ClassNym,
				Group: fmt.Sprintf("%s/nym/%d", schemeDir(s.Name()), i), KeySHA256: keyHash, NonceSHA256: hashHex(nc)},
			Race:          fmt.Sprintf("%s/race/%d", schemeDir(s.Name()), race),
			Pseudonym:     base64.StdEncoding.EncodeToString(nym.Bytes()),
			Context:       base64.StdEncoding.EncodeToString(cx),
			ContextSHA256: hashHex(cx),
			PseudonymHex:  hex.EncodeToString(nym.Bytes()),
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeLines(filepath.Join(dir, "nym.jsonl"), out)
}

// encodeRequest is d as compact JSON, checked with the chaincode's parser.
func encodeRequest(d *request.Decoded) ([]byte, error) {
	b, err := json.Marshal(d.Encode())
	if err != nil {
		return nil, err
	}
	if _, err := request.Parse(b); err != nil {
		return nil, fmt.Errorf("would be refused: %w", err)
	}
	return b, nil
}

// nymRaces is the number of pseudonym races per scheme for a mix of n
// lines per scheme: one per 8 mix lines, at least one.
func nymRaces(n int) int { return max(1, n/8) }
