// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"errors"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
)

// FuzzVerificationMethods: DeclareVerificationMethods' argument parser
// never panics, and what it accepts keeps the rules (ascending, bounded,
// DID URLs with a fragment, no did:key).
func FuzzVerificationMethods(f *testing.F) {
	f.Add(`["did:web:dmv.example#key-1"]`)
	f.Add(`["did:web:a.example%3A8443:p#k","did:web:b.example#k"]`)
	f.Add(`["did:key:zUC7#zUC7"]`)
	f.Add(`[]`)
	f.Add(`["did:web:x#a","did:web:x#a"]`)
	f.Fuzz(func(t *testing.T, text string) {
		list, err := issuers.ParseVerificationMethods(text)
		if err != nil {
			if !errors.Is(err, base.ErrInvalidArgument) {
				t.Fatalf("error does not wrap ErrInvalidArgument: %v", err)
			}
			return
		}
		if len(list) > issuers.MaxVerificationMethods {
			t.Fatalf("accepted %d methods", len(list))
		}
		for i, vm := range list {
			did, frag, ok := strings.Cut(vm, "#")
			if !ok || frag == "" || !strings.HasPrefix(did, "did:") || strings.HasPrefix(did, "did:key:") || len(vm) > issuers.MaxVerificationMethodSize ||
				(i > 0 && vm <= list[i-1]) || strings.ContainsAny(vm, " \"<>\\\n") {
				t.Fatalf("accepted %q in %q", vm, text)
			}
		}
	})
}
