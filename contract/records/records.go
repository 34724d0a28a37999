// SPDX-License-Identifier: Apache-2.0

// Package records is the ledger-record layer of the bbs contract: every
// kind of record the contract keeps in the world state is declared here
// once (its key, who may create and change it, the key-level endorsement
// policy it must carry, what it proves), and the contract reads and writes
// records only through these declarations.
//
// Fabric lets whoever satisfies the chaincode-level endorsement policy,
// running any code on its own peers, write any key that has no key-level
// policy, and create any key that does not exist yet with any key-level
// policy. So a record means something only through its key-level policy:
// [Kind.Get] returns a record only if its key-level policy is exactly one
// its owner's rules require (for an owned record, [OwnerPolicies]), and
// [Kind.Put] sets that policy on every write. A record that exists but is
// not believed is an error wrapping [ErrUntrusted], never "absent".
//
// A key-level policy alone does not say who created a key: a record that
// can be created before its owner writes it must also be named by the
// owned record above it (the issuer record names its children's
// generations), which the contract checks. The declarations say, for each
// kind, how (Kind.Anchor); [Table] renders them for docs/trust-model.md.
package records

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/hyperledger/fabric-chaincode-go/v2/pkg/statebased"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// ErrUntrusted means a record exists but is not believed: its key-level
// endorsement policy is not one its owner's rules require, or it is not
// named by the record that owns it.
var ErrUntrusted = errors.New("untrusted record")

// ErrInvalidKey means a record's key cannot be made from its attributes
// (an attribute that is not valid UTF-8 or holds U+0000 or U+10FFFF).
var ErrInvalidKey = errors.New("invalid key")

// Rule says who may write a kind of record, and so which key-level
// endorsement policy its records carry.
type Rule int

const (
	// RuleOwner: created and changed by its owner's organisation (an
	// issuer's or a policy's owner MSP); in endorsement mode "and" also
	// every configured organisation. Key-level policy: OwnerPolicy.
	RuleOwner Rule = iota + 1
	// RuleSpend: written by any submitter's transaction under the
	// chaincode-level endorsement policy; it carries no key-level policy.
	RuleSpend
	// RuleConfig: the endorsement configuration, changed only with every
	// configured organisation. Key-level policy: PeersPolicy of its orgs.
	RuleConfig
	// RuleOrg: one organisation's record (its approval of a configuration
	// change). Key-level policy: PeersPolicy of that organisation.
	RuleOrg
)

// String returns the rule's name as the trust-model table shows it.
func (r Rule) String() string {
	switch r {
	case RuleOwner:
		return "owner"
	case RuleSpend:
		return "spend"
	case RuleConfig:
		return "configuration"
	case RuleOrg:
		return "organisation"
	}
	return fmt.Sprintf("Rule(%d)", int(r))
}

// Kind declares one kind of ledger record.
type Kind struct {
	// ObjectType is the object type of its composite keys, "bbs.epoch".
	ObjectType string
	// Attrs names the key's attributes, for the docs: "issuer ID, generation".
	Attrs string
	// Value is the stored value's shape, for the docs.
	Value string
	// Rule says who may write it and so its key-level policy.
	Rule Rule
	// Writers are the transactions that create or change it.
	Writers string
	// Anchor says why a record written around the contract is not
	// believed, and why a key created first by others cannot block its
	// owner.
	Anchor string
	// Proves is what a believed record proves.
	Proves string
	// Limits is what it does not prove, and what denial of service
	// remains, with its bound.
	Limits string
}

var (
	registryMu sync.Mutex
	registry   []*Kind
)

// Declare registers k, to be called in a package-level variable of this
// package: var Epoch = Declare(Kind{...}).
func Declare(k Kind) *Kind {
	registryMu.Lock()
	defer registryMu.Unlock()
	p := &k
	registry = append(registry, p)
	return p
}

// All returns every declared kind, by object type.
func All() []*Kind {
	registryMu.Lock()
	defer registryMu.Unlock()
	out := slices.Clone(registry)
	sort.SliceStable(out, func(i, j int) bool { return out[i].ObjectType < out[j].ObjectType })
	return out
}

// Key returns the composite key of a record of kind k with the given
// attributes.
func (k *Kind) Key(stub shim.ChaincodeStubInterface, attrs ...string) (string, error) {
	key, err := stub.CreateCompositeKey(k.ObjectType, attrs)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %v", ErrInvalidKey, k.ObjectType, err)
	}
	return key, nil
}

// Describe names a key in errors: its object type and attributes.
func Describe(key string) string {
	if !strings.HasPrefix(key, "\x00") {
		return fmt.Sprintf("%q", key)
	}
	parts := strings.Split(strings.TrimSuffix(key[1:], "\x00"), "\x00")
	if len(parts) == 1 {
		return parts[0]
	}
	return fmt.Sprintf("%s %q", parts[0], parts[1:])
}

