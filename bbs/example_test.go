// SPDX-License-Identifier: Apache-2.0

package bbs_test

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"log"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// An issuer makes a key pair and publishes the public key's bytes; a
// verifier parses them, which checks the point (on the curve, in the
// subgroup, not the identity).
func Example_keys() {
	s, err := bbs.SchemeByName("bbs-bls12381-sha256")
	if err != nil {
		log.Fatal(err)
	}
	sk, err := s.GenerateKey(rand.Reader) // or s.NewKeyFromSeed(seed), deterministic
	if err != nil {
		log.Fatal(err)
	}
	published := sk.PublicKey().Bytes()

	pk, err := s.ParsePublicKey(published)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("public key:", len(pk.Bytes()), "bytes")

	_, err = s.ParsePublicKey(published[:40])
	fmt.Println("cut key refused:", errors.Is(err, bbs.ErrMalformedPublicKey))
	// Output:
	// public key: 96 bytes
	// cut key refused: true
}

// The whole flow of one credential: the issuer signs messages, the holder
// derives a proof that discloses two of them for the verifier's nonce, and
// the verifier checks it from bytes, as the chaincode does.
func Example_signDeriveVerify() {
	s := bbs.BBSPlus2020()
	sk, err := s.GenerateKey(rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	messages := [][]byte{[]byte("name=Alice"), []byte("birthdate=1990-01-01"), []byte("country=BE")}

	// Issuer: sign (the IETF schemes also sign a header; bbs+2020 has none).
	sig, err := s.Sign(sk, nil, messages)
	if err != nil {
		log.Fatal(err)
	}

	// Holder: check the credential, then prove messages 0 and 2 for the
	// verifier's nonce. The birthdate stays hidden.
	pkBytes := sk.PublicKey().Bytes()
	pk, err := s.ParsePublicKey(pkBytes)
	if err != nil {
		log.Fatal(err)
	}
	if err := s.Verify(pk, sig, nil, messages); err != nil {
		log.Fatal(err)
	}
	nonce := []byte("verifier's nonce, 16 bytes or more")
	proof, err := s.DeriveProof(rand.Reader, pk, sig, nil, nonce, messages, []int{0, 2})
	if err != nil {
		log.Fatal(err)
	}
	proofBytes := proof.Bytes()

	// Verifier: parse the key and the proof, then verify with exactly the
	// disclosed messages.
	vpk, err := s.ParsePublicKey(pkBytes)
	if err != nil {
		log.Fatal(err)
	}
	p, err := s.ParseProof(proofBytes)
	if err != nil {
		log.Fatal(err)
	}
	disclosed := []bbs.DisclosedMessage{{Index: 0, Message: messages[0]}, {Index: 2, Message: messages[2]}}
	fmt.Println("valid:", s.VerifyProof(vpk, p, nil, nonce, disclosed) == nil)

	err = s.VerifyProof(vpk, p, nil, []byte("another nonce, 16 bytes or more"), disclosed)
	fmt.Println("another nonce is an invalid proof:", errors.Is(err, bbs.ErrInvalidProof))

	err = s.VerifyProof(vpk, p, nil, nonce, []bbs.DisclosedMessage{{Index: 0, Message: []byte("name=Bob")}, {Index: 2, Message: messages[2]}})
	fmt.Println("another name is an invalid proof:", errors.Is(err, bbs.ErrInvalidProof))
	// Output:
	// valid: true
	// another nonce is an invalid proof: true
	// another name is an invalid proof: true
}

// An IETF scheme signs a header with the messages (the credential's type,
// its expiry); a proof is bound to it, and it is always disclosed.
func Example_header() {
	s := bbs.BLS12381SHA256()
	sk, err := s.GenerateKey(rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	header := []byte("vc1:adult")
	messages := [][]byte{[]byte("name=Alice"), []byte("age>=18")}
	sig, err := s.Sign(sk, header, messages)
	if err != nil {
		log.Fatal(err)
	}
	nonce := []byte("verifier's nonce, 16 bytes or more")
	proof, err := s.DeriveProof(rand.Reader, sk.PublicKey(), sig, header, nonce, messages, []int{1})
	if err != nil {
		log.Fatal(err)
	}
	disclosed := []bbs.DisclosedMessage{{Index: 1, Message: messages[1]}}
	fmt.Println("valid:", s.VerifyProof(sk.PublicKey(), proof, header, nonce, disclosed) == nil)
	err = s.VerifyProof(sk.PublicKey(), proof, []byte("vc1:senior"), nonce, disclosed)
	fmt.Println("another header is an invalid proof:", errors.Is(err, bbs.ErrInvalidProof))
	// Output:
	// valid: true
	// another header is an invalid proof: true
}

// Pseudonyms: the holder commits to a secret that the issuer signs without
// seeing it. Every proof then shows a pseudonym for a context, the same for
// one credential in one context and unlinkable across contexts, so a
// verifier can count uses per context.
func Example_pseudonyms() {
	s, err := bbs.SchemeByName("bbs-nym-bls12381-sha256")
	if err != nil {
		log.Fatal(err)
	}
	ps := s.(bbs.PseudonymScheme)
	sk, err := s.GenerateKey(rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	pk := sk.PublicKey()
	messages := [][]byte{[]byte("name=Alice"), []byte("country=BE")}

	// Holder: a nym secret and a commitment to it (no other committed
	// message, one nym). The secret stays with the holder.
	com, secret, err := ps.CommitWithNym(rand.Reader, nil, 1)
	if err != nil {
		log.Fatal(err)
	}
	// Issuer: parse the commitment (its proof is checked) and blind-sign it
	// with the issuer's messages.
	c, err := ps.ParseNymCommitment(com.Bytes(), 1)
	if err != nil {
		log.Fatal(err)
	}
	sig, entropy, err := ps.BlindSignWithNym(rand.Reader, sk, c, nil, messages)
	if err != nil {
		log.Fatal(err)
	}
	// Holder: check the signature and complete the nym secret.
	final, err := ps.FinalizeWithNym(pk, sig, nil, messages, nil, secret, entropy)
	if err != nil {
		log.Fatal(err)
	}

	prove := func(context, nonce string) (*bbs.Proof, *bbs.Pseudonym) {
		proof, nym, err := ps.DeriveProofWithPseudonym(rand.Reader, pk, sig, nil, []byte(nonce), []byte(context),
			messages, nil, []int{1}, nil, final)
		if err != nil {
			log.Fatal(err)
		}
		return proof, nym
	}
	proof, nym := prove("poll-2026-17", "first nonce, 16 bytes or more")
	_, again := prove("poll-2026-17", "second nonce, 16 bytes or more")
	_, other := prove("poll-2026-18", "third nonce, 16 bytes or more")

	// Verifier: the issuer's message count and the nym count are part of the
	// statement.
	disclosed := []bbs.DisclosedMessage{{Index: 1, Message: messages[1]}}
	err = ps.VerifyProofWithPseudonym(pk, proof, nym, nil, []byte("first nonce, 16 bytes or more"), []byte("poll-2026-17"),
		len(messages), 1, disclosed, nil)
	fmt.Println("valid:", err == nil)
	fmt.Println("same pseudonym in the same context:", bytes.Equal(nym.Bytes(), again.Bytes()))
	fmt.Println("same pseudonym in another context:", bytes.Equal(nym.Bytes(), other.Bytes()))

	// The plain operations refuse a pseudonym scheme: a proof checked
	// without its pseudonym would defeat the point.
	_, err = s.Sign(sk, nil, messages)
	fmt.Println("plain Sign refused:", errors.Is(err, bbs.ErrInvalidArgument))
	// Output:
	// valid: true
	// same pseudonym in the same context: true
	// same pseudonym in another context: false
	// plain Sign refused: true
}

// VerifyProofs checks many proofs of one scheme at once and gives each item
// exactly the verdict VerifyProof would give it alone: a bad proof neither
// hides a good one nor passes with it.
func ExampleVerifyProofs() {
	s := bbs.BBSPlus2020()
	var items []bbs.BatchItem
	for i := range 4 {
		sk, err := s.GenerateKey(rand.Reader)
		if err != nil {
			log.Fatal(err)
		}
		messages := [][]byte{[]byte(fmt.Sprintf("holder=%d", i)), []byte("country=BE")}
		sig, err := s.Sign(sk, nil, messages)
		if err != nil {
			log.Fatal(err)
		}
		nonce := []byte(fmt.Sprintf("nonce of request %d, 16 bytes or more", i))
		proof, err := s.DeriveProof(rand.Reader, sk.PublicKey(), sig, nil, nonce, messages, []int{1})
		if err != nil {
			log.Fatal(err)
		}
		items = append(items, bbs.BatchItem{
			PublicKey: sk.PublicKey(),
			Proof:     proof,
			Nonce:     nonce,
			Disclosed: []bbs.DisclosedMessage{{Index: 1, Message: messages[1]}},
		})
	}
	items[2].Nonce = []byte("a nonce the proof was not made for") // a replay elsewhere, say

	for i, err := range bbs.VerifyProofs(s, items) {
		switch {
		case err == nil:
			fmt.Printf("request %d: valid\n", i)
		case errors.Is(err, bbs.ErrInvalidProof):
			fmt.Printf("request %d: invalid proof\n", i)
		default:
			fmt.Printf("request %d: bad argument: %v\n", i, err)
		}
	}
	// Output:
	// request 0: valid
	// request 1: valid
	// request 2: invalid proof
	// request 3: valid
}
