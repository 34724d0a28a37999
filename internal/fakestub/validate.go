package fakestub

import (
	"fmt"

	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// validate checks the transaction of s as a committing peer would: first
// its endorsement against the policies of every namespace to validate (the
// invoked chaincode's and every one it writes, Fabric's
// plugindispatcher.Dispatch), then its reads, in every namespace, against
// the committed versions.
func (l *Ledger) validate(s *Stub, endorsers []string) (peer.TxValidationCode, string) {
	t := s.tx
	if endorsers != nil {
		validated := map[string]bool{s.ns: true}
		for name, rw := range t.rw {
			if len(rw.writes)+len(rw.vpWrites) > 0 {
				validated[name] = true
			}
		}
		for _, name := range sortedKeys(validated) {
			if code, detail := l.checkEndorsement(name, t.rw[name], endorsers); code != peer.TxValidationCode_VALID {
				return code, detail
			}
		}
	}
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
// checked (Fabric's statebased baseEvaluator.Evaluate, FAB-9473). rw may
// be nil.
func (l *Ledger) checkEndorsement(name string, rw *rwset, endorsers []string) (peer.TxValidationCode, string) {
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
	if needChaincodePolicy {
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
