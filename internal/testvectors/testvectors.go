// SPDX-License-Identifier: Apache-2.0

// Package testvectors loads the BBS+ 2020 interoperability vectors kept in
// bbs/testdata/bbsplus (made by aries-bbs-go and IBM/idemix; see SOURCE.md
// there), for the tests of every package that checks against them.
package testvectors

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// B64 is a byte string that JSON carries as standard padded base64.
type B64 []byte

// String returns b as standard padded base64, as the vector files hold it.
func (b B64) String() string { return base64.StdEncoding.EncodeToString(b) }

// UnmarshalJSON decodes a base64 JSON string.
func (b *B64) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return err
	}
	*b = raw
	return nil
}

// MarshalJSON encodes b as a base64 JSON string.
func (b B64) MarshalJSON() ([]byte, error) { return json.Marshal(b.String()) }

// Bytes returns the byte strings of list.
func Bytes(list []B64) [][]byte {
	out := make([][]byte, len(list))
	for i, b := range list {
		out[i] = b
	}
	return out
}

// BBSPlusFile is one vector file.
type BBSPlusFile struct {
	// Name is the file's base name, such as "aries.json".
	Name      string        `json:"-"`
	Generator string        `json:"generator"`
	Scheme    string        `json:"scheme"`
	Cases     []BBSPlusCase `json:"cases"`
}

// BBSPlusCase is one vector: a proof, the statement a verifier is given,
// and whether it must verify. For an invalid case Revealed and
// RevealedMessages are the (mutated) claim given to the verifier.
type BBSPlusCase struct {
	Name             string `json:"name"`
	PublicKey        B64    `json:"publicKey"`
	MessageCount     int    `json:"messageCount"`
	Messages         []B64  `json:"messages"`
	Revealed         []int  `json:"revealed"`
	RevealedMessages []B64  `json:"revealedMessages"`
	Nonce            B64    `json:"nonce"`
	Signature        B64    `json:"signature"`
	Proof            B64    `json:"proof"`
	Valid            bool   `json:"valid"`
	Reason           string `json:"reason"`
}

// LoadBBSPlus reads every *.json vector file in dir, sorted by name.
func LoadBBSPlus(dir string) ([]*BBSPlusFile, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no vector files in %s", dir)
	}
	sort.Strings(paths)
	var out []*BBSPlusFile
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		f := &BBSPlusFile{Name: filepath.Base(p)}
		if err := json.Unmarshal(raw, f); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if len(f.Cases) == 0 {
			return nil, fmt.Errorf("%s: no cases", p)
		}
		out = append(out, f)
	}
	return out, nil
}
