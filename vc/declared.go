// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"regexp"
	"strings"
)

// An issuer's owner declares on the ledger the verification methods (DID
// URLs other than did:key) that its credentials under one key version
// name (the chaincode's DeclareVerificationMethods); the chaincode and the
// command-line client check them with the same rules, these.
const (
	// MaxDeclaredMethods is the most verification methods one key version
	// may declare.
	MaxDeclaredMethods = 16
	// MaxDeclaredMethodSize bounds each, in bytes.
	MaxDeclaredMethodSize = 512
)

// declaredDID is the DID of a declared verification method: the did:
// scheme, a method name, a method-specific ID (DID Core 1.0 syntax).
// declaredFragment is its fragment, after the one '#'.
var (
	declaredDID      = regexp.MustCompile(`^did:[a-z0-9]+:(?:[A-Za-z0-9._-]|%[0-9A-Fa-f]{2}|:)*(?:[A-Za-z0-9._-]|%[0-9A-Fa-f]{2})$`)
	declaredFragment = regexp.MustCompile(`^(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})+$`)
)

// CheckDeclaredMethod returns an error (saying what is wrong, without
// repeating vm) unless vm is a verification method a key may declare: a
// DID URL did:<method>:<id>#<fragment> of at most MaxDeclaredMethodSize
// bytes, not a did:key (a did:key names its own key and is resolved
// without a declaration).
func CheckDeclaredMethod(vm string) error {
	if len(vm) > MaxDeclaredMethodSize {
		return fmt.Errorf("is %d bytes, over the limit of %d", len(vm), MaxDeclaredMethodSize)
	}
	did, frag, ok := strings.Cut(vm, "#")
	if !ok || !declaredDID.MatchString(did) || !declaredFragment.MatchString(frag) {
		return fmt.Errorf("is not a DID URL did:<method>:<id>#<fragment>")
	}
	if strings.HasPrefix(did, "did:key:") {
		return fmt.Errorf("is a did:key: a did:key names its own key and needs no declaration")
	}
	return nil
}
