// SPDX-License-Identifier: Apache-2.0

package codes_test

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/codes"
)

// A client reads the code of a failed SubmitProof from the error text a
// Fabric Gateway client or the peer CLI hands it, and decides whether to
// retry.
func Example() {
	for _, msg := range []string{
		`chaincode response 500, BBS_REPLAY: replay: the nonce was already used with key version 1 of issuer "acme"`,
		`Error: endorsement failure during invoke. response: status:500 message:"BBS_NOT_CONFIGURED: no endorsement configuration"`,
		`rpc error: code = Unavailable desc = connection refused`,
	} {
		code := codes.Find(msg)
		switch {
		case code == "":
			fmt.Println("not the contract's error: retry per the client's own policy")
		case code == codes.Replay:
			fmt.Println(code, "the nonce is spent: ask the holder for a new presentation")
		default:
			fmt.Println(code, "retryable:", codes.Retryable(code))
		}
	}
	// Output:
	// BBS_REPLAY the nonce is spent: ask the holder for a new presentation
	// BBS_NOT_CONFIGURED retryable: true
	// not the contract's error: retry per the client's own policy
}
