// SPDX-License-Identifier: Apache-2.0

// Package spends is the room of what a transaction uses up: nonces consumed
// per verifying key (NonceKey, NonceRecord; nonces.go), pseudonym uses
// counted per context and key (PseudonymUse, PseudonymUses and the
// GetPseudonymUses transaction; pseudonym.go), and the per-process tracker
// of the spends of a transaction's calls, so that one transaction that
// calls the contract more than once (from another chaincode) spends a
// nonce or a pseudonym use once (SpendTracker, SpendCall; spends.go).
//
// It imports base and records only.
package spends
