// SPDX-License-Identifier: Apache-2.0

package contract_test

import (
	"encoding/json"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/fabric-bbs/fabric-bbs/contract/codes"
)

// A client decodes the JSON that an evaluated VerifyProof returns. A
// proof that does not verify is a result, not an error: Valid is false
// and Code is a stable code of package codes.
func ExampleVerificationResult() {
	payload := []byte(`{"valid": false, "reason": "the proof does not verify", "code": "BBS_PROOF_REJECTED",
	  "issuer": "acme", "keyVersion": 1, "scheme": "bbs-bls12381-sha256",
	  "disclosed": [{"index": 0, "message": "Y2xhc3MgQw=="}], "messageCount": 3,
	  "nonceConsumed": false, "satisfied": false}`)
	var r contract.VerificationResult
	if err := json.Unmarshal(payload, &r); err != nil {
		panic(err)
	}
	switch {
	case r.Valid && r.Satisfied:
		fmt.Println("accepted")
	case r.Code == codes.PolicyNotSatisfied:
		fmt.Println("the proof verifies, the policy is not met")
	case r.Code == codes.ProofRejected:
		fmt.Printf("rejected: %s (issuer %s, key version %d, %d disclosed of %d)\n",
			r.Reason, r.Issuer, r.KeyVersion, len(r.Disclosed), r.MessageCount)
	}
	// Output:
	// rejected: the proof does not verify (issuer acme, key version 1, 1 disclosed of 3)
}
