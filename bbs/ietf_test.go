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
	"strings"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Tests of the IETF schemes against the draft's official fixtures in
// testdata/ietf-bbs (see its SOURCE.md).

const ietfFixtureDir = "testdata/ietf-bbs"

// ietfSuites maps each fixture directory to its scheme.
var ietfSuites = []struct {
	dir string
	s   *ietfScheme
}{
	{"bls12-381-sha-256", bbsSHA256},
	{"bls12-381-shake-256", bbsSHAKE256},
}

// ietfHex is a byte string written in hex in the fixtures.
type ietfHex []byte

func (h *ietfHex) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	d, err := hex.DecodeString(s)
	*h = d
	return err
}

func (h ietfHex) String() string { return hex.EncodeToString(h) }

// Fixture layouts.
type (
	ietfGeneratorsFixture struct {
		P1, Q1        ietfHex
		MsgGenerators []ietfHex
	}
	ietfH2SFixture struct {
		Message, Dst, Scalar ietfHex
	}
	ietfMapFixture struct {
		Dst   ietfHex
		Cases []struct{ Message, Scalar ietfHex }
	}
	ietfKeyPairFixture struct {
		KeyMaterial, KeyInfo, KeyDst ietfHex
		KeyPair                      struct{ SecretKey, PublicKey ietfHex }
	}
	ietfMockedRNGFixture struct {
		Seed, Dst     ietfHex
		Count         int
		MockedScalars []ietfHex
	}
	ietfResult struct {
		Valid  bool
		Reason string
	}
	ietfSignatureFixture struct {
		CaseName      string
		SignerKeyPair struct{ SecretKey, PublicKey ietfHex }
		Header        ietfHex
		Messages      []ietfHex
		Signature     ietfHex
		Result        ietfResult
		Trace         struct{ B, Domain ietfHex }
	}
	ietfProofFixture struct {
		CaseName           string
		SignerPublicKey    ietfHex
		Signature          ietfHex
		Header             ietfHex
		PresentationHeader ietfHex
		Messages           []ietfHex
		DisclosedIndexes   []int
		Proof              ietfHex
		Result             ietfResult
		Trace              struct {
			RandomScalars struct {
				R1, R2        ietfHex
				ETilde        ietfHex   `json:"e_tilde"`
				R1Tilde       ietfHex   `json:"r1_tilde"`
				R3Tilde       ietfHex   `json:"r3_tilde"`
				MTildeScalars []ietfHex `json:"m_tilde_scalars"`
			} `json:"random_scalars"`
			ABar                         ietfHex `json:"A_bar"`
			BBar                         ietfHex `json:"B_bar"`
			D, T1, T2, Domain, Challenge ietfHex
		}
	}
)

