// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Integer messages (issue 34). The IETF draft's messages_to_scalars maps
// every message with hash_to_scalar; its "messages to scalars" section lets
// an application map some messages to scalars another way, provided the
// issuer publishes which. A [MessageMap] is that publication: the positions
// whose messages are signed 64-bit integers. Such a message is exactly 8
// bytes, the big-endian two's-complement encoding of v (IntegerMessage),
// and it maps to the scalar v mod r: v itself for v ≥ 0, r + v for v < 0
// (the field element v, r the order of G1). Every other message keeps the
// draft's hash map, and a nil or empty MessageMap is the draft exactly.
//
// A date is the integer number of whole days since 1970-01-01 UTC
// (DateMessage; days before that are negative).
//
// The IETF schemes (BLS12381SHA256, BLS12381SHAKE256) take a MessageMap
// here, the pseudonym schemes for their issuer's messages (nym_integers.go);
// bbs+2020 hashes its messages by definition and the blind schemes do not
// take one yet.

// IntegerMessageSize is the size of an integer message.
const IntegerMessageSize = 8

// IntegerMessage returns the message encoding of v: 8 bytes, big-endian
// two's complement.
func IntegerMessage(v int64) []byte {
	return binary.BigEndian.AppendUint64(nil, uint64(v))
}

// ParseIntegerMessage returns the integer an integer message encodes.
func ParseIntegerMessage(b []byte) (int64, error) {
	if len(b) != IntegerMessageSize {
		return 0, fmt.Errorf("%w: integer message of %d bytes, want %d", ErrInvalidArgument, len(b), IntegerMessageSize)
	}
	return int64(binary.BigEndian.Uint64(b)), nil
}

// Days returns the number of whole days from 1970-01-01 UTC to t, rounded
// down (negative before 1970).
func Days(t time.Time) int64 {
	u := t.Unix()
	d := u / 86400
	if u%86400 < 0 {
		d--
	}
	return d
}

// DateMessage returns the integer message of the day of t: Days(t).
func DateMessage(t time.Time) []byte { return IntegerMessage(Days(t)) }

// MessageMap says which message positions carry integers. Its zero value
// and nil map every message by hash.
type MessageMap struct {
	integers []int // strictly ascending
}

// NewMessageMap returns the map whose integer positions (0-based) are
// integers, in any order, without repeats, each below MaxMessages.
func NewMessageMap(integers []int) (*MessageMap, error) {
	ints := slices.Clone(integers)
	slices.Sort(ints)
	for k, i := range ints {
		if i < 0 || i >= MaxMessages {
			return nil, fmt.Errorf("%w: integer position %d out of range [0, %d)", ErrInvalidArgument, i, MaxMessages)
		}
		if k > 0 && ints[k-1] == i {
			return nil, fmt.Errorf("%w: integer position %d repeated", ErrInvalidArgument, i)
		}
	}
	return &MessageMap{integers: ints}, nil
}

// Integers returns the integer positions, ascending.
func (mm *MessageMap) Integers() []int {
	if mm == nil {
		return nil
	}
	return slices.Clone(mm.integers)
}

// IsInteger reports whether position i carries an integer.
func (mm *MessageMap) IsInteger(i int) bool {
	if mm == nil {
		return false
	}
	_, ok := slices.BinarySearch(mm.integers, i)
	return ok
}

// integerScalar returns the scalar of the integer message b, v mod r, with
// no branch on v: v's low 64 bits as a scalar, less 2^64 when v < 0.
func integerScalar(b []byte) (fr.Element, error) {
	var z, t, two64 fr.Element
	if len(b) != IntegerMessageSize {
		return z, fmt.Errorf("%w: integer message of %d bytes, want %d", ErrInvalidArgument, len(b), IntegerMessageSize)
	}
	u := binary.BigEndian.Uint64(b)
	two64.SetUint64(1 << 63)
	two64.Double(&two64)
	z.SetUint64(u)
	t.SetUint64(u >> 63)
	t.Mul(&t, &two64)
	return *z.Sub(&z, &t), nil
}

