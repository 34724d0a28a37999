// SPDX-License-Identifier: Apache-2.0

// Command predtool makes predicate presentations (package bbs/predicate)
// for interop.js: for each IETF suite, a credential whose positions 1 and
// 3 are integers, and a presentation that hides them and the country,
// with a range, a set-membership and a commitment predicate. It prints,
// as JSON, what an IETF verifier needs to check the BBS part: the public
// key, the proof, the header, the presentation header derived from the
// predicate proof, and the disclosed messages. Deterministic: keys from
// fixed seeds; proofs use fresh randomness.
package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
)

type vector struct {
	Ciphersuite             string   `json:"ciphersuite"`
	PublicKey               string   `json:"publicKey"`
	Proof                   string   `json:"proof"`
	Header                  string   `json:"header"`
	PresentationHeader      string   `json:"presentationHeader"`
	BasePresentationHeader  string   `json:"basePresentationHeader"`
	DisclosedMessages       []string `json:"disclosedMessages"`
	DisclosedMessageIndexes []int    `json:"disclosedMessageIndexes"`
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "predtool:", err)
		os.Exit(1)
	}
}

func run() error {
	rp, _, err := predicate.GenerateRangeParams(nil, 16)
	if err != nil {
		return err
	}
	var out []vector
	for _, c := range []struct {
		s    bbs.Scheme
		name string
	}{{bbs.BLS12381SHA256(), "BLS12-381-SHA-256"}, {bbs.BLS12381SHAKE256(), "BLS12-381-SHAKE-256"}} {
		sp, _, err := predicate.GenerateSetParams(nil, c.s, [][]byte{[]byte("DE"), []byte("FR"), []byte("IT")}, false)
		if err != nil {
			return err
		}
		sk, err := c.s.NewKeyFromSeed([]byte("predtool interop issuer key seed!"))
		if err != nil {
			return err
		}
		mm, err := bbs.NewMessageMap([]int{1, 3})
		if err != nil {
			return err
		}
		msgs := [][]byte{[]byte("alice"), bbs.DateMessage(time.Date(1990, 5, 17, 0, 0, 0, 0, time.UTC)), []byte("FR"), bbs.IntegerMessage(-40), []byte("licence B")}
		header := []byte("credential header")
		sig, err := bbs.SignMapped(c.s, sk, header, msgs, mm)
		if err != nil {
			return err
		}
		preds := []predicate.Predicate{
			{Kind: predicate.Range, Index: 1, Min: bbs.Days(time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)), Max: bbs.Days(time.Date(2008, 12, 2, 0, 0, 0, 0, time.UTC)), Params: rp},
			{Kind: predicate.Range, Index: 3, Min: -50, Max: 50, Params: rp},
			{Kind: predicate.InSet, Index: 2, Params: sp},
			{Kind: predicate.Commitment, Index: 1},
			{Kind: predicate.Range, Index: 1, Min: math.MinInt64, Max: bbs.Days(time.Date(2008, 12, 2, 0, 0, 0, 0, time.UTC))}, // Bulletproofs
			{Kind: predicate.Range, Index: 3, Min: -50, Max: 50},                                                               // Bulletproofs
		}
		ph := []byte("verifier nonce")
		revealed := []int{0, 4}
		proof, pp, err := predicate.Prove(nil, c.s, sk.PublicKey(), sig, header, ph, msgs, revealed, mm, preds)
		if err != nil {
			return err
		}
		disclosed := []bbs.DisclosedMessage{{Index: 0, Message: msgs[0]}, {Index: 4, Message: msgs[4]}}
		if err := predicate.Verify(c.s, sk.PublicKey(), proof, header, ph, disclosed, mm, preds, pp); err != nil {
			return err
		}
		ph2, err := predicate.PresentationHeader(c.s, proof, ph, disclosed, mm, preds, pp)
		if err != nil {
			return err
		}
		out = append(out, vector{
			Ciphersuite: c.name, PublicKey: hex.EncodeToString(sk.PublicKey().Bytes()),
			Proof: hex.EncodeToString(proof.Bytes()), Header: hex.EncodeToString(header),
			PresentationHeader: hex.EncodeToString(ph2), BasePresentationHeader: hex.EncodeToString(ph),
			DisclosedMessages:       []string{hex.EncodeToString(msgs[0]), hex.EncodeToString(msgs[4])},
			DisclosedMessageIndexes: revealed,
		})
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
