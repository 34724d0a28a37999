// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"fmt"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// revocationFacts are what the ledger and the transaction say for the
// revocation rules of a request's policy (policy.Statement's Time,
// IssuerEpoch, EpochPublished and Status).
type revocationFacts struct {
	time           time.Time
	epoch          int64
	epochPublished bool
	status         *policy.StatusFacts
}

// loadRevocation reads what the revocation rules of the request's policy
// need, and nothing for a policy without them: the transaction timestamp
// for a validity rule or a predicate rule with a date bound, the issuer's epoch record for an epoch rule, and
// for a status rule the head of the issuer's list and the one page of the
// disclosed index (none when the index is missing or malformed: Evaluate
// then says why). Reading them puts them in the transaction's read set,
// so an epoch raise or a status change that commits first invalidates
// this transaction (MVCC): it takes effect from the next block. A record
// that exists but is not believed (records.ErrUntrusted) fails the
// request; it is never taken for "none".
func (v *Check) loadRevocation(stub shim.ChaincodeStubInterface) error {
	if v.Policy == nil || v.Policy.Retired {
		return nil
	}
	rules := v.Policy.Rules
	var err error
	if rules.NeedsTime() {
		if v.rev.time, err = base.TxTime(stub); err != nil {
			return err
		}
	}
	if rules.Epoch != nil {
		e, err := revstate.EpochOf(stub, v.Issuer)
		switch {
		case err == nil:
			v.rev.epoch, v.rev.epochPublished = e.Epoch, true
		case !base.IsNotFound(err):
			return err
		}
	}
	if rules.Status != nil {
		index, ok := rules.StatusIndex(policy.Statement{Disclosed: v.Req.Disclosed})
		if !ok {
			return nil
		}
		f := &policy.StatusFacts{Index: index}
		v.rev.status = f
		head, err := revstate.StatusListOf(stub, v.Issuer, rules.Status.List)
		if base.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		f.ListSize = head.Size
		if index >= head.Size {
			return nil
		}
		if head.PageBits != revstate.StatusPageBits {
			return fmt.Errorf("%s: the stored list has pages of %d bits, not %d", v.policyName(), head.PageBits, revstate.StatusPageBits)
		}
		p, err := revstate.StatusPageOf(stub, v.Issuer, rules.Status.List, index/head.PageBits)
		if err != nil {
			return err
		}
		f.Set = revstate.StatusBit(p.Bits, index%head.PageBits)
	}
	return nil
}
