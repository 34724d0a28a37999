// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// The official fixtures of draft-irtf-cfrg-bbs-per-verifier-linkability-03
// (testdata/bbs-pseudonyms, see SOURCE.md there), reproduced with the
// mocked RNG.

const nymFixtureDir = "testdata/bbs-pseudonyms"

// nymHex is a hex string in a fixture. Some fixture scalars drop a leading
// zero nibble (63 digits); those are left-padded.
type nymHex []byte

func (h *nymHex) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if len(s)%2 == 1 {
		s = "0" + s
	}
	d, err := hex.DecodeString(s)
	*h = d
	return err
}

type nymMock struct {
	Seed   string `json:"SEED"`
	Commit struct{ DST string }
	Proof  struct{ DST string }
}

type nymCommitFixture struct {
	CaseName            string
	MockRngParameters   nymMock
	CommittedMessages   []nymHex
	ProverNyms          []nymHex
	ProverBlind         nymHex
	CommitmentWithProof nymHex
	Result              struct{ Valid bool }
	Trace               struct {
		RandomScalars struct {
			STilde  nymHex   `json:"s_tilde"`
			MTildes []nymHex `json:"m_tildes"`
		} `json:"random_scalars"`
	}
}

type nymSignatureFixture struct {
	CaseName      string
	SignerKeyPair struct {
		SecretKey nymHex
		PublicKey nymHex
	}
	SignerNymEntropy    nymHex   `json:"signer_nym_entropy"`
	ProverNyms          []nymHex `json:"proverNyms"`
	NymSecrets          []nymHex `json:"nym_secrets"`
	ProverBlind         nymHex
	CommitmentWithProof nymHex
	Header              nymHex
	Messages            []nymHex
	CommittedMessages   []nymHex
	Signature           nymHex
	Result              struct{ Valid bool }
	Trace               struct{ Domain nymHex }
}

type nymProofFixture struct {
	CaseName                  string
	MockRngParameters         nymMock
	SignerPublicKey           nymHex
	Signature                 nymHex
	SignerNymEntropy          nymHex   `json:"signer_nym_entropy"`
	ProverNyms                []nymHex `json:"proverNyms"`
	NymSecrets                []nymHex `json:"nym_secrets"`
	Pseudonym                 nymHex
	ProverBlind               nymHex
	CommitmentWithProof       nymHex
	ContextID                 nymHex `json:"context_id"`
	Header                    nymHex
	PresentationHeader        nymHex
	RevealedMessages          map[string]nymHex
	RevealedCommittedMessages map[string]nymHex
	Messages                  []nymHex
	CommittedMessages         []nymHex
	L                         int
	Proof                     nymHex
	Result                    struct{ Valid bool }
	Trace                     struct {
		RandomScalars struct {
			R1, R2        nymHex
			ETilde        nymHex   `json:"e_Tilde"`
			MTildeScalars []nymHex `json:"m_tilde_scalars"`
		} `json:"random_scalars"`
		Abar, Bbar, D, T1, T2, Domain, Pseudonym, Ut, Challenge, OP nymHex
		PolyEvalPseudo                                              nymHex `json:"poly_eval_pseudo"`
	}
}

// nymSuites are the two pseudonym schemes with their fixture directories.
var nymSuites = []struct {
	dir string
	s   *nymScheme
}{{"bls12-381-sha-256", nymSHA256}, {"bls12-381-shake-256", nymSHAKE256}}

func nymFiles(t testing.TB, dir, sub string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(nymFixtureDir, dir, sub, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in %s/%s: %v", dir, sub, err)
	}
	return files
}

func readNymFixture(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// nymMockRandom is the fixtures' mocked RNG: expand_message(SEED, dst,
// 48·count), read 48 bytes per scalar.
func nymMockRandom(t testing.TB, s *nymScheme, seed, dst string, count int) io.Reader {
	t.Helper()
	b, err := s.nym.expand([]byte(seed), []byte(dst), ietfExpandLen*count)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b)
}

func nymScalars(t testing.TB, h []nymHex) []fr.Element {
	t.Helper()
	out := make([]fr.Element, len(h))
	for i, b := range h {
		var err error
		if out[i], err = group.DecodeScalar(b); err != nil {
			t.Fatalf("scalar %d: %v", i, err)
		}
	}
	return out
}

func nymScalar(t testing.TB, h nymHex) fr.Element { return nymScalars(t, []nymHex{h})[0] }

func nymBytes(h []nymHex) [][]byte {
	out := make([][]byte, len(h))
	for i := range h {
		out[i] = h[i]
	}
	return out
}

// nymRevealed turns a fixture's {"index": message} map into ascending
// indices and DisclosedMessages.
func nymRevealed(t testing.TB, m map[string]nymHex) ([]int, []DisclosedMessage) {
	t.Helper()
	var idx []int
	for k := range m {
		i, err := strconv.Atoi(k)
		if err != nil {
			t.Fatal(err)
		}
		idx = append(idx, i)
	}
	sort.Ints(idx)
	d := make([]DisclosedMessage, len(idx))
	for k, i := range idx {
		d[k] = DisclosedMessage{Index: i, Message: m[strconv.Itoa(i)]}
	}
	return idx, d
}