func readIETFFixture(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func ietfFixtureFiles(t testing.TB, dir, sub string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(ietfFixtureDir, dir, sub, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in %s/%s: %v", dir, sub, err)
	}
	return files
}

// ietfSeededRandom returns a reader of the draft's seeded_random_scalars bytes
// for count scalars: expand_message(SEED, api_id ‖ "MOCK_RANDOM_SCALARS_DST_",
// 48·count), marked as mocked scalars so that DeriveProof reads them 48
// bytes per scalar, unhedged.
func ietfSeededRandom(t testing.TB, s *ietfScheme, count int) io.Reader {
	t.Helper()
	b, err := s.expand([]byte("3.141592653589793238462643383279"), s.mockDST, ietfExpandLen*count)
	if err != nil {
		t.Fatal(err)
	}
	return mockedProofScalars{bytes.NewReader(b)}
}

func ietfScalarHex(z *fr.Element) string {
	b := z.Bytes()
	return hex.EncodeToString(b[:])
}

func ietfG1Hex(p *bls12381.G1Affine) string {
	b := p.Bytes()
	return hex.EncodeToString(b[:])
}

func ietfMessages(h []ietfHex) [][]byte {
	out := make([][]byte, len(h))
	for i, m := range h {
		out[i] = m
	}
	return out
}

func TestIETFFixtureFiles(t *testing.T) {
	var n int
	err := filepath.WalkDir(ietfFixtureDir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
			n++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != 61 {
		t.Errorf("%d fixture files, want 61", n)
	}
}

func TestIETFGenerators(t *testing.T) {
	for _, suite := range ietfSuites {
		t.Run(suite.dir, func(t *testing.T) {
			s := suite.s
			var f ietfGeneratorsFixture
			readIETFFixture(t, filepath.Join(ietfFixtureDir, suite.dir, "generators.json"), &f)

			if got := ietfG1Hex(&s.p1); got != f.P1.String() {
				t.Errorf("P1 constant = %s, want %s", got, f.P1)
			}
			bp, err := s.createGenerators(s.bpSeed, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := ietfG1Hex(&bp[0]); got != f.P1.String() {
				t.Errorf("P1 derived = %s, want %s", got, f.P1)
			}

			want := append([]ietfHex{f.Q1}, f.MsgGenerators...)
			g, err := s.generators(len(want))
			if err != nil {
				t.Fatal(err)
			}
			direct, err := s.createGenerators(s.genSeed, len(want))
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range want {
				name := "Q1"
				if i > 0 {
					name = "H_" + string(rune('0'+i))
				}
				if got := ietfG1Hex(&g.points[i]); got != w.String() {
					t.Errorf("%s (cached) = %s, want %s", name, got, w)
				}
				if got := ietfG1Hex(&direct[i]); got != w.String() {
					t.Errorf("%s (create_generators) = %s, want %s", name, got, w)
				}
				if !bytes.Equal(g.enc[i*g1Size:(i+1)*g1Size], w) {
					t.Errorf("%s cached encoding = %x, want %s", name, g.enc[i*g1Size:(i+1)*g1Size], w)
				}
				if !g.tables[i][0].Equal(&g.points[i]) {
					t.Errorf("%s table differs", name)
				}
			}
		})
	}
}

// TestIETFHashToCurveSHA256 checks the generic hash_to_curve against
// gnark-crypto's HashToG1, which implements BLS12381G1_XMD:SHA-256_SSWU_RO_.
func TestIETFHashToCurveSHA256(t *testing.T) {
	for _, msg := range []string{"", "abc", "abcdef0123456789", strings.Repeat("a", 512)} {
		got, err := bbsSHA256.hashToCurve([]byte(msg), bbsSHA256.genDST)
		if err != nil {
			t.Fatal(err)
		}
		want, err := bls12381.HashToG1([]byte(msg), bbsSHA256.genDST)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(&want) {
			t.Errorf("hash_to_curve(%.10q) = %s, gnark %s", msg, ietfG1Hex(&got), ietfG1Hex(&want))
		}
	}
}

func TestIETFHashToScalar(t *testing.T) {
	for _, suite := range ietfSuites {
		t.Run(suite.dir, func(t *testing.T) {
			var f ietfH2SFixture
			readIETFFixture(t, filepath.Join(ietfFixtureDir, suite.dir, "h2s.json"), &f)
			if !bytes.Equal(f.Dst, suite.s.h2sDST) {
				t.Errorf("h2s DST = %q, fixture %q", suite.s.h2sDST, f.Dst)
			}
			z, err := suite.s.hashToScalar(f.Message, f.Dst)
			if err != nil {
				t.Fatal(err)
			}
			if got := ietfScalarHex(&z); got != f.Scalar.String() {
				t.Errorf("hash_to_scalar = %s, want %s", got, f.Scalar)
			}
		})
	}
}

func TestIETFMapMessageToScalar(t *testing.T) {
	for _, suite := range ietfSuites {
		t.Run(suite.dir, func(t *testing.T) {
			var f ietfMapFixture
			readIETFFixture(t, filepath.Join(ietfFixtureDir, suite.dir, "MapMessageToScalarAsHash.json"), &f)
			if !bytes.Equal(f.Dst, suite.s.mapDST) {
				t.Errorf("map DST = %q, fixture %q", suite.s.mapDST, f.Dst)
			}
			var msgs [][]byte
			for _, c := range f.Cases {
				msgs = append(msgs, c.Message)
			}
			got, err := suite.s.messagesToScalars(msgs)
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range f.Cases {
				if g := ietfScalarHex(&got[i]); g != c.Scalar.String() {
					t.Errorf("message %d (%s): scalar %s, want %s", i, c.Message, g, c.Scalar)
				}
			}
		})
	}
}

func TestIETFKeyGen(t *testing.T) {
	for _, suite := range ietfSuites {
		t.Run(suite.dir, func(t *testing.T) {
			s := suite.s
			var f ietfKeyPairFixture
			readIETFFixture(t, filepath.Join(ietfFixtureDir, suite.dir, "keypair.json"), &f)
			if want := string(s.apiID) + "KEYGEN_DST_"; string(f.KeyDst) != want {
				t.Errorf("fixture keyDst = %q, want %q", f.KeyDst, want)
			}
			sk, err := KeyGen(s, f.KeyMaterial, f.KeyInfo, f.KeyDst)
			if err != nil {
				t.Fatal(err)
			}
			if got := hex.EncodeToString(sk.Bytes()); got != f.KeyPair.SecretKey.String() {
				t.Errorf("SK = %s, want %s", got, f.KeyPair.SecretKey)
			}
			if got := hex.EncodeToString(sk.PublicKey().Bytes()); got != f.KeyPair.PublicKey.String() {
				t.Errorf("PK = %s, want %s", got, f.KeyPair.PublicKey)
			}
			// SkToPk on the parsed key, and the default key_dst differs.
			sk2, err := s.ParseSecretKey(f.KeyPair.SecretKey)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(sk2.PublicKey().Bytes(), f.KeyPair.PublicKey) || !sk2.Equal(sk) {
				t.Error("parsed secret key differs")
			}
			def, err := KeyGen(s, f.KeyMaterial, f.KeyInfo, nil)
			if err != nil {
				t.Fatal(err)
			}
			if def.Equal(sk) {
				t.Error("default key_dst gives the fixture key")
			}
			explicit, err := KeyGen(s, f.KeyMaterial, f.KeyInfo, []byte(s.suiteID+"KEYGEN_DST_"))
			if err != nil {
				t.Fatal(err)
			}
			if !explicit.Equal(def) {
				t.Error("default key_dst is not ciphersuite_id || KEYGEN_DST_")
			}
		})
	}
}

func TestIETFMockedRNG(t *testing.T) {
	for _, suite := range ietfSuites {
		t.Run(suite.dir, func(t *testing.T) {
			s := suite.s
			var f ietfMockedRNGFixture
			readIETFFixture(t, filepath.Join(ietfFixtureDir, suite.dir, "mockedRng.json"), &f)
			if !bytes.Equal(f.Dst, s.mockDST) || string(f.Seed) != "3.141592653589793238462643383279" {
				t.Fatalf("fixture seed %q / dst %q unexpected", f.Seed, f.Dst)
			}
			r := ietfSeededRandom(t, s, f.Count)
			for i, want := range f.MockedScalars {
				z, err := group.RandomScalar(r)
				if err != nil {
					t.Fatal(err)
				}
				if got := ietfScalarHex(&z); got != want.String() {
					t.Errorf("scalar %d = %s, want %s", i, got, want)
				}
			}
			if n, _ := r.Read(make([]byte, 1)); n != 0 {
				t.Error("bytes left over")
			}
		})
	}
}

func TestIETFSignatureFixtures(t *testing.T) {
	for _, suite := range ietfSuites {
		s := suite.s
		for _, file := range ietfFixtureFiles(t, suite.dir, "signature") {
			t.Run(suite.dir+"/"+filepath.Base(file), func(t *testing.T) {
				var f ietfSignatureFixture
				readIETFFixture(t, file, &f)
				msgs := ietfMessages(f.Messages)
				pk, err := s.ParsePublicKey(f.SignerKeyPair.PublicKey)
				if err != nil {
					t.Fatal(err)
				}
				sig, err := s.ParseSignature(f.Signature)
				if err != nil {
					t.Fatal(err)
				}
				err = s.Verify(pk, sig, f.Header, msgs)
				switch {
				case f.Result.Valid && err != nil:
					t.Fatalf("%s: Verify = %v, want valid", f.CaseName, err)
				case !f.Result.Valid && !errors.Is(err, ErrInvalidSignature):
					t.Fatalf("%s: Verify = %v, want ErrInvalidSignature", f.CaseName, err)
				}
				if !f.Result.Valid {
					return
				}

				// A valid case is reproduced from the secret key, with its trace.
				sk, err := s.ParseSecretKey(f.SignerKeyPair.SecretKey)
				if err != nil {
					t.Fatal(err)
				}
				if !sk.PublicKey().Equal(pk) {
					t.Fatal("key pair mismatch")
				}
				got, err := s.Sign(sk, f.Header, msgs)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), f.Signature) {
					t.Errorf("Sign = %x, want %s", got.Bytes(), f.Signature)
				}
				gens, err := s.generators(len(msgs) + 1)
				if err != nil {
					t.Fatal(err)
				}
				domain, err := s.calculateDomain(pk, gens.enc, f.Header)
				if err != nil {
					t.Fatal(err)
				}
				if g := ietfScalarHex(&domain); g != f.Trace.Domain.String() {
					t.Errorf("domain = %s, want %s", g, f.Trace.Domain)
				}
				m, err := s.messagesToScalars(msgs)
				if err != nil {
					t.Fatal(err)
				}
				b := s.commitment(&gens, &domain, m)
				if g := ietfG1Hex(&b); g != f.Trace.B.String() {
					t.Errorf("B = %s, want %s", g, f.Trace.B)
				}
			})
		}
	}
}

func TestIETFProofFixtures(t *testing.T) {
	for _, suite := range ietfSuites {
		s := suite.s
		for _, file := range ietfFixtureFiles(t, suite.dir, "proof") {
			t.Run(suite.dir+"/"+filepath.Base(file), func(t *testing.T) {
				var f ietfProofFixture
				readIETFFixture(t, file, &f)
				msgs := ietfMessages(f.Messages)
				pk, err := s.ParsePublicKey(f.SignerPublicKey)
				if err != nil {
					t.Fatal(err)
				}
				sig, err := s.ParseSignature(f.Signature)
				if err != nil {
					t.Fatal(err)
				}
				proof, err := s.ParseProof(f.Proof)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(proof.Bytes(), f.Proof) {
					t.Error("Bytes() differs from the parsed encoding")
				}
				disclosed := make([]DisclosedMessage, len(f.DisclosedIndexes))
				for k, i := range f.DisclosedIndexes {
					disclosed[k] = DisclosedMessage{Index: i, Message: msgs[i]}
				}
				err = s.VerifyProof(pk, proof, f.Header, f.PresentationHeader, disclosed)
				switch {
				case f.Result.Valid && err != nil:
					t.Fatalf("%s: VerifyProof = %v, want valid", f.CaseName, err)
				case !f.Result.Valid && err == nil:
					t.Fatalf("%s: VerifyProof accepted an invalid case", f.CaseName)
				case !f.Result.Valid && !errors.Is(err, ErrInvalidProof) && !errors.Is(err, ErrInvalidArgument):
					t.Fatalf("%s: VerifyProof = %v, want ErrInvalidProof or ErrInvalidArgument", f.CaseName, err)
				}
				if !f.Result.Valid {
					if !ietfAscendingUnique(f.DisclosedIndexes) && !errors.Is(err, ErrInvalidArgument) {
						t.Errorf("%s: indices %v: got %v, want ErrInvalidArgument", f.CaseName, f.DisclosedIndexes, err)
					}
					return
				}

				// A valid case is reproduced byte for byte from the mocked RNG.
				if err := s.Verify(pk, sig, f.Header, msgs); err != nil {
					t.Fatalf("fixture signature: %v", err)
				}
				u := len(msgs) - len(f.DisclosedIndexes)
				got, err := s.DeriveProof(ietfSeededRandom(t, s, 5+u), pk, sig, f.Header, f.PresentationHeader, msgs, f.DisclosedIndexes)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), f.Proof) {
					t.Errorf("DeriveProof =\n%x\nwant\n%s", got.Bytes(), f.Proof)
				}
				checkIETFProofTrace(t, s, &f, pk, sig, proof, msgs)
			})
		}
	}
}

