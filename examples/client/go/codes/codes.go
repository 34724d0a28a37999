// SPDX-License-Identifier: Apache-2.0

// Package codes is the table of the fabric-bbs contract's stable error
// codes, for the applications that call the contract: a copy of package
// github.com/fabric-bbs/fabric-bbs/contract/codes (the one table; a test
// there checks that this copy has the same code), so that this sample
// builds when its folder alone is copied elsewhere.
//
// Every error the contract returns starts with one code, a colon and a
// space, then human text that may change between versions:
//
//	BBS_REPLAY: replay: the nonce was already used with key version 1 of issuer "acme" ...
//
// Fabric carries the text back as the chaincode's error message: a Fabric
// Gateway client finds it in the error's details (each endorsing peer's
// message, "chaincode response 500, BBS_REPLAY: ..."), the peer CLI prints
// it after "message:". [Find] reads the code from any of these. The codes
// never change meaning and are never reused; new ones may be added, so an
// application treats an unknown code as it treats [Internal].
package codes

import "strings"

// The codes. Retry says whether the same call may succeed later unchanged.
const (
	// InvalidArgument: a transaction argument is malformed or over a limit
	// (a registration, rotation, policy or settings document, an ID, a
	// page size, a transaction name). Not retried: fix the call.
	InvalidArgument = "BBS_INVALID_ARGUMENT"
	// InvalidRequest: a verification or credential request breaks the
	// rules of package request, or does not fit the issuer it names
	// (scheme, pseudonym fields, nonce length, a nonce bound to the
	// submitter that the issuer requires). Not retried.
	InvalidRequest = "BBS_INVALID_REQUEST"
	// NotFound: an issuer, key version, policy (version), verification
	// record, context or registered key does not exist. Retried only by
	// an application that expects it to be created.
	NotFound = "BBS_NOT_FOUND"
	// Exists: an issuer or policy ID, a public key or a context URL is
	// taken. Not retried.
	Exists = "BBS_EXISTS"
	// AccessDenied: the submitter may not change the issuer or policy, or
	// the transaction must be invoked directly by a client, not through
	// another chaincode. Not retried.
	AccessDenied = "BBS_ACCESS_DENIED"
	// Revoked: the issuer or key version is revoked. Not retried.
	Revoked = "BBS_REVOKED"
	// Replay: the nonce (a credential's presentation header) was already
	// consumed with the verifying key. Not retried: the holder makes a new
	// proof with a new nonce.
	Replay = "BBS_REPLAY"
	// PseudonymUsed: the pseudonym has been used as often as allowed in
	// its context under the key. Not retried.
	PseudonymUsed = "BBS_PSEUDONYM_USED"
	// Retired: the verification policy is retired. Not retried.
	Retired = "BBS_RETIRED"
	// PolicyNotSatisfied: the request does not satisfy the verification
	// policy it names. Not retried.
	PolicyNotSatisfied = "BBS_POLICY_NOT_SATISFIED"
	// ProofRejected: the proof or credential does not verify, or is
	// unacceptable (message count, bound nonce, validity period). Not
	// retried.
	ProofRejected = "BBS_PROOF_REJECTED"
	// NotConfigured: the channel has no endorsement configuration yet
	// (SetEndorsementConfig). Retried once the organisations configured it.
	NotConfigured = "BBS_NOT_CONFIGURED"
	// UntrustedRecord: a ledger record the call needs exists but is not
	// believed: its key-level endorsement policy is not the one its
	// owner's rules require, or it is not named by the record that owns it
	// (it was written around the contract). Not retried: the record's owner
	// rewrites it, or an operator looks at who wrote it.
	UntrustedRecord = "BBS_UNTRUSTED_RECORD"
	// UnknownTransaction: the contract has no transaction of this name.
	// Not retried.
	UnknownTransaction = "BBS_UNKNOWN_TRANSACTION"
	// Internal: any other error (reading or writing the world state
	// failed, a stored record does not decode, ...). May be retried; if it
	// persists, it is a fault of the peer or the contract.
	Internal = "BBS_INTERNAL"
)

// All lists every code, in the order of the table above.
var All = []string{
	InvalidArgument, InvalidRequest, NotFound, Exists, AccessDenied, Revoked, Replay, PseudonymUsed,
	Retired, PolicyNotSatisfied, ProofRejected, NotConfigured, UntrustedRecord, UnknownTransaction, Internal,
}

// Retryable reports whether an error of the code may succeed if the same
// call is made again later unchanged: NotConfigured and Internal, and a
// code this version does not know.
func Retryable(code string) bool {
	switch code {
	case NotConfigured, Internal:
		return true
	}
	for _, c := range All {
		if c == code {
			return false
		}
	}
	return true
}

// Find returns the code of a contract error message: the first word of the
// form BBS_[A-Z0-9_]+ followed by ':' in msg, which may carry Fabric's
// prefixes ("chaincode response 500, ", the peer CLI's "message:\"") before
// the contract's text. It returns "" if msg has none (an error of Fabric,
// the network or the client, not of the contract). A code this version
// does not know is returned as it is.
func Find(msg string) string {
	for i := 0; ; {
		j := strings.Index(msg[i:], "BBS_")
		if j < 0 {
			return ""
		}
		start := i + j
		end := start + len("BBS_")
		for end < len(msg) && (msg[end] >= 'A' && msg[end] <= 'Z' || msg[end] >= '0' && msg[end] <= '9' || msg[end] == '_') {
			end++
		}
		if end > start+len("BBS_") && end < len(msg) && msg[end] == ':' && (start == 0 || !isWord(msg[start-1])) {
			return msg[start:end]
		}
		i = start + len("BBS_")
	}
}

func isWord(b byte) bool {
	return b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_'
}
