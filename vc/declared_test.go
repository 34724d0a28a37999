// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"strings"
	"testing"
)

// TestCheckDeclaredMethod: DID URLs with a fragment are declarable; a
// did:key, a DID without fragment, a URL of another scheme, a bad method
// name and an oversized method are not, each with its reason.
func TestCheckDeclaredMethod(t *testing.T) {
	for _, ok := range []string{
		"did:web:dmv.example#key-1",
		"did:web:a.example%3A8443:path#k-1",
		"did:example:123#" + strings.Repeat("k", MaxDeclaredMethodSize-len("did:example:123#")),
	} {
		if err := CheckDeclaredMethod(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for vm, want := range map[string]string{
		"did:web:dmv.example":     "not a DID URL",
		"did:web:dmv.example#":    "not a DID URL",
		"https://dmv.example#k":   "not a DID URL",
		"did:Web:dmv.example#k":   "not a DID URL",
		"did:web:dmv.example:#k":  "not a DID URL",
		"did:web:dmv.example#k#2": "not a DID URL",
		"did:key:zUC7#zUC7":       "is a did:key",
		"did:web:a.example#" + strings.Repeat("k", MaxDeclaredMethodSize): "over the limit of 512",
	} {
		if err := CheckDeclaredMethod(vm); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: %v, want %q", vm, err, want)
		}
	}
}