// Get reads the record of kind k under key, owned by owner (an MSP ID;
// ignored for RuleSpend and RuleConfig). It returns nil and no error if
// the key has no value. A record is returned only if it carries the
// key-level policy its rule requires: RuleOwner one of OwnerPolicies(owner),
// RuleOrg PeersPolicy(owner), RuleSpend none; a RuleConfig record's policy
// is checked by the caller against its content (CheckPolicy). Otherwise the
// error wraps ErrUntrusted.
func (k *Kind) Get(stub shim.ChaincodeStubInterface, key, owner string) ([]byte, error) {
	b, err := stub.GetState(key)
	if err != nil {
		return nil, fmt.Errorf("%s: reading the world state: %w", Describe(key), err)
	}
	if b == nil {
		return nil, nil
	}
	if err := k.Believe(stub, key, owner); err != nil {
		return nil, err
	}
	return b, nil
}

// Believe checks only the key-level policy of the record under key, as Get
// does, for a value read otherwise (a range query).
func (k *Kind) Believe(stub shim.ChaincodeStubInterface, key, owner string) error {
	vp, err := stub.GetStateValidationParameter(key)
	if err != nil {
		return fmt.Errorf("%s: reading its key-level endorsement policy: %w", Describe(key), err)
	}
	switch k.Rule {
	case RuleSpend:
		if len(vp) != 0 {
			return fmt.Errorf("%w: %s carries a key-level endorsement policy, which the contract never sets on a %s record: it was written around the contract", ErrUntrusted, Describe(key), k.ObjectType)
		}
		return nil
	case RuleConfig:
		return nil
	case RuleOrg:
		want, err := PeersPolicy(owner)
		if err != nil {
			return err
		}
		if !bytes.Equal(vp, want) {
			return fmt.Errorf("%w: %s does not carry the key-level endorsement policy of a peer of %s alone: it was written around the contract", ErrUntrusted, Describe(key), owner)
		}
		return nil
	case RuleOwner:
		accepted, err := OwnerPolicies(stub, owner)
		if err != nil {
			return err
		}
		for _, p := range accepted {
			if bytes.Equal(vp, p) {
				return nil
			}
		}
		return fmt.Errorf("%w: %s does not carry a key-level endorsement policy that its owner %s's records carry under the channel's endorsement configurations: it was written around the contract, and is not believed", ErrUntrusted, Describe(key), owner)
	}
	return fmt.Errorf("%s: kind %s has no rule", Describe(key), k.ObjectType)
}

// Put writes value as the record of kind k under key and sets the
// key-level policy its rule requires: RuleOwner OwnerPolicy(owner, the
// current configuration), RuleOrg PeersPolicy(owner), RuleSpend none (it
// sets nothing). A RuleConfig record is written with PutPolicy.
func (k *Kind) Put(stub shim.ChaincodeStubInterface, key, owner string, value []byte) error {
	var policy []byte
	switch k.Rule {
	case RuleSpend:
		if err := stub.PutState(key, value); err != nil {
			return fmt.Errorf("%s: writing the world state: %w", Describe(key), err)
		}
		return nil
	case RuleOwner:
		cfgs, err := Configs(stub)
		if err != nil {
			return err
		}
		if policy, err = OwnerPolicy(owner, cfgs[0]); err != nil {
			return err
		}
	case RuleOrg:
		var err error
		if policy, err = PeersPolicy(owner); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%s: a %s record is written with PutPolicy", Describe(key), k.ObjectType)
	}
	return k.PutPolicy(stub, key, value, policy)
}

// PutPolicy writes value under key with the key-level policy given.
func (k *Kind) PutPolicy(stub shim.ChaincodeStubInterface, key string, value, policy []byte) error {
	if err := stub.PutState(key, value); err != nil {
		return fmt.Errorf("%s: writing the world state: %w", Describe(key), err)
	}
	if err := stub.SetStateValidationParameter(key, policy); err != nil {
		return fmt.Errorf("%s: setting its key-level endorsement policy: %w", Describe(key), err)
	}
	return nil
}

// PeersPolicy is the signature policy that a peer of each MSP must endorse
// (statebased: AND of the MSPs' peer roles, sorted, each once).
func PeersPolicy(mspIDs ...string) ([]byte, error) {
	ep, err := statebased.NewStateEP(nil)
	if err != nil {
		return nil, fmt.Errorf("making the endorsement policy: %w", err)
	}
	if err := ep.AddOrgs(statebased.RoleTypePeer, mspIDs...); err != nil {
		return nil, fmt.Errorf("making the endorsement policy of MSPs %v: %w", mspIDs, err)
	}
	policy, err := ep.Policy()
	if err != nil {
		return nil, fmt.Errorf("making the endorsement policy: %w", err)
	}
	return policy, nil
}

// CheckPolicy returns an error wrapping ErrUntrusted unless the record
// under key carries exactly the key-level policy want.
func CheckPolicy(stub shim.ChaincodeStubInterface, key string, want []byte, what string) error {
	vp, err := stub.GetStateValidationParameter(key)
	if err != nil {
		return fmt.Errorf("%s: reading its key-level endorsement policy: %w", Describe(key), err)
	}
	if !bytes.Equal(vp, want) {
		return fmt.Errorf("%w: %s does not carry the key-level endorsement policy of %s: it was written around the contract", ErrUntrusted, Describe(key), what)
	}
	return nil
}
