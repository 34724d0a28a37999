// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// VerifyCredential verifies a W3C bbs-2023 derived credential (see
// credentialRequest for the request) against the registered issuer key of
// its verificationMethod, without writing anything, and returns the
// disclosed claims. A credential whose proof does not verify, or whose
// issuer, types or validity period are unacceptable (see semantics), gives
// Valid false and a Reason; a malformed request or credential, an
// unregistered key, a revoked issuer or key is an error. Any presentation
// header is accepted; NonceConsumed tells whether SubmitCredential would
// refuse it as a replay.
func (c *Contract) VerifyCredential(ctx contractapi.TransactionContextInterface, credentialRequest string) (*credentials.CredentialResult, error) {
	return credentials.VerifyCredential(ctx, c.tracker(), credentialRequest)
}

// SubmitCredential verifies a credential as VerifyCredential does and, if
// it is valid, consumes its presentation header (at least
// MinSubmitNonceSize bytes) for the verifying key as SubmitProof consumes
// a nonce, stores a Verification (GetVerification: the BBS side, without
// the disclosed statements) and a CredentialVerification
// (GetCredentialVerification: hashes of what was disclosed, types,
// issuer, validity) under the transaction ID, and emits the
// CredentialVerified event. A replayed presentation header or an invalid
// credential is an error, and then nothing is written.
func (c *Contract) SubmitCredential(ctx contractapi.TransactionContextInterface, credentialRequest string) (*credentials.CredentialReceipt, error) {
	return credentials.SubmitCredential(ctx, c.tracker(), credentialRequest)
}

// GetCredentialVerification returns the CredentialVerification that
// SubmitCredential stored under txId: the transaction ID, or the record ID
// (recordId of the receipt) of a later call in a transaction where a
// chaincode called the contract more than once.
func (c *Contract) GetCredentialVerification(ctx contractapi.TransactionContextInterface, txID string) (*CredentialVerification, error) {
	return credentials.GetCredentialVerification(ctx, txID)
}
