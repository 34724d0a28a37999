// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"crypto/sha256"
	"crypto/sha512"
	"encoding/json"
	"errors"
	"hash"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestRDFCSuite runs the W3C RDFC-1.0 test suite (testdata/rdf-canon, see
// its README.md): every evaluation test (canonical N-Quads, byte for
// byte), every map test (the canonical identifier map), with SHA-256 or,
// where the test says, SHA-384; the negative test (a poison graph) must be
// refused by the default work limit.
func TestRDFCSuite(t *testing.T) {
	dir := filepath.Join("testdata", "rdf-canon")
	b, err := os.ReadFile(filepath.Join(dir, "manifest.jsonld"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Entries []struct {
			ID, Type, Name, Action, Result string
			HashAlgorithm                  string `json:"hashAlgorithm"`
		} `json:"entries"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, e := range m.Entries {
		in, err := os.ReadFile(filepath.Join(dir, e.Action))
		if err != nil {
			t.Fatal(err)
		}
		quads, err := parseNQuads(string(in))
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		var newHash func() hash.Hash
		switch e.HashAlgorithm {
		case "", "SHA256":
			newHash = sha256.New
		case "SHA384":
			newHash = sha512.New384
		default:
			t.Fatalf("%s: hash %s", e.ID, e.HashAlgorithm)
		}
		if e.Type == "rdfc:RDFC10NegativeEvalTest" {
			if _, _, err := canonicalizeHash(quads, DefaultLimits.MaxCanonWork, newHash); !errors.Is(err, ErrLimit) {
				t.Errorf("%s (%s): %v, want ErrLimit", e.ID, e.Name, err)
			}
			counts[e.Type]++
			continue
		}
		idMap, _, err := canonicalizeHash(quads, 1<<20, newHash)
		if err != nil {
			t.Errorf("%s (%s): %v", e.ID, e.Name, err)
			continue
		}
		want, err := os.ReadFile(filepath.Join(dir, e.Result))
		if err != nil {
			t.Fatal(err)
		}
		switch e.Type {
		case "rdfc:RDFC10EvalTest":
			got := strings.Join(relabel(quads, func(l string) string { return idMap[l] }), "")
			if got != string(want) {
				t.Errorf("%s (%s, %s):\n got:\n%s want:\n%s", e.ID, e.Name, e.HashAlgorithm, got, want)
			}
		case "rdfc:RDFC10MapTest":
			var wantMap map[string]string
			if err := json.Unmarshal(want, &wantMap); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(idMap, wantMap) {
				t.Errorf("%s (%s, %s): map %v, want %v", e.ID, e.Name, e.HashAlgorithm, idMap, wantMap)
			}
		default:
			t.Fatalf("%s: test type %s", e.ID, e.Type)
		}
		counts[e.Type+" "+e.HashAlgorithm]++
	}
	t.Logf("RDFC-1.0 suite: %v", counts)
	if len(m.Entries) != 86 {
		t.Errorf("%d entries, want 86", len(m.Entries))
	}
}
