// SPDX-License-Identifier: Apache-2.0

package issuers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// MaxVerificationMethods is the most verification methods one key version
// may declare; MaxVerificationMethodSize bounds each, in bytes (package
// vc's rules, which the command-line client checks too).
const (
	MaxVerificationMethods    = vc.MaxDeclaredMethods
	MaxVerificationMethodSize = vc.MaxDeclaredMethodSize
)

// checkVerificationMethod returns an error unless vm is a DID URL that a
// Key may declare (vc.CheckDeclaredMethod): did:<method>:<id>#<fragment>,
// not a did:key (a did:key is its own key and is resolved without a
// declaration).
func checkVerificationMethod(i int, vm string) error {
	if err := vc.CheckDeclaredMethod(vm); err != nil {
		return fmt.Errorf("%w: verification method %d, %s, %v", base.ErrInvalidArgument, i, request.Excerpt(vm), err)
	}
	return nil
}

// ParseVerificationMethods parses DeclareVerificationMethods' argument: a
// JSON array of at most MaxVerificationMethods strings, ascending without
// repeats, each a valid declaration (checkVerificationMethod).
func ParseVerificationMethods(text string) ([]string, error) {
	if len(text) > MaxVerificationMethods*(MaxVerificationMethodSize+8)+2 {
		return nil, fmt.Errorf("%w: verification methods are %d bytes, too long for %d methods", base.ErrInvalidArgument, len(text), MaxVerificationMethods)
	}
	body := []byte(text)
	dec := json.NewDecoder(bytes.NewReader(body))
	var methods []string
	if err := dec.Decode(&methods); err != nil || methods == nil {
		return nil, fmt.Errorf("%w: verification methods must be one JSON array of strings", base.ErrInvalidArgument)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: verification methods: data after the array", base.ErrInvalidArgument)
	}
	if len(methods) > MaxVerificationMethods {
		return nil, fmt.Errorf("%w: %d verification methods, at most %d", base.ErrInvalidArgument, len(methods), MaxVerificationMethods)
	}
	for i, vm := range methods {
		if err := checkVerificationMethod(i, vm); err != nil {
			return nil, err
		}
		if i > 0 && vm <= methods[i-1] {
			return nil, fmt.Errorf("%w: verification methods must be ascending without repeats (%s follows %s)", base.ErrInvalidArgument, request.Excerpt(vm), request.Excerpt(methods[i-1]))
		}
	}
	if len(methods) == 0 {
		methods = nil
	}
	return methods, nil
}

// DeclareVerificationMethods is the DeclareVerificationMethods transaction (see Contract.DeclareVerificationMethods).
func DeclareVerificationMethods(ctx contractapi.TransactionContextInterface, id string, version int, methods string) (_ *Issuer, err error) {
	defer base.Coded(&err)
	list, err := ParseVerificationMethods(methods)
	if err != nil {
		return nil, err
	}
	if err := base.RequireDirect(ctx, fmt.Sprintf("the verification methods of issuer %q", id), nil); err != nil {
		return nil, err
	}
	is, err := ForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	k := is.Key(version)
	if k == nil {
		return nil, fmt.Errorf("%w: issuer %q has no key version %d (it has versions 1 to %d)", base.ErrNotFound, id, version, len(is.Keys))
	}
	if k.Revoked {
		return nil, fmt.Errorf("key version %d of issuer %q is %w and cannot be changed", version, id, base.ErrRevoked)
	}
	for _, vm := range list {
		for j := range is.Keys {
			if other := &is.Keys[j]; other.Version != version && slices.Contains(other.VerificationMethods, vm) {
				return nil, fmt.Errorf("%w: verification method %s is declared for key version %d of issuer %q (clear it there first)",
					base.ErrExists, request.Excerpt(vm), other.Version, id)
			}
		}
	}
	total := len(list)
	for j := range is.Keys {
		if is.Keys[j].Version != version {
			total += len(is.Keys[j].VerificationMethods)
		}
	}
	if total > MaxIssuerVerificationMethods {
		return nil, fmt.Errorf("%w: issuer %q would declare %d verification methods in all, over the limit of %d per issuer (clear some of other key versions first)",
			base.ErrInvalidArgument, id, total, MaxIssuerVerificationMethods)
	}
	now, err := base.TxTime(ctx.GetStub())
	if err != nil {
		return nil, err
	}
	k.VerificationMethods = list
	is.UpdatedAt = now
	if err := PutIssuer(ctx.GetStub(), is); err != nil {
		return nil, err
	}
	return is, nil
}

// DeclaredKey returns the version of the key of is that declared the
// verification method vm, or 0 if none did.
func DeclaredKey(is *Issuer, vm string) int {
	for j := range is.Keys {
		if slices.Contains(is.Keys[j].VerificationMethods, vm) {
			return is.Keys[j].Version
		}
	}
	return 0
}