func TestNymFixtureCount(t *testing.T) {
	var n int
	err := filepath.WalkDir(nymFixtureDir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") && !strings.HasSuffix(path, "messages.json") {
			n++
		}
		return err
	})
	if err != nil || n != 44 {
		t.Fatalf("%d pseudonym fixture files (+ messages.json), want 44: %v", n, err)
	}
}

func TestNymGeneratorFixtures(t *testing.T) {
	for _, suite := range nymSuites {
		t.Run(suite.dir, func(t *testing.T) {
			var f struct {
				Generators, BlindGenerators struct {
					APIID         string `json:"api_id"`
					P1, Q1        string
					MsgGenerators []string
				}
			}
			readNymFixture(t, filepath.Join(nymFixtureDir, suite.dir, "generators.json"), &f)
			for _, c := range []struct {
				s *ietfScheme
				g *struct {
					APIID         string `json:"api_id"`
					P1, Q1        string
					MsgGenerators []string
				}
			}{{suite.s.nym, &f.Generators}, {suite.s.blind, &f.BlindGenerators}} {
				if string(c.s.apiID) != c.g.APIID {
					t.Errorf("api_id %q, want %q", c.s.apiID, c.g.APIID)
				}
				if got := ietfG1Hex(&c.s.p1); got != c.g.P1 {
					t.Errorf("P1 %s, want %s", got, c.g.P1)
				}
				gens, err := c.s.generators(len(c.g.MsgGenerators) + 1)
				if err != nil {
					t.Fatal(err)
				}
				want := append([]string{c.g.Q1}, c.g.MsgGenerators...)
				for i := range want {
					if got := ietfG1Hex(&gens.points[i]); got != want[i] {
						t.Errorf("%s generator %d: %s, want %s", c.g.APIID, i, got, want[i])
					}
				}
			}
		})
	}
}

func TestNymCommitFixtures(t *testing.T) {
	for _, suite := range nymSuites {
		for _, path := range nymFiles(t, suite.dir, "nymCommit") {
			t.Run(suite.dir+"/"+filepath.Base(path), func(t *testing.T) {
				var f nymCommitFixture
				readNymFixture(t, path, &f)
				s := suite.s
				count := len(f.CommittedMessages) + len(f.ProverNyms) + 2
				// The mocked scalars, unhedged, through CommitWithNym's seam.
				rnd := mockedProofScalars{nymMockRandom(t, s, f.MockRngParameters.Seed, f.MockRngParameters.Commit.DST, count)}
				random, err := s.nymCommitRandomScalars(rnd, count, nymBytes(f.CommittedMessages), nymScalars(t, f.ProverNyms))
				if err != nil {
					t.Fatal(err)
				}
				if got := ietfScalarHex(&random[1]); got != hex.EncodeToString(f.Trace.RandomScalars.STilde) {
					t.Errorf("s~ %s, want %x", got, f.Trace.RandomScalars.STilde)
				}
				com, blind, err := s.commitWithNym(nymBytes(f.CommittedMessages), nymScalars(t, f.ProverNyms), random)
				if err != nil {
					t.Fatal(err)
				}
				if got := ietfScalarHex(&blind); got != hex.EncodeToString(f.ProverBlind) {
					t.Errorf("prover blind %s, want %x", got, f.ProverBlind)
				}
				if got := com.encode(); !bytes.Equal(got, f.CommitmentWithProof) {
					t.Errorf("commitment\n got %x\nwant %x", got, f.CommitmentWithProof)
				}
				// The fixture's commitment parses and its proof verifies.
				nc, err := s.ParseNymCommitment(f.CommitmentWithProof, len(f.ProverNyms))
				if err != nil {
					t.Fatal(err)
				}
				bg, err := s.blind.generators(len(nc.com.mHat) + 1)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.verifyCommit(nc.com, &bg); (err == nil) != f.Result.Valid {
					t.Errorf("verify commitment: %v, want valid=%v", err, f.Result.Valid)
				}
			})
		}
	}
}

