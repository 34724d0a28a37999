// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// NonRevocation is what a verification with non-revocation proved: the
// credential's revocation handle was not revoked at accumulator version
// Version, when the accumulator was at CurrentVersion.
type NonRevocation struct {
	// Version is the accumulator version the presentation was verified
	// against (0: before any revocation).
	Version int `json:"version"`
	// CurrentVersion is the issuer's accumulator version the transaction
	// read.
	CurrentVersion int `json:"currentVersion"`
	// HandleIndex is the index of the signed message whose membership was
	// proven: the handle index the issuer's accumulator record declared
	// when the transaction read it.
	HandleIndex int `json:"handleIndex"`
}

// nonRevocation is a request's presentation with non-revocation in
// progress.
type nonRevocation struct {
	pres  *revocation.Presentation
	acc   *revstate.StoredAccumulator // the issuer's current record; nil: it has none
	value []byte                      // the value of pres.Version, once looked up
}

// nonRevokedSchemes are the schemes with a presentation with
// non-revocation.
func nonRevokedScheme(name string) bool {
	return name == bbs.BLS12381SHA256Name || name == bbs.BLS12381SHAKE256Name
}

// parsePresentation parses the request's proof as a presentation with
// non-revocation and sets the message count. It reports false, with the
// reason set, when the presentation is malformed; an error means the
// request is unacceptable (a scheme without presentations).
func (v *Check) parsePresentation() (bool, error) {
	if !nonRevokedScheme(v.Issuer.Scheme) {
		return false, fmt.Errorf("%w: nonRevoked: issuer %q uses scheme %s, which has no presentation with non-revocation (only %s and %s)",
			request.ErrInvalid, v.Issuer.ID, v.Issuer.Scheme, bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name)
	}
	p, err := revocation.ParsePresentation(v.Scheme, v.Req.Proof)
	if err != nil {
		v.Reason = fmt.Sprintf("the proof is not a well-formed presentation with non-revocation of %s: %v", v.Scheme.Name(), err)
		return false, nil
	}
	v.nonRev = &nonRevocation{pres: p}
	v.MessageCount = p.MessageCount()
	return true, nil
}

// loadAccumulator reads the issuer's current accumulator record for a
// presentation with non-revocation (nothing without one).
func (v *Check) loadAccumulator(stub shim.ChaincodeStubInterface) error {
	if v.nonRev == nil {
		return nil
	}
	acc, _, err := revstate.AccumulatorOf(stub, v.Issuer)
	switch {
	case err == nil:
		v.nonRev.acc = acc
	case !base.IsNotFound(err):
		return err
	}
	return nil
}

// nonRevocationFacts are the facts of the request's presentation for the
// policy's accumulator rule; nil without a presentation.
func (v *Check) nonRevocationFacts() *policy.NonRevocationFacts {
	n := v.nonRev
	if n == nil {
		return nil
	}
	f := &policy.NonRevocationFacts{HandleIndex: n.pres.HandleIndex, Version: clampVersion(n.pres.Version)}
	if n.acc != nil {
		f.Published, f.Current = true, int64(n.acc.Version)
	}
	return f
}

// clampVersion is a presentation's version as an int64: a version above
// any ledger's (2^63 and more) is clamped, and is above the current one.
func clampVersion(u uint64) int64 {
	if u > 1<<62 {
		return 1 << 62
	}
	return int64(u)
}

