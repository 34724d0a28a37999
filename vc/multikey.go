// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/mr-tron/base58"
)

// ErrKey means a Multikey, did:key or verification method is malformed or
// not a BLS12-381 G2 key.
var ErrKey = errors.New("vc: key")

// multicodecBLS12381G2 is the multicodec prefix of a BLS12-381 G2 public
// key (bls12_381-g2-pub, 0xeb, as the varint 0xeb 0x01).
var multicodecBLS12381G2 = []byte{0xeb, 0x01}

// EncodeMultikey returns the publicKeyMultibase of a 96-byte compressed G2
// public key: base58btc ('z') of 0xeb01 followed by the key.
func EncodeMultikey(pk []byte) (string, error) {
	if len(pk) != bbs.PublicKeySize {
		return "", fmt.Errorf("%w: public key is %d bytes, want %d", ErrKey, len(pk), bbs.PublicKeySize)
	}
	return "z" + base58.Encode(append(append([]byte(nil), multicodecBLS12381G2...), pk...)), nil
}

// DecodeMultikey parses a publicKeyMultibase into the 96-byte key, checked
// as a BLS12-381 G2 public key of the IETF BBS scheme.
func DecodeMultikey(s string) ([]byte, error) {
	if !strings.HasPrefix(s, "z") {
		return nil, fmt.Errorf("%w: publicKeyMultibase is not base58btc (no leading 'z')", ErrKey)
	}
	if len(s) > 200 {
		return nil, fmt.Errorf("%w: publicKeyMultibase too long", ErrKey)
	}
	b, err := base58.Decode(s[1:])
	if err != nil {
		return nil, fmt.Errorf("%w: base58btc: %v", ErrKey, err)
	}
	if !bytes.HasPrefix(b, multicodecBLS12381G2) {
		return nil, fmt.Errorf("%w: multicodec prefix is not bls12_381-g2-pub (0xeb01)", ErrKey)
	}
	pk := b[len(multicodecBLS12381G2):]
	if len(pk) != bbs.PublicKeySize {
		return nil, fmt.Errorf("%w: key is %d bytes, want %d", ErrKey, len(pk), bbs.PublicKeySize)
	}
	if _, err := ietfScheme().ParsePublicKey(pk); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	return pk, nil
}

// DIDKey returns the did:key of a G2 public key and its verification
// method ID (the DID, '#', the Multikey).
func DIDKey(pk []byte) (did, verificationMethod string, err error) {
	mk, err := EncodeMultikey(pk)
	if err != nil {
		return "", "", err
	}
	return "did:key:" + mk, "did:key:" + mk + "#" + mk, nil
}

// ParseDIDKey returns the public key of a did:key DID or of its
// verification method ID (whose fragment must be the Multikey itself).
func ParseDIDKey(s string) ([]byte, error) {
	rest, ok := strings.CutPrefix(s, "did:key:")
	if !ok {
		return nil, fmt.Errorf("%w: %q is not a did:key", ErrKey, s)
	}
	id, frag, hasFrag := strings.Cut(rest, "#")
	if hasFrag && frag != id {
		return nil, fmt.Errorf("%w: did:key fragment %q is not the key %q", ErrKey, frag, id)
	}
	return DecodeMultikey(id)
}

func ietfScheme() bbs.Scheme {
	s, err := bbs.SchemeByName(bbs.BLS12381SHA256Name)
	if err != nil {
		panic(err) // registered by package bbs
	}
	return s
}