// checkIETFProofTrace checks the fixture's trace: the random scalars, and
// Ā, B̄, D, T1, T2, domain and challenge on both the prover's and the
// verifier's side.
func checkIETFProofTrace(t *testing.T, s *ietfScheme, f *ietfProofFixture, pk *PublicKey, sig *Signature, proof *Proof, msgs [][]byte) {
	t.Helper()
	tr := &f.Trace
	u := len(msgs) - len(f.DisclosedIndexes)
	wantRandom := append([]ietfHex{tr.RandomScalars.R1, tr.RandomScalars.R2, tr.RandomScalars.ETilde,
		tr.RandomScalars.R1Tilde, tr.RandomScalars.R3Tilde}, tr.RandomScalars.MTildeScalars...)
	if len(wantRandom) != 5+u {
		t.Fatalf("trace has %d random scalars, want %d", len(wantRandom), 5+u)
	}
	r := ietfSeededRandom(t, s, 5+u)
	random := make([]fr.Element, 5+u)
	for i := range random {
		var err error
		if random[i], err = group.RandomScalar(r); err != nil {
			t.Fatal(err)
		}
		if g := ietfScalarHex(&random[i]); g != wantRandom[i].String() {
			t.Errorf("random scalar %d = %s, want %s", i, g, wantRandom[i])
		}
	}

	disclosed, undisclosed, err := splitIndices(f.DisclosedIndexes, len(msgs))
	if err != nil {
		t.Fatal(err)
	}
	gens, err := s.generators(len(msgs) + 1)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.messagesToScalars(msgs)
	if err != nil {
		t.Fatal(err)
	}
	dm := make([]fr.Element, len(disclosed))
	for k, i := range disclosed {
		dm[k] = m[i]
	}
	proverInit, err := s.proofInit(pk, sig, &gens, random, f.Header, m, undisclosed)
	if err != nil {
		t.Fatal(err)
	}
	verifierInit, err := s.proofVerifyInit(pk, proof.body.(*ietfProof), &gens, f.Header, disclosed, dm)
	if err != nil {
		t.Fatal(err)
	}
	for side, init := range map[string]*ietfProofInit{"prover": proverInit, "verifier": verifierInit} {
		for _, c := range []struct {
			name, got string
			want      ietfHex
		}{
			{"A_bar", ietfG1Hex(&init.abar), tr.ABar},
			{"B_bar", ietfG1Hex(&init.bbar), tr.BBar},
			{"D", ietfG1Hex(&init.d), tr.D},
			{"T1", ietfG1Hex(&init.t1), tr.T1},
			{"T2", ietfG1Hex(&init.t2), tr.T2},
			{"domain", ietfScalarHex(&init.domain), tr.Domain},
		} {
			if c.got != c.want.String() {
				t.Errorf("%s %s = %s, want %s", side, c.name, c.got, c.want)
			}
		}
		c, err := s.challenge(init, disclosed, dm, f.PresentationHeader)
		if err != nil {
			t.Fatal(err)
		}
		if g := ietfScalarHex(&c); g != tr.Challenge.String() {
			t.Errorf("%s challenge = %s, want %s", side, g, tr.Challenge)
		}
	}
}

func ietfAscendingUnique(idx []int) bool {
	for k := 1; k < len(idx); k++ {
		if idx[k] <= idx[k-1] {
			return false
		}
	}
	return true
}
