// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"
)

// The Blind BBS interface (blind_bbs.go) against the official fixtures of
// draft-irtf-cfrg-bbs-blind-signatures-02 (testdata/bbs-blind): commitments
// reproduced with the mocked RNG, every signature reproduced byte for byte
// and verified, every proof verified and reproduced byte for byte.

type blindSignatureFixture struct {
	CaseName      string
	SignerKeyPair struct {
		SecretKey nymHex
		PublicKey nymHex
	}
	CommitmentWithProof nymHex
	Header              nymHex
	Messages            []nymHex
	CommittedMessages   []nymHex
	ProverBlind         nymHex
	Signature           nymHex
	Result              struct{ Valid bool }
	Trace               struct{ B, Domain nymHex }
}

type blindProofFixture struct {
	CaseName                  string
	MockRngParameters         nymMock
	SignerPublicKey           nymHex
	Signature                 nymHex
	ProverBlind               nymHex
	Header                    nymHex
	PresentationHeader        nymHex
	RevealedMessages          map[string]nymHex
	RevealedCommittedMessages map[string]nymHex
	L                         int
	Proof                     nymHex
	Result                    struct{ Valid bool }
}

var blindSuites = []struct {
	dir string
	b   *BlindBBS
}{{"bls12-381-sha-256", blindSHA256}, {"bls12-381-shake-256", blindSHAKE256}}

func blindFiles(t *testing.T, dir, sub string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(blindFixtureDir, dir, sub, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no blind fixtures in %s/%s: %v", dir, sub, err)
	}
	return files
}

func TestBlindBBSCommitFixtures(t *testing.T) {
	for _, suite := range blindSuites {
		for _, path := range blindFiles(t, suite.dir, "commit") {
			t.Run(suite.dir+"/"+filepath.Base(path), func(t *testing.T) {
				var f nymCommitFixture
				readNymFixture(t, path, &f)
				count := len(f.CommittedMessages) + 2
				rnd := mockedProofScalars{nymMockRandom(t, suite.b.s, f.MockRngParameters.Seed, f.MockRngParameters.Commit.DST, count)}
				com, blind, err := suite.b.Commit(rnd, nymBytes(f.CommittedMessages))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(com, f.CommitmentWithProof) || !bytes.Equal(blind, f.ProverBlind) {
					t.Errorf("commitment %x blind %x\nwant %x blind %x", com, blind, []byte(f.CommitmentWithProof), []byte(f.ProverBlind))
				}
				if err := suite.b.VerifyCommitment(f.CommitmentWithProof); err != nil {
					t.Error(err)
				}
				bad := bytes.Clone(f.CommitmentWithProof)
				bad[len(bad)-1] ^= 1
				if err := suite.b.VerifyCommitment(bad); !errors.Is(err, ErrInvalidCommitment) && !errors.Is(err, ErrMalformedCommitment) {
					t.Errorf("tampered commitment: %v", err)
				}
			})
		}
	}
}

func TestBlindBBSSignatureFixtures(t *testing.T) {
	for _, suite := range blindSuites {
		for _, path := range blindFiles(t, suite.dir, "signature") {
			t.Run(suite.dir+"/"+filepath.Base(path), func(t *testing.T) {
				var f blindSignatureFixture
				readNymFixture(t, path, &f)
				s := suite.b.Scheme()
				sk, err := s.ParseSecretKey(f.SignerKeyPair.SecretKey)
				if err != nil {
					t.Fatal(err)
				}
				pk, err := s.ParsePublicKey(f.SignerKeyPair.PublicKey)
				if err != nil {
					t.Fatal(err)
				}
				sig, err := suite.b.BlindSign(sk, f.CommitmentWithProof, f.Header, nymBytes(f.Messages))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(sig.Bytes(), f.Signature) {
					t.Errorf("%s: signature\n got %x\nwant %x", f.CaseName, sig.Bytes(), []byte(f.Signature))
				}
				want, err := s.ParseSignature(f.Signature)
				if err != nil {
					t.Fatal(err)
				}
				err = suite.b.VerifyBlindSign(pk, want, f.Header, nymBytes(f.Messages), nymBytes(f.CommittedMessages), f.ProverBlind)
				if (err == nil) != f.Result.Valid {
					t.Errorf("verify: %v, want valid=%v", err, f.Result.Valid)
				}
				// A wrong blind, or the signature as a plain BBS one, fails.
				if len(f.ProverBlind) != 0 {
					wrong := bytes.Clone(f.ProverBlind)
					wrong[31] ^= 1
					if err := suite.b.VerifyBlindSign(pk, want, f.Header, nymBytes(f.Messages), nymBytes(f.CommittedMessages), wrong); !errors.Is(err, ErrInvalidSignature) {
						t.Errorf("wrong blind: %v", err)
					}
				}
				if len(f.Messages) > 0 {
					if err := s.Verify(pk, want, f.Header, nymBytes(f.Messages)); !errors.Is(err, ErrInvalidSignature) {
						t.Errorf("as a plain signature: %v", err)
					}
				}
			})
		}
	}
}

