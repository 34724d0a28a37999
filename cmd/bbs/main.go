// SPDX-License-Identifier: Apache-2.0

// Command bbs issues, presents and checks BBS credentials by hand: it makes
// issuer keys, signs credentials, derives selective-disclosure proofs in the
// request JSON that the fabric-bbs chaincode's VerifyProof and SubmitProof
// transactions take, verifies such requests offline, and inspects the files
// it writes. Run "bbs --help" for the commands and an example.
//
// The command has no Fabric dependencies; the request JSON and the
// submitter-bound nonce come from package request, the same code the
// chaincode runs.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
