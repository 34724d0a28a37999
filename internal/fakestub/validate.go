// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"fmt"

	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// vpUpdates records, per namespace, the keys whose key-level endorsement
// policy a transaction earlier in the block set, when that transaction's
// endorsement of the namespace was valid (Fabric's statebased
// validationContext: ExtractValidationParameterDependency and
// SetTxValidationResult).
type vpUpdates map[string]map[string]bool

// add records the policies that the transaction of s set in the
// namespaces whose endorsement was valid.
func (u vpUpdates) add(s *Stub, valid map[string]bool) {
	for name, rw := range s.tx.rw {
		if !valid[name] {
			continue
		}
		for k := range rw.vpWrites {
			if u[name] == nil {
				u[name] = map[string]bool{}
			}
			u[name][k] = true
		}
	}
}

// validateEndorsement checks the endorsement of the transaction of s as a
// committing peer does, before any transaction of the block is committed:
// against the policies of every namespace to validate (the invoked
// chaincode's and every one it writes, Fabric's plugindispatcher.Dispatch),
// with the committed key-level and chaincode policies, except that writing
// a key whose policy an earlier transaction of the block set (updated)
// invalidates the transaction whatever its endorsement
// (ValidationParameterUpdatedError). It returns the verdict, its detail and
// the namespaces whose endorsement is valid. Fabric validates the
// namespaces in map order and stops at the first failure; the fake
// validates each, in name order, and reports the first failure.
func (l *Ledger) validateEndorsement(s *Stub, endorsers []string, updated vpUpdates) (peer.TxValidationCode, string, map[string]bool) {
	t := s.tx
	validated := map[string]bool{s.ns: true}
	for name, rw := range t.rw {
		if len(rw.writes)+len(rw.vpWrites) > 0 {
			validated[name] = true
		}
	}
	code, detail := peer.TxValidationCode_VALID, ""
	valid := map[string]bool{}
	for _, name := range sortedKeys(validated) {
		c, d := peer.TxValidationCode_VALID, ""
		if endorsers != nil || len(updated[name]) > 0 {
			c, d = l.checkEndorsement(name, t.rw[name], endorsers, updated[name])
		}
		if c == peer.TxValidationCode_VALID {
			valid[name] = true
		} else if code == peer.TxValidationCode_VALID {
			code, detail = c, d
		}
	}
	return code, detail, valid
}

// validateReads checks the reads of the transaction of s, in every
// namespace, against the committed versions (MVCC), once the earlier valid
// transactions of the block are committed.
func (l *Ledger) validateReads(s *Stub) (peer.TxValidationCode, string) {
	t := s.tx
	for _, name := range sortedKeys(t.rw) {
		n, reads := l.ns(name), t.rw[name].reads
		for _, k := range sortedKeys(reads) {
			if n.versions[k] != reads[k] {
				return peer.TxValidationCode_MVCC_READ_CONFLICT, fmt.Sprintf("key %q of namespace %s changed since the transaction read it", k, name)
			}
		}
	}
	return peer.TxValidationCode_VALID, ""
}

// checkEndorsement checks that the endorsing MSPs satisfy the policy of
// every key rw writes in namespace name: its key-level policy, else the
// chaincode policy; and the chaincode policy if no key-level policy was
// checked (Fabric's statebased baseEvaluator.Evaluate, FAB-9473). A key in
// updated fails whatever the endorsement. rw may be nil; endorsers nil
// skips the policies.
func (l *Ledger) checkEndorsement(name string, rw *rwset, endorsers []string, updated map[string]bool) (peer.TxValidationCode, string) {
	written := map[string]bool{}
	if rw != nil {
		for k := range rw.writes {
			written[k] = true
		}
		for k := range rw.vpWrites {
			written[k] = true
		}
	}
	n := l.ns(name)
	needChaincodePolicy := len(written) == 0
	for _, k := range sortedKeys(written) {
		if updated[k] {
			return peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE,
				fmt.Sprintf("namespace %s, key %q: its key-level endorsement policy was changed by an earlier valid transaction of the block (ValidationParameterUpdatedError)", name, k)
		}
		if endorsers == nil {
			continue
		}
		p, ok := n.vparams[k]
		if !ok {
			needChaincodePolicy = true
			continue
		}
		if ok, err := satisfies(p, endorsers); err != nil || !ok {
			return peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE,
				fmt.Sprintf("namespace %s, key %q: endorsement by %v does not satisfy its key-level policy (%v)", name, k, endorsers, err)
		}
	}
	if needChaincodePolicy && endorsers != nil {
		ok := len(endorsers) > 0
		if p := l.policyOf(name); p != nil {
			var err error
			if ok, err = satisfies(p, endorsers); err != nil {
				return peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, err.Error()
			}
		}
		if !ok {
			return peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE,
				fmt.Sprintf("namespace %s: endorsement by %v does not satisfy the chaincode policy", name, endorsers)
		}
	}
	return peer.TxValidationCode_VALID, ""
}