func TestNymSignatureFixtures(t *testing.T) {
	for _, suite := range nymSuites {
		for _, path := range nymFiles(t, suite.dir, "nymSignature") {
			t.Run(suite.dir+"/"+filepath.Base(path), func(t *testing.T) {
				var f nymSignatureFixture
				readNymFixture(t, path, &f)
				s := suite.s
				sk, err := s.ParseSecretKey(f.SignerKeyPair.SecretKey)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(sk.PublicKey().Bytes(), f.SignerKeyPair.PublicKey) {
					t.Fatalf("public key %x, want %x", sk.PublicKey().Bytes(), f.SignerKeyPair.PublicKey)
				}
				com, err := s.ParseNymCommitment(f.CommitmentWithProof, len(f.ProverNyms))
				if err != nil {
					t.Fatal(err)
				}
				entropy := nymScalar(t, f.SignerNymEntropy)
				sig, err := s.blindSignWithNym(sk, com.com, com.n, &entropy, f.Header, nymBytes(f.Messages))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(sig.Bytes(), f.Signature) {
					t.Errorf("signature\n got %x\nwant %x", sig.Bytes(), f.Signature)
				}
				psig, err := s.ParseSignature(f.Signature)
				if err != nil {
					t.Fatal(err)
				}
				blind := nymScalar(t, f.ProverBlind)
				nyms, err := s.verifyFinalizeWithNym(sk.PublicKey(), psig, f.Header, nymBytes(f.Messages), nymBytes(f.CommittedMessages), nymScalars(t, f.ProverNyms), &entropy, &blind)
				if (err == nil) != f.Result.Valid {
					t.Fatalf("verify and finalise: %v, want valid=%v", err, f.Result.Valid)
				}
				want := nymScalars(t, f.NymSecrets)
				for i := range want {
					if !nyms[i].Equal(&want[i]) {
						t.Errorf("nym secret %d: %s, want %s", i, ietfScalarHex(&nyms[i]), ietfScalarHex(&want[i]))
					}
				}
			})
		}
	}
}

func TestNymProofFixtures(t *testing.T) {
	for _, suite := range nymSuites {
		for _, path := range nymFiles(t, suite.dir, "nymProof") {
			t.Run(suite.dir+"/"+filepath.Base(path), func(t *testing.T) {
				var f nymProofFixture
				readNymFixture(t, path, &f)
				s := suite.s
				pk, err := s.ParsePublicKey(f.SignerPublicKey)
				if err != nil {
					t.Fatal(err)
				}
				sig, err := s.ParseSignature(f.Signature)
				if err != nil {
					t.Fatal(err)
				}
				nyms := nymScalars(t, f.NymSecrets)
				blind := nymScalar(t, f.ProverBlind)
				rev, disclosed := nymRevealed(t, f.RevealedMessages)
				revC, disclosedC := nymRevealed(t, f.RevealedCommittedMessages)
				if f.L != len(f.Messages) {
					t.Fatalf("L = %d for %d messages", f.L, len(f.Messages))
				}

				// The pseudonym and its calculation.
				p, err := s.pseudonym(nyms, f.ContextID)
				if err != nil {
					t.Fatal(err)
				}
				if got := ietfG1Hex(&p); got != hex.EncodeToString(f.Pseudonym) {
					t.Errorf("pseudonym %s, want %x", got, f.Pseudonym)
				}
				op, z, err := s.contextPoint(f.ContextID)
				if err != nil {
					t.Fatal(err)
				}
				// Only some fixtures carry a trace.
				if got := ietfG1Hex(&op); len(f.Trace.OP) > 0 && got != hex.EncodeToString(f.Trace.OP) {
					t.Errorf("OP %s, want %x", got, f.Trace.OP)
				}
				if pe := nymPolynomial(nyms, &z); len(f.Trace.PolyEvalPseudo) > 0 && ietfScalarHex(&pe) != hex.EncodeToString(f.Trace.PolyEvalPseudo) {
					t.Errorf("poly_eval_pseudo %s, want %x", ietfScalarHex(&pe), f.Trace.PolyEvalPseudo)
				}

				// The proof, with the mocked RNG's scalars injected unhedged.
				hidden := len(f.Messages) + 1 + len(f.CommittedMessages) + len(nyms) - len(rev) - len(revC)
				rnd := mockedProofScalars{nymMockRandom(t, s, f.MockRngParameters.Seed, f.MockRngParameters.Proof.DST, 5+hidden)}
				proof, pseudonym, err := s.proofGenWithNym(rnd, pk, sig, f.Header, f.PresentationHeader, f.ContextID,
					nymBytes(f.Messages), nymBytes(f.CommittedMessages), rev, revC, nyms, &blind)
				if err != nil {
					t.Fatal(err)
				}
				if got := proof.encode(); !bytes.Equal(got, f.Proof) {
					t.Errorf("proof\n got %x\nwant %x", got, f.Proof)
				}
				if got := ietfG1Hex(&pseudonym); got != hex.EncodeToString(f.Pseudonym) {
					t.Errorf("proof's pseudonym %s, want %x", got, f.Pseudonym)
				}

				// Verification of the fixture's proof through the public API.
				pp, err := s.ParseProof(f.Proof)
				if err != nil {
					t.Fatal(err)
				}
				ps, err := s.ParsePseudonym(f.Pseudonym)
				if err != nil {
					t.Fatal(err)
				}
				err = s.VerifyProofWithPseudonym(pk, pp, ps, f.Header, f.PresentationHeader, f.ContextID, f.L, len(nyms), disclosed, disclosedC)
				if (err == nil) != f.Result.Valid {
					t.Errorf("verify: %v, want valid=%v", err, f.Result.Valid)
				}
				if err != nil && !errors.Is(err, ErrInvalidProof) {
					t.Errorf("verify: %v, want ErrInvalidProof", err)
				}
			})
		}
	}
}
