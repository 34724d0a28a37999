// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"
)

// TestMultikeyVector: the vector's did:key is its public key, both ways.
func TestMultikeyVector(t *testing.T) {
	var km struct{ PublicKeyHex string }
	readVector(t, "BBSKeyMaterial.json", &km)
	var cfg struct{ VerificationMethod string }
	readVector(t, "addProofConfig.json", &cfg)
	pk, _ := hex.DecodeString(km.PublicKeyHex)
	did, vm, err := DIDKey(pk)
	if err != nil {
		t.Fatal(err)
	}
	if vm != cfg.VerificationMethod || !strings.HasPrefix(vm, did+"#") {
		t.Errorf("verification method %s, want %s", vm, cfg.VerificationMethod)
	}
	for _, s := range []string{did, vm} {
		got, err := ParseDIDKey(s)
		if err != nil || hex.EncodeToString(got) != km.PublicKeyHex {
			t.Errorf("ParseDIDKey(%s) = %x, %v", s, got, err)
		}
	}
}

// TestMultikeyRefuses: other DIDs, another fragment, another multicodec,
// a short key, a point that is no key.
func TestMultikeyRefuses(t *testing.T) {
	var km struct{ PublicKeyHex string }
	readVector(t, "BBSKeyMaterial.json", &km)
	pk, _ := hex.DecodeString(km.PublicKeyHex)
	did, _, _ := DIDKey(pk)
	mk := strings.TrimPrefix(did, "did:key:")
	other := append([]byte(nil), pk...)
	other[0] ^= 0x01 // flips a coordinate bit: not on the curve or not in G2 (checked below)
	otherMK, _ := EncodeMultikey(other)
	short, _ := EncodeMultikey(pk)
	for name, s := range map[string]string{
		"did:web":             "did:web:issuer.example",
		"fragment":            did + "#key-1",
		"not base58btc":       "did:key:u" + mk[1:],
		"ed25519 multicodec":  "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
		"bad point":           "did:key:" + otherMK,
		"truncated":           "did:key:" + short[:len(short)-4],
		"empty":               "",
		"base58 invalid char": "did:key:z0OIl",
	} {
		if _, err := ParseDIDKey(s); !errors.Is(err, ErrKey) {
			t.Errorf("%s: got %v, want ErrKey", name, err)
		}
	}
	if _, err := EncodeMultikey(pk[:95]); !errors.Is(err, ErrKey) {
		t.Errorf("95-byte key encoded: %v", err)
	}
}

// TestKeygenDIDRoundTrip: a fresh key's did:key parses back to it.
func TestKeygenDIDRoundTrip(t *testing.T) {
	sk, err := ietfScheme().NewKeyFromSeed([]byte("fabric-bbs vc multikey test seed, 32+ bytes"))
	if err != nil {
		t.Fatal(err)
	}
	did, vm, err := DIDKey(sk.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{did, vm} {
		pk, err := ParseDIDKey(s)
		if err != nil || hex.EncodeToString(pk) != hex.EncodeToString(sk.PublicKey().Bytes()) {
			t.Fatalf("%s: %x %v", s, pk, err)
		}
	}
}
