// SPDX-License-Identifier: Apache-2.0

package issuers

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// LegacyGeneration is the generation of a child that an issuer registered
// before 0.3.0 has at its old key (without a generation). It is recorded,
// for the children that exist and are believed then, at the issuer record's
// first write under 0.3.0 (anchorLegacy); an old key that is not listed is
// not believed from then on.
const LegacyGeneration = "legacy"

// IssuerRecords is an issuer record's directory of its children.
type IssuerRecords struct {
	// Epoch is the generation of the epoch record.
	Epoch string `json:"epoch,omitempty"`
	// Accumulator is the generation of the accumulator record.
	Accumulator string `json:"accumulator,omitempty"`
	// Contexts maps the hex SHA-256 of a registered context's URL to the
	// generation of its record.
	Contexts map[string]string `json:"contexts,omitempty"`
	// StatusLists maps a status list's ID to the generation of its records.
	StatusLists map[string]string `json:"statusLists,omitempty"`
}

// storedIssuer is the issuer record as stored: the Issuer's JSON and its
// Directory. Records is nil only in a record written before 0.3.0.
type storedIssuer struct {
	Issuer
	Records *IssuerRecords `json:"records,omitempty"`
}

// Anchored reports whether the issuer's directory exists (false for an
// issuer whose record was last written before 0.3.0).
func (is *Issuer) Anchored() bool { return is.records != nil }

// Directory returns the issuer's directory of its children: nil for an
// issuer whose record was last written before 0.3.0.
func (is *Issuer) Directory() *IssuerRecords { return is.records }

// ChildKey returns the key of a child record of kind k: attrs, then the
// generation, unless the generation is legacyGeneration (the old key).
func ChildKey(stub shim.ChaincodeStubInterface, k *records.Kind, generation string, attrs ...string) (string, error) {
	if generation != LegacyGeneration {
		attrs = append(attrs[:len(attrs):len(attrs)], generation)
	}
	key, err := k.Key(stub, attrs...)
	if err != nil {
		return "", fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	return key, nil
}

// AnchorChild changes the issuer's directory with set and writes the
// issuer record: a transaction that creates a child names it, in the same
// write, with stub.GetTxID() as its generation.
func AnchorChild(stub shim.ChaincodeStubInterface, is *Issuer, set func(r *IssuerRecords)) error {
	if err := anchorLegacy(stub, is); err != nil {
		return err
	}
	set(is.records)
	return PutIssuer(stub, is)
}

// anchorLegacy gives an issuer without a directory (last written before
// 0.3.0) the directory of the children it has at their old keys, each
// believed only if it carries its owner's key-level policy. Nothing for an
// issuer that has one.
func anchorLegacy(stub shim.ChaincodeStubInterface, is *Issuer) error {
	if is.records != nil {
		return nil
	}
	r := &IssuerRecords{}
	owner := is.Owner.MSPID
	single := []struct {
		kind string
		set  func()
	}{
		{records.Epoch.ObjectType, func() { r.Epoch = LegacyGeneration }},
		{records.AccumulatorHead.ObjectType, func() { r.Accumulator = LegacyGeneration }},
	}
	for _, s := range single {
		key, err := base.CompositeKey(stub, s.kind, is.ID)
		if err != nil {
			return err
		}
		found, err := legacyChild(stub, key, owner)
		if err != nil {
			return err
		}
		if found {
			s.set()
		}
	}
	many := []struct {
		kind string
		set  func(name string)
	}{
		{records.Context.ObjectType, func(name string) {
			if r.Contexts == nil {
				r.Contexts = map[string]string{}
			}
			r.Contexts[name] = LegacyGeneration
		}},
		{records.StatusList.ObjectType, func(name string) {
			if r.StatusLists == nil {
				r.StatusLists = map[string]string{}
			}
			r.StatusLists[name] = LegacyGeneration
		}},
	}
	for _, m := range many {
		it, err := stub.GetStateByPartialCompositeKey(m.kind, []string{is.ID})
		if err != nil {
			return fmt.Errorf("issuer %q: listing its records: %w", is.ID, err)
		}
		for it.HasNext() {
			kv, err := it.Next()
			if err != nil {
				it.Close()
				return fmt.Errorf("issuer %q: listing its records: %w", is.ID, err)
			}
			_, attrs, err := stub.SplitCompositeKey(kv.Key)
			if err != nil || len(attrs) != 2 {
				continue // not an old key (none has another shape)
			}
			found, err := legacyChild(stub, kv.Key, owner)
			if err != nil {
				it.Close()
				return err
			}
			if found {
				m.set(attrs[1])
			}
		}
		it.Close()
	}
	is.records = r
	return nil
}

// legacyOwned is the rule of an old key's record: its owner's policy.
var legacyOwned = &records.Kind{ObjectType: "legacy", Rule: records.RuleOwner}

// legacyChild reports whether the old key exists and carries its owner's
// Key-level policy.
func legacyChild(stub shim.ChaincodeStubInterface, key, owner string) (bool, error) {
	b, err := legacyOwned.Get(stub, key, owner)
	if err != nil {
		if base.IsUntrusted(err) {
			return false, nil
		}
		return false, err
	}
	return b != nil, nil
}

// GetNamedChild reads into v the child record of kind k under key, which
// the issuer's directory names (or, for an issuer without a directory, its
// old key): a missing record is ErrNotFound for an issuer without a
// Directory, and ErrUntrusted for one whose directory names it; one that is
// not believed is ErrUntrusted. what names the record in errors.
func GetNamedChild(stub shim.ChaincodeStubInterface, k *records.Kind, is *Issuer, key, what string, v any) error {
	found, err := records.GetJSON(k, stub, key, is.Owner.MSPID, v)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !found {
		if is.records == nil {
			return fmt.Errorf("%s: %w", what, base.ErrNotFound)
		}
		return fmt.Errorf("%s: %w: the issuer record names %s, which holds nothing", what, records.ErrUntrusted, records.Describe(key))
	}
	return nil
}
