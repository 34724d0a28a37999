// SPDX-License-Identifier: Apache-2.0

package account

// The contract's composite-key object types (contract/state.go) and
// Fabric's composite-key form: U+0000, the object type, then each
// attribute, each followed by U+0000 (shim.CreateCompositeKey).
const (
	NonceObjectType        = "bbs.nonce"
	VerificationObjectType = "bbs.verification"
)

// CompositeKey is shim.CreateCompositeKey(objectType, attrs).
func CompositeKey(objectType string, attrs ...string) string {
	k := "\x00" + objectType + "\x00"
	for _, a := range attrs {
		k += a + "\x00"
	}
	return k
}

// NonceKey names the record that marks a nonce consumed for a key.
func NonceKey(keySHA256, nonceSHA256 string) string {
	return CompositeKey(NonceObjectType, keySHA256, nonceSHA256)
}

// VerificationKey names the verification record of a transaction.
func VerificationKey(txID string) string { return CompositeKey(VerificationObjectType, txID) }

// verificationTxID tells whether key is a verification record's key, and
// of which transaction (a batch record "<txID>#<i>" counts as txID).
func verificationTxID(key string) (string, bool) {
	prefix := "\x00" + VerificationObjectType + "\x00"
	if len(key) <= len(prefix)+1 || key[:len(prefix)] != prefix || key[len(key)-1] != 0 {
		return "", false
	}
	id := key[len(prefix) : len(key)-1]
	for i := 0; i < len(id); i++ {
		if id[i] == '#' || id[i] == 0 {
			return id[:i], true
		}
	}
	return id, true
}
