// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// policyRecord is what the poll needs of bbs GetPolicy's answer.
type policyRecord struct {
	ID      string `json:"id"`
	Version int    `json:"version"`
	Owner   struct {
		MSPID string `json:"mspId"`
		ID    string `json:"id"`
	} `json:"owner"`
	Retired bool   `json:"retired"`
	Policy  string `json:"policy"` // the canonical policy document
}

// proofReceipt is what the poll needs of bbs SubmitProof's answer.
type proofReceipt struct {
	TxID      string `json:"txId"`
	Pseudonym []byte `json:"pseudonym"`
}

// callBBS invokes fn of the bbs chaincode on the same channel, in this
// transaction, and decodes its JSON answer into out. A refusal by bbs is
// an error wrapping ErrRefused with bbs's message.
func callBBS(stub shim.ChaincodeStubInterface, out any, fn string, args ...string) error {
	argv := [][]byte{[]byte(fn)}
	for _, a := range args {
		argv = append(argv, []byte(a))
	}
	resp := stub.InvokeChaincode(BBSChaincode, argv, "")
	if resp.GetStatus() >= shim.ERRORTHRESHOLD {
		return fmt.Errorf("%w: %s %s", ErrRefused, fn, responseError(resp))
	}
	if err := json.Unmarshal(resp.GetPayload(), out); err != nil {
		return fmt.Errorf("decoding the answer of %s %s: %w", BBSChaincode, fn, err)
	}
	return nil
}

// responseError is the error text of a failed response: the message
// chaincode sets, or the payload the shim fills with the peer's error when
// the peer refused the invocation itself (an undefined chaincode, say).
func responseError(resp *peer.Response) string {
	if m := resp.GetMessage(); m != "" {
		return m
	}
	if p := resp.GetPayload(); len(p) > 0 {
		const max = 512
		if len(p) > max {
			p = p[:max]
		}
		return string(p)
	}
	return "status " + strconv.Itoa(int(resp.GetStatus()))
}
