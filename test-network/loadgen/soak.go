// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// SoakTx is one line of soak.jsonl: a SubmitProof transaction with what the
// soak tool (test-network/gateway/internal/soak) needs to account for it on the
// ledger without the chaincode: its class, and the hex SHA-256 of the
// verifying public key and of the nonce, whose pair names the nonce record
// (object type bbs.nonce) a committed request writes.
type SoakTx struct {
	Tx
	Class string `json:"class"`
	// Group names the request: a replay of it (sent by the soak tool)
	// carries the same group.
	Group       string `json:"group"`
	KeySHA256   string `json:"keySha256,omitempty"`
	NonceSHA256 string `json:"nonceSha256,omitempty"`
}

// Soak request classes. Out of every soakCycle lines, the last three are
// tampered, malformed and misbound, the others valid: with the 2 replays
// per cycle the soak tool adds, a run is 75% valid originals, 10% replays,
// 5% each of tampered, malformed and misbound requests.
const (
	ClassValid     = "valid"
	ClassTampered  = "tampered"
	ClassMalformed = "malformed"
	ClassMisbound  = "misbound"
	soakCycle      = 18
)

// soakClass is the class of soak line i.
func soakClass(i int) string {
	switch i % soakCycle {
	case soakCycle - 3:
		return ClassTampered
	case soakCycle - 2:
		return ClassMalformed
	case soakCycle - 1:
		return ClassMisbound
	}
	return ClassValid
}

// otherSubmitter is the client identity ID misbound requests are bound to:
// no identity of the network has it.
var otherSubmitter = base64.StdEncoding.EncodeToString([]byte("x509::CN=someone-else,OU=client::CN=ca.elsewhere.example.com"))

// soakTxs derives o.soak SubmitProof lines of scheme s: valid requests (a
// fresh 32-byte nonce each), tampered ones (a valid request with one proof
// byte flipped), malformed ones (four kinds in turn: broken JSON, an
// unknown field, an 8-byte nonce, bad base64) and misbound ones
// (bindSubmitter, the nonce bound to an identity that is not a client of
// the network).
func soakTxs(o *options, c *credential) ([]SoakTx, error) {
	out := make([]SoakTx, o.soak)
	pk := c.sk.PublicKey()
	keyHash := hashHex(pk.Bytes())
	err := parallel(o.workers, o.soak, func(i int) error {
		class := soakClass(i)
		nc := nonce(o.seed, c.scheme, "soak", i)
		d := &request.Decoded{Issuer: c.issuerID, Scheme: c.scheme.Name(), Header: c.header}
		if class == ClassMisbound {
			d.BindSubmitter = true
			d.Salt = []byte(fmt.Sprintf("soak salt %d", i))
			nc = request.BoundNonce(o.channel, "Org1MSP", otherSubmitter, d.Salt)
		}
		if class == ClassMalformed && i/soakCycle%4 == 2 {
			nc = nc[:8] // SubmitProof needs at least 16 bytes
		}
		d.Nonce = nc
		proof, err := c.scheme.DeriveProof(stream(o.seed, "proof/"+c.scheme.Name()+"/soak", i),
			pk, c.sig, c.header, nc, c.messages, revealed)
		if err != nil {
			return fmt.Errorf("deriving soak proof %d: %w", i, err)
		}
		d.Proof = proof.Bytes()
		if class == ClassTampered {
			d.Proof[len(d.Proof)/2] ^= 0x01
		}
		for _, idx := range revealed {
			d.Disclosed = append(d.Disclosed, request.Message{Index: idx, Message: c.messages[idx]})
		}
		b, err := json.Marshal(d.Encode())
		if err != nil {
			return err
		}
		if class == ClassMalformed {
			b = malform(b, i/soakCycle%4)
		}
		out[i] = SoakTx{
			Tx:          Tx{Name: "SubmitProof", Args: []string{string(b)}, Proofs: 1},
			Class:       class,
			Group:       fmt.Sprintf("%s/%d", schemeDir(c.scheme.Name()), i),
			KeySHA256:   keyHash,
			NonceSHA256: hashHex(nc),
		}
		return nil
	})
	return out, err
}

// malform spoils a request's JSON in one of four ways (kind 0..3): cut in
// the middle, an unknown field, (kind 2: the short nonce is already in it),
// a proof that is not base64.
func malform(b []byte, kind int) []byte {
	switch kind {
	case 0:
		return b[:len(b)/2]
	case 1:
		return append(b[:len(b)-1], []byte(`,"extra":1}`)...)
	case 3:
		var m map[string]any
		if json.Unmarshal(b, &m) == nil {
			m["proof"] = "%%not base64%%"
			if nb, err := json.Marshal(m); err == nil {
				return nb
			}
		}
	}
	return b
}

// hashHex is the lower-case hex SHA-256 of b (as the contract names keys
// and nonces in its records).
func hashHex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
