// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// KeyCache keeps, within one transaction, the issuer records read and the
// public keys parsed, so that a batch of requests to one issuer reads its
// Record and parses its key once. The world state a transaction reads does
// not change during it, so the answers are those of a fresh read. A nil
// KeyCache reads and parses every time.
type KeyCache struct {
	issuers  map[string]cachedIssuer
	keys     map[cachedKeyID]*bbs.PublicKey
	policies map[request.PolicyRef]cachedPolicy
}

type cachedPolicy struct {
	ap  *policies.AppliedPolicy
	err error
}

type cachedIssuer struct {
	is  *issuers.Issuer
	err error
}

type cachedKeyID struct {
	issuer  string
	version int
}

// Issuer is getIssuer, cached (its error too).
func (c *KeyCache) Issuer(stub shim.ChaincodeStubInterface, id string) (*issuers.Issuer, error) {
	if c == nil {
		return issuers.GetIssuer(stub, id)
	}
	if e, ok := c.issuers[id]; ok {
		return e.is, e.err
	}
	is, err := issuers.GetIssuer(stub, id)
	if c.issuers == nil {
		c.issuers = map[string]cachedIssuer{}
	}
	c.issuers[id] = cachedIssuer{is, err}
	return is, err
}

// AppliedPolicy is loadAppliedPolicy, cached (its error too).
func (c *KeyCache) AppliedPolicy(stub shim.ChaincodeStubInterface, ref *request.PolicyRef) (*policies.AppliedPolicy, error) {
	if c == nil {
		return policies.LoadAppliedPolicy(stub, ref)
	}
	if e, ok := c.policies[*ref]; ok {
		return e.ap, e.err
	}
	ap, err := policies.LoadAppliedPolicy(stub, ref)
	if c.policies == nil {
		c.policies = map[request.PolicyRef]cachedPolicy{}
	}
	c.policies[*ref] = cachedPolicy{ap, err}
	return ap, err
}

// publicKey is s.ParsePublicKey(k.PublicKey), cached when it succeeds.
func (c *KeyCache) publicKey(s bbs.Scheme, issuer string, k *issuers.IssuerKey) (*bbs.PublicKey, error) {
	id := cachedKeyID{issuer, k.Version}
	if pk, ok := c.lookupKey(id); ok {
		return pk, nil
	}
	pk, err := s.ParsePublicKey(k.PublicKey)
	if err != nil || c == nil {
		return pk, err
	}
	if c.keys == nil {
		c.keys = map[cachedKeyID]*bbs.PublicKey{}
	}
	c.keys[id] = pk
	return pk, nil
}

func (c *KeyCache) lookupKey(id cachedKeyID) (*bbs.PublicKey, bool) {
	if c == nil {
		return nil, false
	}
	pk, ok := c.keys[id]
	return pk, ok
}
