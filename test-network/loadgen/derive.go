// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// Message count and revealed indices of every credential and proof (m10r2).
const messageCount = 10

var revealed = []int{0, 5}

// digest hashes the seed with a label and an index, length-prefixed, so
// that no two (label, index) pairs of a seed give the same bytes.
func digest(seed, label string, i int) [32]byte {
	h := sha256.New()
	for _, s := range []string{"fabric-bbs loadgen v1", seed, label} {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		io.WriteString(h, s)
	}
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(i))
	h.Write(n[:])
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// stream is a deterministic random stream for (seed, label, i).
func stream(seed, label string, i int) io.Reader {
	return rand.NewChaCha8(digest(seed, label, i))
}

// nonce is the 32-byte nonce of request i of a kind (single, batch).
func nonce(seed string, s bbs.Scheme, kind string, i int) []byte {
	d := digest(seed, "nonce/"+s.Name()+"/"+kind, i)
	return d[:]
}

// key derives the secret key labelled label of scheme s.
func key(seed string, s bbs.Scheme, label string, i int) (*bbs.SecretKey, error) {
	d := digest(seed, "key/"+s.Name()+"/"+label, i)
	sk, err := s.NewKeyFromSeed(d[:])
	if err != nil {
		return nil, fmt.Errorf("deriving key %s %d: %w", label, i, err)
	}
	return sk, nil
}

// credential is the bench issuer's signed credential of one scheme.
type credential struct {
	scheme   bbs.Scheme
	issuerID string
	sk       *bbs.SecretKey
	header   []byte
	messages [][]byte
	sig      *bbs.Signature
}

// newCredential signs the messageCount messages of the bench credential.
func newCredential(seed string, s bbs.Scheme, issuerID string) (*credential, error) {
	sk, err := key(seed, s, "issuer", 0)
	if err != nil {
		return nil, err
	}
	c := &credential{scheme: s, issuerID: issuerID, sk: sk}
	if s.Name() != "bbs+2020" {
		c.header = []byte("fabric-bbs load " + seed)
	}
	for j := 0; j < messageCount; j++ {
		c.messages = append(c.messages, []byte(fmt.Sprintf("load claim %d of %s", j, issuerID)))
	}
	if c.sig, err = s.Sign(sk, c.header, c.messages); err != nil {
		return nil, fmt.Errorf("signing the credential: %w", err)
	}
	return c, nil
}
