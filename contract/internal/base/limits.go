// SPDX-License-Identifier: Apache-2.0

package base

// MaxSettingsSize is the largest settings argument of SetIssuerSettings,
// in bytes of JSON.
const MaxSettingsSize = 16 << 10

// MaxTxIDLength is the longest transaction ID GetVerification accepts.
const MaxTxIDLength = 256

// ValidChaincodeName reports whether name is a valid Fabric chaincode name
// (the lifecycle's ^[a-zA-Z0-9]+([-_][a-zA-Z0-9]+)*$).
func ValidChaincodeName(name string) bool {
	if name == "" || len(name) > MaxTxIDLength {
		return false
	}
	sep := true // at the start, or after a separator
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			sep = false
		case (r == '-' || r == '_') && !sep:
			sep = true
		default:
			return false
		}
	}
	return !sep
}

// MaxParamsSize is the largest predicate-parameter record's parameters,
// in bytes (before base64): range parameters of any base, or set
// parameters of up to 8192 elements (predicate.Params' encoding: 101
// bytes and 80 a signed scalar). ParseParams, run when they are written,
// costs a point decoding and subgroup check per element.
const MaxParamsSize = 101 + 8192*80
