// SPDX-License-Identifier: Apache-2.0

// Package ballot binds a vote of the poll chaincode to the BBS proof that
// authorises it. It imports no Fabric package: voters' clients and the
// chaincode share it.
//
// A ballot is the voter's salt followed by a digest of the vote:
//
//	ballot = salt ‖ SHA-256( F(tag) ‖ F(channelID) ‖ F(pollID) ‖ F(option) ‖ F(salt) )
//	F(x)   = uint32_be(len(x)) ‖ x
//
// with tag the ASCII bytes "fabric-bbs/poll/ballot/v1" (Domain) and salt
// MinSaltSize to MaxSaltSize random bytes chosen by the voter. The proof
// carries the ballot: as its nonce when the vote is relayed (the request's
// bindSubmitter is false), or as the salt of its submitter-bound nonce
// (request.BoundNonce) when the voter submits it. A BBS proof is made for
// its nonce, so no one who relays or copies the request can change the
// option without invalidating the proof: the chaincode recomputes the
// ballot from the option it is asked to count and refuses a mismatch. The
// salt makes each ballot, and so each nonce, new; it need not be secret.
package ballot

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Domain is the domain-separation tag that starts every ballot digest.
const Domain = "fabric-bbs/poll/ballot/v1"

// Salt sizes, in bytes. A ballot is at most MaxSaltSize+sha256.Size = 224
// bytes, within the 256-byte limit of a request's salt.
const (
	MinSaltSize = 16
	MaxSaltSize = 192
)

// ErrMismatch is wrapped by Check's error for a well-formed ballot of
// another vote (another option, poll or channel).
var ErrMismatch = errors.New("the ballot does not commit to this vote")

// ErrMalformed is wrapped by Check's error for bytes that are not a ballot.
var ErrMalformed = errors.New("malformed ballot")

// New returns the ballot of a vote for option in poll pollID on channel
// channelID, with the voter's salt. It returns an error if the salt is not
// MinSaltSize to MaxSaltSize bytes.
func New(channelID, pollID, option string, salt []byte) ([]byte, error) {
	if len(salt) < MinSaltSize || len(salt) > MaxSaltSize {
		return nil, fmt.Errorf("%w: the salt is %d bytes, not %d to %d", ErrMalformed, len(salt), MinSaltSize, MaxSaltSize)
	}
	return append(append([]byte(nil), salt...), digest(channelID, pollID, option, salt)...), nil
}

// Check returns nil if b is the ballot of a vote for option in poll pollID
// on channel channelID; an error wrapping ErrMalformed or ErrMismatch
// otherwise.
func Check(b []byte, channelID, pollID, option string) error {
	n := len(b) - sha256.Size
	if n < MinSaltSize || n > MaxSaltSize {
		return fmt.Errorf("%w: %d bytes, not %d to %d", ErrMalformed, len(b), MinSaltSize+sha256.Size, MaxSaltSize+sha256.Size)
	}
	if !bytes.Equal(b[n:], digest(channelID, pollID, option, b[:n])) {
		return fmt.Errorf("%w: it was not made for option %q of poll %q on channel %q", ErrMismatch, clip(option), clip(pollID), clip(channelID))
	}
	return nil
}

func digest(channelID, pollID, option string, salt []byte) []byte {
	h := sha256.New()
	for _, f := range [][]byte{[]byte(Domain), []byte(channelID), []byte(pollID), []byte(option), salt} {
		if uint64(len(f)) > math.MaxUint32 {
			panic("ballot: field of 4 GiB or more")
		}
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(f)))
		h.Write(n[:])
		h.Write(f)
	}
	return h.Sum(nil)
}

// clip shortens a value quoted in an error.
func clip(s string) string {
	if len(s) > 64 {
		return s[:64] + "..."
	}
	return s
}
