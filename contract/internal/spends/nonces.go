// SPDX-License-Identifier: Apache-2.0

package spends

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// NonceObjectType is the object type of consumed nonces: [hex SHA-256 of public key, hex SHA-256 of nonce] -> nonceRecord.
const NonceObjectType = "bbs.nonce"

// NonceRecord marks a nonce consumed for a verifying key.
type NonceRecord struct {
	TxID string `json:"txId"`
}

// NonceKey is the key that marks nonce consumed for the verifying key
// publicKey: nonces are consumed per key, not per issuer ID, so a proof
// cannot be replayed under another registration of the same key.
func NonceKey(stub shim.ChaincodeStubInterface, publicKey, nonce []byte) (string, error) {
	return records.Nonce.Key(stub, base.HashHex(publicKey), base.HashHex(nonce))
}
