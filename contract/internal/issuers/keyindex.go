// SPDX-License-Identifier: Apache-2.0

package issuers

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// maxKeyIndexEntries is the most entries the scan of one public key's
// index reads. A public key has one believed entry; more entries were
// written around the contract.
const maxKeyIndexEntries = 100

// keyHolder is a believed index entry: key version Version of issuer
// Issuer holds the public key.
type keyHolder struct {
	Issuer  string
	Version int
}

// keyIndex is what the scan of a public key's index found.
type keyIndex struct {
	// holders are the believed entries, in key order, each once.
	holders []keyHolder
	// legacyTaken reports whether the key [hash] exists (believed or not).
	legacyTaken bool
}

// scanKeyIndex reads the index entries of the public key pk and returns
// the believed ones. issuer reads an issuer record (getIssuer, or a
// keyCache's); an entry whose issuer is absent or not believed is not
// believed.
func scanKeyIndex(stub shim.ChaincodeStubInterface, pk []byte, issuer func(id string) (*Issuer, error)) (*keyIndex, error) {
	hash := base.HashHex(pk)
	legacy, err := records.PublicKey.Key(stub, hash)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	it, err := stub.GetStateByPartialCompositeKey(records.PublicKey.ObjectType, []string{hash})
	if err != nil {
		return nil, fmt.Errorf("reading the public-key index: %w", err)
	}
	defer it.Close()
	out := &keyIndex{}
	for n := 0; it.HasNext(); n++ {
		kv, err := it.Next()
		if err != nil {
			return nil, fmt.Errorf("reading the public-key index: %w", err)
		}
		if n == maxKeyIndexEntries {
			return nil, fmt.Errorf("%w: the public-key index holds more than %d entries for this key (one is the contract's; the others were written around it): the contract does not read on",
				base.ErrUntrusted, maxKeyIndexEntries)
		}
		if kv.Key == legacy {
			out.legacyTaken = true
		}
		h, err := believeKeyEntry(stub, kv.Key, kv.Value, hash, pk, issuer)
		if err != nil {
			return nil, err
		}
		if h != nil && !containsHolder(out.holders, *h) {
			out.holders = append(out.holders, *h)
		}
	}
	return out, nil
}

// believeKeyEntry returns the entry under key if it is believed: its key
// is [hash] or [hash, tx ID], it decodes, the issuer it names has a
// believed record that holds pk at the version it names, and it carries
// that issuer owner's key-level policy. nil if not; an error only if
// reading fails.
func believeKeyEntry(stub shim.ChaincodeStubInterface, key string, value []byte, hash string, pk []byte, issuer func(id string) (*Issuer, error)) (*keyHolder, error) {
	_, attrs, err := stub.SplitCompositeKey(key)
	if err != nil || len(attrs) < 1 || len(attrs) > 2 || attrs[0] != hash {
		return nil, nil
	}
	var rec keyRecord
	if json.Unmarshal(value, &rec) != nil || !request.ValidIssuerID(rec.Issuer) || rec.Version < 1 {
		return nil, nil
	}
	is, err := issuer(rec.Issuer)
	if err != nil {
		if base.IsNotFound(err) || base.IsUntrusted(err) {
			return nil, nil
		}
		return nil, err
	}
	if k := is.Key(rec.Version); k == nil || !bytes.Equal(k.PublicKey, pk) {
		return nil, nil
	}
	if err := records.PublicKey.Believe(stub, key, is.Owner.MSPID); err != nil {
		if base.IsUntrusted(err) {
			return nil, nil
		}
		return nil, err
	}
	return &keyHolder{Issuer: rec.Issuer, Version: rec.Version}, nil
}

func containsHolder(hs []keyHolder, h keyHolder) bool {
	for _, x := range hs {
		if x == h {
			return true
		}
	}
	return false
}

// IndexPublicKey records key version of the issuer in the public-key index,
// refusing a key already registered under any issuer (revoked or not): a
// clone of another issuer's key would let consumed proofs verify again
// under a new issuer ID. The entry is written at [hash] if that key is
// free, else (taken by an entry that is not believed) at [hash, this
// transaction's ID]; it gets the owner's key-level policy.
func IndexPublicKey(stub shim.ChaincodeStubInterface, is *Issuer, version int) error {
	pk := is.Keys[version-1].PublicKey
	idx, err := scanKeyIndex(stub, pk, func(id string) (*Issuer, error) { return GetIssuer(stub, id) })
	if err != nil {
		return fmt.Errorf("checking the public key: %w", err)
	}
	if len(idx.holders) > 0 {
		held := idx.holders[0]
		return fmt.Errorf("%w: publicKey is already registered, as key version %d of issuer %q; a key can be registered once",
			base.ErrExists, held.Version, held.Issuer)
	}
	attrs := []string{base.HashHex(pk)}
	if idx.legacyTaken {
		attrs = append(attrs, stub.GetTxID())
	}
	key, err := records.PublicKey.Key(stub, attrs...)
	if err != nil {
		return fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	b, err := json.Marshal(keyRecord{Issuer: is.ID, Version: version})
	if err != nil {
		return fmt.Errorf("indexing the public key: %w", err)
	}
	if err := records.PublicKey.Put(stub, key, is.Owner.MSPID, b); err != nil {
		return fmt.Errorf("indexing the public key: %w", err)
	}
	return nil
}

// ResolveKeyHolder returns the issuer and key version that registered the
// public key pk of a did:key verificationMethod vm. If the request names
// issuer, the key must be one of its keys: its believed record answers
// without the index. Otherwise the index must hold believed entries of one
// issuer only: entries of two issuers (one made around the contract, as a
// first come, first served issuer record can be) are refused
// (ErrUntrusted), never resolved to either. It reads issuer records with
// lookUp (the transaction's cache).
func ResolveKeyHolder(stub shim.ChaincodeStubInterface, vm string, pk []byte, issuer string, lookUp func(stub shim.ChaincodeStubInterface, id string) (*Issuer, error)) (string, int, error) {
	if issuer != "" {
		is, err := lookUp(stub, issuer)
		switch {
		case err == nil:
			for _, k := range is.Keys {
				if bytes.Equal(k.PublicKey, pk) {
					return issuer, k.Version, nil
				}
			}
		case base.IsUntrusted(err):
			return "", 0, err
		case !base.IsNotFound(err):
			return "", 0, err
		}
	}
	idx, err := scanKeyIndex(stub, pk, func(id string) (*Issuer, error) { return lookUp(stub, id) })
	if err != nil {
		return "", 0, fmt.Errorf("resolving the verificationMethod: %w", err)
	}
	if len(idx.holders) == 0 {
		return "", 0, fmt.Errorf("the key of verificationMethod %s is not registered under any issuer: %w", request.Excerpt(vm), base.ErrNotFound)
	}
	if issuer != "" {
		return "", 0, fmt.Errorf("the key of verificationMethod %s is not a key of issuer %q: %w", request.Excerpt(vm), issuer, base.ErrNotFound)
	}
	first := idx.holders[0]
	for _, h := range idx.holders[1:] {
		if h.Issuer != first.Issuer {
			return "", 0, fmt.Errorf("%w: the key of verificationMethod %s is held by more than one issuer record (%q and %q; one was written around the contract): the request must name its issuer",
				base.ErrUntrusted, request.Excerpt(vm), first.Issuer, h.Issuer)
		}
	}
	return first.Issuer, first.Version, nil
}