func TestBlindBBSProofFixtures(t *testing.T) {
	for _, suite := range blindSuites {
		var all struct{ Messages, CommittedMessages []nymHex }
		readNymFixture(t, filepath.Join(blindFixtureDir, "messages.json"), &all)
		for _, path := range blindFiles(t, suite.dir, "proof") {
			t.Run(suite.dir+"/"+filepath.Base(path), func(t *testing.T) {
				var f blindProofFixture
				readNymFixture(t, path, &f)
				s := suite.b.Scheme()
				pk, err := s.ParsePublicKey(f.SignerPublicKey)
				if err != nil {
					t.Fatal(err)
				}
				proof, err := s.ParseProof(f.Proof)
				if err != nil {
					t.Fatal(err)
				}
				idx, dis := nymRevealed(t, f.RevealedMessages)
				cidx, cdis := nymRevealed(t, f.RevealedCommittedMessages)
				err = suite.b.ProofVerify(pk, proof, f.Header, f.PresentationHeader, f.L, dis, cdis)
				if (err == nil) != f.Result.Valid {
					t.Fatalf("%s: verify %v, want valid=%v", f.CaseName, err, f.Result.Valid)
				}
				if err := suite.b.ProofVerify(pk, proof, f.Header, []byte("another ph"), f.L, dis, cdis); !errors.Is(err, ErrInvalidProof) {
					t.Errorf("other presentation header: %v", err)
				}
				if err := s.VerifyProof(pk, proof, f.Header, f.PresentationHeader, dis); err == nil {
					t.Error("a blind proof verified as a plain one")
				}
				// Reproduce it: the signature was over L messages, the
				// blind and M committed messages.
				m := len(proof.body.(*ietfProof).mHat) + len(dis) + len(cdis) - f.L - 1
				sig, err := s.ParseSignature(f.Signature)
				if err != nil {
					t.Fatal(err)
				}
				count := 5 + len(proof.body.(*ietfProof).mHat)
				rnd := mockedProofScalars{nymMockRandom(t, suite.b.s, f.MockRngParameters.Seed, f.MockRngParameters.Proof.DST, count)}
				got, err := suite.b.ProofGen(rnd, pk, sig, f.Header, f.PresentationHeader, nymBytes(all.Messages[:f.L]), nymBytes(all.CommittedMessages[:m]), idx, cidx, f.ProverBlind)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), f.Proof) {
					t.Errorf("%s: proof\n got %x\nwant %x", f.CaseName, got.Bytes(), []byte(f.Proof))
				}
			})
		}
	}
}

// TestBlindBBSRoundTrip: a fresh commitment to one secret, a blind
// signature, a proof hiding the secret and the blind; tampering, a wrong L
// and a wrong key fail.
func TestBlindBBSRoundTrip(t *testing.T) {
	for _, suite := range blindSuites {
		b, s := suite.b, suite.b.Scheme()
		sk, err := s.GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		pk := sk.PublicKey()
		secret := bytes.Repeat([]byte{7}, 32)
		com, blind, err := b.Commit(nil, [][]byte{secret})
		if err != nil {
			t.Fatal(err)
		}
		msgs := [][]byte{[]byte("a"), []byte("b"), []byte("c")}
		hdr := []byte("header")
		sig, err := b.BlindSign(sk, com, hdr, msgs)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.VerifyBlindSign(pk, sig, hdr, msgs, [][]byte{secret}, blind); err != nil {
			t.Fatal(err)
		}
		if err := b.VerifyBlindSign(pk, sig, hdr, msgs, [][]byte{[]byte("other")}, blind); !errors.Is(err, ErrInvalidSignature) {
			t.Errorf("other secret: %v", err)
		}
		ph := []byte("presentation")
		proof, err := b.ProofGen(nil, pk, sig, hdr, ph, msgs, [][]byte{secret}, []int{2, 0}, nil, blind)
		if err != nil {
			t.Fatal(err)
		}
		dis := []DisclosedMessage{{Index: 0, Message: msgs[0]}, {Index: 2, Message: msgs[2]}}
		if err := b.ProofVerify(pk, proof, hdr, ph, 3, dis, nil); err != nil {
			t.Fatal(err)
		}
		parsed, err := s.ParseProof(proof.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if err := b.ProofVerify(pk, parsed, hdr, ph, 3, dis, nil); err != nil {
			t.Fatal(err)
		}
		for name, f := range map[string]func() error{
			"tampered": func() error {
				return b.ProofVerify(pk, proof, hdr, ph, 3, []DisclosedMessage{dis[0], {Index: 2, Message: []byte("x")}}, nil)
			},
			"header": func() error { return b.ProofVerify(pk, proof, []byte("other"), ph, 3, dis, nil) },
		} {
			if err := f(); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if err := b.ProofVerify(pk, proof, hdr, ph, 5, dis, nil); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("L beyond the proof: %v", err)
		}
		// L = 1 reads the proof as over 1 signer message and 2 committed
		// ones (index 2 becomes committed index 0): it fails.
		if err := b.ProofVerify(pk, proof, hdr, ph, 1, dis[:1], []DisclosedMessage{{Index: 0, Message: msgs[2]}}); !errors.Is(err, ErrInvalidProof) {
			t.Errorf("L=1: %v", err)
		}
		// The wrong secret cannot make a proof.
		if _, err := b.ProofGen(nil, pk, sig, hdr, ph, msgs, [][]byte{[]byte("other")}, nil, nil, blind); !errors.Is(err, ErrInvalidSignature) {
			t.Errorf("proof with another secret: %v", err)
		}
		// A tampered commitment is refused by the signer.
		bad := bytes.Clone(com)
		bad[60] ^= 1
		if _, err := b.BlindSign(sk, bad, hdr, msgs); err == nil {
			t.Error("tampered commitment signed")
		}
		if _, err := b.BlindSign(sk, com[:10], hdr, msgs); !errors.Is(err, ErrMalformedCommitment) {
			t.Errorf("short commitment: %v", err)
		}
	}
}