// lookUpValue finds the accumulator value of the version the presentation
// names, after the policy is met: the current record's value, V_0, or the
// removal record of that version, found from the head's links (at most
// bits.Len(current) records; one or two for the previous version). A removal that the chain names but
// that is missing or not believed fails the request (records.ErrUntrusted). It reports false, with
// the reason set, for a version the ledger does not have yet; an issuer
// without an accumulator is ErrNotFound.
func (v *Check) lookUpValue(stub shim.ChaincodeStubInterface) (bool, error) {
	n := v.nonRev
	if n.acc == nil {
		return false, fmt.Errorf("nonRevoked: accumulator of issuer %q: %w", v.Issuer.ID, base.ErrNotFound)
	}
	if !n.acc.HandleIndexDeclared() {
		v.Reason = fmt.Sprintf("the accumulator of issuer %q declares no handle index (a record written before they were declared): "+
			"it accepts no presentation until its owner declares one with SetAccumulatorHandleIndex", v.Issuer.ID)
		return false, nil
	}
	if n.pres.HandleIndex != n.acc.HandleIndex {
		v.Reason = fmt.Sprintf("the presentation proves the membership of message %d, but the revocation handle of issuer %q's credentials is message %d",
			n.pres.HandleIndex, v.Issuer.ID, n.acc.HandleIndex)
		return false, nil
	}
	k, current := n.pres.Version, uint64(n.acc.Version)
	switch {
	case k > current:
		v.Reason = fmt.Sprintf("the presentation names accumulator version %d, but the accumulator of issuer %q is at version %d", k, v.Issuer.ID, current)
		return false, nil
	case k == current:
		n.value = n.acc.Value
	case k == 0:
		n.value = n.acc.InitialValue
	default:
		rec, err := revstate.RemovalAt(stub, v.Issuer, n.acc, int(k))
		if err != nil {
			return false, err
		}
		var version uint64
		if len(rec.Batch) > 0 {
			// a batch record (RevokeHandles): only its value is needed
			version, n.value, err = revocation.BatchRemovalValue(rec.Batch)
		} else {
			var r *revocation.Removal
			if r, err = revocation.ParseRemoval(rec.Removal); err == nil {
				version, n.value = r.Version, r.Value()
			}
		}
		if err != nil || version != k {
			return false, fmt.Errorf("removal %d of issuer %q: the stored record: %v", k, v.Issuer.ID, err)
		}
	}
	return true, nil
}

// verifyNonRevoked verifies the presentation: the committed-disclosure
// BBS proof and the membership of its handle in the version's value, in
// one pairing product. Its errors wrap bbs.ErrInvalidProof or
// bbs.ErrMalformedProof, as verifyProof's.
func (v *Check) verifyNonRevoked(disclosed []bbs.DisclosedMessage) error {
	n := v.nonRev
	pk, err := revocation.ParsePublicKey(n.acc.PublicKey)
	if err != nil {
		return fmt.Errorf("accumulator of issuer %q: stored key: %w", v.Issuer.ID, err)
	}
	if len(v.preds) > 0 {
		err = v.verifyNonRevokedPredicates(pk, disclosed)
	} else {
		err = revocation.VerifyPresentationAt(v.pk, n.pres, n.acc.HandleIndex, v.Req.Header, v.Req.Nonce, disclosed, pk, n.value)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, revocation.ErrHandleIndex):
		return fmt.Errorf("%w: presentation with non-revocation: %v", bbs.ErrInvalidProof, err)
	case errors.Is(err, revocation.ErrMalformed):
		return fmt.Errorf("%w: presentation with non-revocation: %v", bbs.ErrMalformedProof, err)
	case errors.Is(err, revocation.ErrInvalid), errors.Is(err, revocation.ErrVersion), errors.Is(err, bbs.ErrInvalidProof):
		return fmt.Errorf("%w: presentation with non-revocation against accumulator version %d: %v", bbs.ErrInvalidProof, n.pres.Version, err)
	default:
		return err
	}
}

// nonRevocationRecord is what results and records show of a verified
// presentation; nil without one.
func (v *Check) nonRevocationRecord() *NonRevocation {
	n := v.nonRev
	if n == nil || n.acc == nil || n.value == nil {
		return nil
	}
	return &NonRevocation{Version: int(n.pres.Version), CurrentVersion: n.acc.Version, HandleIndex: n.pres.HandleIndex}
}
