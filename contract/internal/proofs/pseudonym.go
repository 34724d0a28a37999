// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"encoding/hex"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// checkPseudonymFields refuses, before any cryptography, a request without
// a pseudonym and context for an issuer of a pseudonym scheme, and one with
// them for an issuer of another scheme.
func checkPseudonymFields(s bbs.Scheme, issuer string, d *request.Decoded) error {
	_, nym := s.(bbs.PseudonymScheme)
	switch {
	case nym && len(d.Pseudonym) == 0:
		return fmt.Errorf("%w: issuer %q has pseudonym scheme %s: the request needs its pseudonym and context", request.ErrInvalid, issuer, s.Name())
	case !nym && len(d.Pseudonym) > 0:
		return fmt.Errorf("%w: issuer %q has scheme %s, which has no pseudonyms: the request must not carry pseudonym or context", request.ErrInvalid, issuer, s.Name())
	}
	return nil
}

// pseudonymCountKey is the key of the use count of the request's pseudonym
// in its context under the verifying key.
func (v *Check) pseudonymCountKey(stub shim.ChaincodeStubInterface) (string, error) {
	return records.NymCount.Key(stub, base.HashHex(v.Key.PublicKey), base.HashHex(v.Req.Context), hex.EncodeToString(v.Req.Pseudonym))
}

// PseudonymUses returns how many uses the request's pseudonym has in its
// context under the verifying key, committed and earlier in the
// transaction (call), 0 for a request without one, and keeps the number in
// v.uses for the policy's pseudonym rule.
func (v *Check) PseudonymUses(stub shim.ChaincodeStubInterface, call *spends.SpendCall) (int, error) {
	if len(v.Req.Pseudonym) == 0 {
		return 0, nil
	}
	k, err := v.pseudonymCountKey(stub)
	if err != nil {
		return 0, err
	}
	var n spends.PseudonymCount
	if _, err := records.GetJSON(records.NymCount, stub, k, "", &n); err != nil {
		return 0, fmt.Errorf("reading the pseudonym's uses: %w", err)
	}
	v.uses = n.Uses + call.NymUses(k)
	return v.uses, nil
}

// CheckPseudonymLimit refuses a use of the request's pseudonym beyond
// limit, given its uses so far.
func (v *Check) CheckPseudonymLimit(uses, limit int) error {
	if len(v.Req.Pseudonym) == 0 || uses < limit {
		return nil
	}
	by := ""
	if v.Policy != nil {
		by = " (" + v.policyName() + ")"
	}
	return fmt.Errorf("%w: the pseudonym has been used %d time(s) in context %s under key version %d of issuer %q, the limit is %d%s; GetPseudonymUses lists the uses",
		base.ErrPseudonymUsed, uses, request.Excerpt(string(v.Req.Context)), v.Key.Version, v.Issuer.ID, limit, by)
}

// recordPseudonymUse writes use number uses+1 of the request's pseudonym:
// the count (read before, so that a concurrent use conflicts at commit)
// and the use record, keyed by recordID, the verification's record ID, and
// notes the use in call. It does nothing for a request without a
// pseudonym.
func (v *Check) recordPseudonymUse(stub shim.ChaincodeStubInterface, call *spends.SpendCall, uses int, rec *Verification, recordID string) error {
	if len(v.Req.Pseudonym) == 0 {
		return nil
	}
	ck, err := v.pseudonymCountKey(stub)
	if err != nil {
		return err
	}
	seq := uses + 1
	uk, err := records.NymUse.Key(stub, base.HashHex(v.Req.Context), hex.EncodeToString(v.Req.Pseudonym),
		rec.KeySHA256, fmt.Sprintf("%0*d", spends.NymSeqDigits, seq), recordID)
	if err != nil {
		return err
	}
	if err := records.PutJSON(records.NymCount, stub, ck, "", spends.PseudonymCount{Uses: seq}); err != nil {
		return fmt.Errorf("counting the pseudonym's use: %w", err)
	}
	use := spends.PseudonymUse{TxID: rec.TxID, Sequence: seq, Issuer: rec.Issuer, KeyVersion: rec.KeyVersion, KeySHA256: rec.KeySHA256, Timestamp: rec.Timestamp}
	use.RecordID = rec.RecordID
	if err := records.PutJSON(records.NymUse, stub, uk, "", use); err != nil {
		return fmt.Errorf("recording the pseudonym's use: %w", err)
	}
	rec.PseudonymUse = seq
	call.UseNym(ck)
	return nil
}

// receiptContext is what a ProofReceipt shows of a context: the context
// itself when it is at most MaxReceiptContext bytes.
func receiptContext(cx []byte) []byte {
	if len(cx) > MaxReceiptContext {
		return nil
	}
	return cx
}

// MaxReceiptContext is the largest context a ProofReceipt carries in full;
// it always carries its SHA-256.
const MaxReceiptContext = 128