// mapMessages is messages_to_scalars with mm: messages[k] is the message at
// position at[k] (position k when at is nil).
func (s *ietfScheme) mapMessages(messages [][]byte, at []int, mm *MessageMap) ([]fr.Element, error) {
	if mm == nil || len(mm.integers) == 0 {
		return s.messagesToScalars(messages)
	}
	out := make([]fr.Element, len(messages))
	for k, msg := range messages {
		i := k
		if at != nil {
			i = at[k]
		}
		var err error
		if mm.IsInteger(i) {
			out[k], err = integerScalar(msg)
		} else {
			out[k], err = s.hashToScalar(msg, s.mapDST)
		}
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
	}
	return out, nil
}

// setFixedScalars sets the random scalar of hidden message fixedAt[k] in
// random (one per hidden message, in the order of undisclosed) to fixed[k].
func setFixedScalars(random []fr.Element, undisclosed, fixedAt []int, fixed []fr.Element) error {
	if len(fixedAt) != len(fixed) {
		return fmt.Errorf("%w: %d fixed positions and %d scalars", ErrInvalidArgument, len(fixedAt), len(fixed))
	}
	for k, i := range fixedAt {
		u, ok := slices.BinarySearch(undisclosed, i)
		if !ok {
			return fmt.Errorf("%w: position %d is not hidden", ErrInvalidArgument, i)
		}
		if slices.Index(fixedAt[:k], i) >= 0 {
			return fmt.Errorf("%w: position %d fixed twice", ErrInvalidArgument, i)
		}
		random[u] = fixed[k]
	}
	return nil
}

// ietfOf returns s as an IETF scheme that takes a MessageMap.
func ietfOf(s Scheme) (*ietfScheme, error) {
	is, ok := s.(*ietfScheme)
	if !ok || (is != bbsSHA256 && is != bbsSHAKE256) {
		name := "nil"
		if s != nil {
			name = s.Name()
		}
		return nil, fmt.Errorf("%w: scheme %s does not take integer messages", ErrInvalidArgument, name)
	}
	return is, nil
}

// SignMapped is s.Sign with the messages mapped to scalars by mm. s must be
// BLS12381SHA256 or BLS12381SHAKE256.
func SignMapped(s Scheme, sk *SecretKey, header []byte, messages [][]byte, mm *MessageMap) (*Signature, error) {
	is, err := ietfOf(s)
	if err != nil {
		return nil, err
	}
	return is.sign(sk, header, messages, mm)
}

// VerifyMapped is s.Verify with the messages mapped to scalars by mm.
func VerifyMapped(s Scheme, pk *PublicKey, sig *Signature, header []byte, messages [][]byte, mm *MessageMap) error {
	is, err := ietfOf(s)
	if err != nil {
		return err
	}
	return is.verify(pk, sig, header, messages, mm)
}

// DeriveProofMapped is s.DeriveProof with the messages mapped to scalars by
// mm. The proof is a standard IETF proof.
func DeriveProofMapped(rnd io.Reader, s Scheme, pk *PublicKey, sig *Signature, header, nonce []byte, messages [][]byte, revealed []int, mm *MessageMap) (*Proof, error) {
	is, err := ietfOf(s)
	if err != nil {
		return nil, err
	}
	return is.deriveProof(rnd, pk, sig, header, nonce, messages, revealed, mm, nil, nil)
}

// VerifyProofMapped is s.VerifyProof with the disclosed messages mapped to
// scalars by mm.
func VerifyProofMapped(s Scheme, pk *PublicKey, proof *Proof, header, nonce []byte, disclosed []DisclosedMessage, mm *MessageMap) error {
	is, err := ietfOf(s)
	if err != nil {
		return err
	}
	return is.verifyProof(pk, proof, header, nonce, disclosed, mm)
}
