// SPDX-License-Identifier: Apache-2.0

package main

import (
	"strconv"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// FuzzParsePolicyRef: --policy never panics; what it accepts is a reference
// the chaincode's request parser accepts, and writing it back as ID or
// ID:VERSION parses to the same reference.
func FuzzParsePolicyRef(f *testing.F) {
	for _, s := range []string{"grads", "grads:2", "grads:0", "grads:", ":1", "a:b:c", "grads:+1", "grads:2147483648", "x y", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ref, err := parsePolicyRef(s)
		if err != nil {
			if ref != nil {
				t.Fatalf("%q: error %v with a reference %+v", s, err, ref)
			}
			return
		}
		if !request.ValidIssuerID(ref.ID) || ref.Version < 0 || ref.Version > request.MaxPolicyVersion {
			t.Fatalf("%q: accepted %+v", s, ref)
		}
		back := ref.ID
		if ref.Version != 0 {
			back += ":" + strconv.Itoa(ref.Version)
		}
		again, err := parsePolicyRef(back)
		if err != nil || *again != *ref {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, ref, back, again, err)
		}
	})
}
