// SPDX-License-Identifier: Apache-2.0

package predicate_test

import (
	"fmt"
	"math"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
)

// A range predicate in a presentation with a pseudonym (docs/predicates.md,
// "With a pseudonym"): the issuer's message 1 is a birth date, proven to be
// on or before 2008-12-02 without disclosing it.
func ExampleProveWithPseudonym() {
	s := bbs.NymBLS12381SHA256()
	sk, _ := s.NewKeyFromSeed(make([]byte, 32))
	pk := sk.PublicKey()
	header, ph, context := []byte("header"), []byte("verifier's nonce"), []byte("poll-2026-17")
	messages := [][]byte{[]byte("name: Alice"), bbs.IntegerMessage(7300)} // born 1989-12-27
	var committed [][]byte
	mm, _ := bbs.NewMessageMap([]int{1})

	com, prover, _ := s.CommitWithNym(nil, committed, bbs.DefaultNymCount)
	sig, entropy, _ := bbs.BlindSignWithNymMapped(nil, s, sk, com, header, messages, mm)
	secret, _ := bbs.FinalizeWithNymMapped(s, pk, sig, header, messages, committed, prover, entropy, mm)

	preds := []predicate.Predicate{{Kind: predicate.Range, Index: 1, Min: math.MinInt64, Max: 14215}} // 2008-12-02
	proof, nym, predProof, err := predicate.ProveWithPseudonym(nil, s, pk, sig, secret, header, ph, context,
		messages, committed, []int{0}, nil, mm, preds)
	if err != nil {
		panic(err)
	}
	disclosed := []bbs.DisclosedMessage{{Index: 0, Message: messages[0]}}
	err = predicate.VerifyWithPseudonym(s, pk, proof, nym, header, ph, context, len(messages), bbs.DefaultNymCount,
		disclosed, nil, mm, preds, predProof)
	fmt.Println(err)
	// Output: <nil>
}
