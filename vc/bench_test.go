// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// cpuTime is the CPU time this process has used (user + system), which a
// loaded machine disturbs less than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// withCPU runs f b.N times and reports its CPU time per op as cpu-ns/op
// beside the wall time.
func withCPU(b *testing.B, f func()) {
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		f()
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// claims16 is a credential of 16 claims, issued here with the mandatory
// pointer /issuer, and derived revealing 4 of them.
func claims16(b *testing.B, l *Loader) []byte {
	b.Helper()
	subject := map[string]any{"id": "did:example:holder"}
	for i := 0; i < 16; i++ {
		subject[fmt.Sprintf("claim%02d", i)] = fmt.Sprintf("value %d", i)
	}
	doc := map[string]any{
		"@context":          []any{"https://www.w3.org/ns/credentials/v2", map[string]any{"@vocab": "https://claims.example/#"}},
		"type":              []any{"VerifiableCredential"},
		"issuer":            "https://issuer.example/",
		"credentialSubject": subject,
	}
	sk, err := ietfScheme().NewKeyFromSeed([]byte("fabric-bbs vc benchmark issuer key seed"))
	if err != nil {
		b.Fatal(err)
	}
	signed, err := l.Issue(doc, IssueOptions{SecretKey: sk, MandatoryPointers: []string{"/issuer"}, Created: "2026-12-01T00:00:00Z"}, Limits{})
	if err != nil {
		b.Fatal(err)
	}
	derived, err := l.Derive(signed, DeriveOptions{SelectivePointers: []string{
		"/credentialSubject/claim01", "/credentialSubject/claim05", "/credentialSubject/claim09", "/credentialSubject/claim13",
	}, PresentationHeader: []byte("0123456789abcdef")}, Limits{})
	if err != nil {
		b.Fatal(err)
	}
	out, err := json.Marshal(derived)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkVerifyCredential: the whole verifier on a derived credential's
// JSON (parse, safe mode, two canonicalizations, hashing, ProofVerify),
// beside the bare bbs VerifyProof of the same BBS statement.
func BenchmarkVerifyCredential(b *testing.B) {
	l, err := NewLoader()
	if err != nil {
		b.Fatal(err)
	}
	wind, err := os.ReadFile("testdata/w3c/derivedRevealDocument.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		doc  []byte
	}{{"windsurf", wind}, {"claims16-reveal4", claims16(b, l)}} {
		v := &Verifier{Loader: l}
		res, err := v.VerifyJSON(c.doc)
		if err != nil {
			b.Fatalf("%s: %v", c.name, err)
		}
		b.Run(c.name+"/credential", func(b *testing.B) {
			withCPU(b, func() {
				if _, err := v.VerifyJSON(c.doc); err != nil {
					b.Fatal(err)
				}
			})
		})
		scheme := ietfScheme()
		pk, _ := scheme.ParsePublicKey(res.PublicKey)
		dp, _ := ParseDerivedProofValue(res.Proof["proofValue"].(string))
		proof, _ := scheme.ParseProof(dp.Proof)
		header := append(append([]byte(nil), res.ProofHash[:]...), res.MandatoryHash[:]...)
		disclosed := make([]bbs.DisclosedMessage, len(res.NonMandatory))
		for i, m := range res.NonMandatory {
			disclosed[i] = bbs.DisclosedMessage{Index: res.SelectiveIndexes[i], Message: []byte(m)}
		}
		b.Run(c.name+"/bbs-VerifyProof", func(b *testing.B) {
			withCPU(b, func() {
				if err := scheme.VerifyProof(pk, proof, header, dp.PresentationHeader, disclosed); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkVerifyHostile: the W3C derived credential with a 10-clique of
// blank nodes added to its subject (a poison graph for RDFC-1.0), refused
// with ErrLimit; compare with BenchmarkVerifyCredential/windsurf.
func BenchmarkVerifyHostile(b *testing.B) {
	l, err := NewLoader()
	if err != nil {
		b.Fatal(err)
	}
	v := &Verifier{Loader: l}
	doc := readDoc(b, "derivedRevealDocument.json")
	doc["credentialSubject"].(map[string]any)["crew"] = poisonDocument(10)["@graph"]
	body, err := json.Marshal(doc)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := v.VerifyJSON(body); !errors.Is(err, ErrLimit) {
		b.Fatalf("got %v, want ErrLimit", err)
	}
	b.Run("poison-clique-10", func(b *testing.B) {
		withCPU(b, func() {
			if _, err := v.VerifyJSON(body); !errors.Is(err, ErrLimit) {
				b.Fatal(err)
			}
		})
	})
}
