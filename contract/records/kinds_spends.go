// SPDX-License-Identifier: Apache-2.0

package records

// Spend records belong to no organisation: they are written under the
// chaincode's endorsement policy, without a key-level policy, so whoever
// satisfies that policy (the coalition) can write or create any of them,
// around the contract. A spend record that carries a key-level policy was
// not written by the contract: Get and Believe refuse it (ErrUntrusted),
// a clear refusal at endorsement instead of a failure at commit.

// Nonce marks a nonce consumed for a verifying key
// (contract/verifypath.go, verify.go, batch.go).
var Nonce = Declare(Kind{
	ObjectType: "bbs.nonce",
	Attrs:      "hex SHA-256 of the verifying public key, hex SHA-256 of the nonce",
	Value:      `{"txId"}`,
	Rule:       RuleSpend,
	Writers:    "SubmitProof(s), SubmitCredential(s): one per accepted proof, read first (a replay is refused), never rewritten",
	Anchor:     "none: chaincode policy; one carrying a key-level policy is refused (BBS_UNTRUSTED_RECORD), so a squatted key fails at endorsement, not at commit",
	Proves:     "that the endorsing peers saw this nonce accepted once under this key, by the named record",
	Limits: "The coalition can create or rewrite it: spend any nonce it learns (a pending transaction's), or forge the record of a spend. " +
		"DoS: one transaction per nonce it blocks, on the ledger with its creator; the holder needs a new nonce from its verifier " +
		"(a bound nonce, bindSubmitter, cannot be spent by others' proofs, but its key can still be created)",
})

// NymCount is the number of committed uses of a pseudonym in a context
// under a key (contract/pseudonym.go).
var NymCount = Declare(Kind{
	ObjectType: "bbs.nymcount",
	Attrs:      "hex SHA-256 of the verifying public key, hex SHA-256 of the context, pseudonym hex",
	Value:      `{"uses"}`,
	Rule:       RuleSpend,
	Writers:    "SubmitProof(s) of a pseudonym scheme, SubmitCredential(s) of a pseudonym credential: every use reads and rewrites it",
	Anchor:     "none: chaincode policy; one carrying a key-level policy is refused (BBS_UNTRUSTED_RECORD) by every use and by VerifyProof",
	Proves:     "the number of uses the contract accepted for this pseudonym in this context under this key; two uses endorsed against one state conflict at commit (MVCC)",
	Limits: "The coalition can create or rewrite it: set any count, so accept a use beyond the limit, or block the pseudonym " +
		"(a count at the limit, or a key-level policy nobody satisfies). " +
		"DoS: one transaction blocks one pseudonym in one context under one key for good (a voter kept from voting in that poll), " +
		"on the ledger with its creator; it needs the pseudonym, which a pending transaction shows",
})

// NymUse is one accepted use of a pseudonym (contract/pseudonym.go).
var NymUse = Declare(Kind{
	ObjectType: "bbs.nymuse",
	Attrs:      "hex SHA-256 of the context, pseudonym hex, hex SHA-256 of the verifying public key, sequence (10 digits), record ID of the verification (none before 0.3.0)",
	Value:      `{"txId", "recordId", "sequence", "issuer", "keyVersion", "keySha256", "timestamp"}`,
	Rule:       RuleSpend,
	Writers:    "SubmitProof(s), SubmitCredential(s) of a pseudonym: one per use, written without being read, never rewritten",
	Anchor:     "none: chaincode policy; GetPseudonymUses leaves out one carrying a key-level policy; its key holds the recording transaction's ID, so a key created first cannot block later uses",
	Proves:     "that the endorsing peers accepted this use of the pseudonym, with the count's sequence number",
	Limits: "The coalition can create or rewrite it: forge or change a listed use. " +
		"DoS: an endorser of a use can create its key first in a transaction of its own, with a policy nobody satisfies: that use fails at commit " +
		"(one transaction per use blocked, on the ledger with its creator); the next use has another key",
})

// Verification is the record of an accepted proof (contract/verify.go).
var Verification = Declare(Kind{
	ObjectType: "bbs.verification",
	Attrs:      "record ID (the transaction ID, <txId>/<n> for a later call, <id>#<i> for a batch item)",
	Value:      "Verification (GetVerification)",
	Rule:       RuleSpend,
	Writers:    "SubmitProof(s), SubmitCredential(s): one per accepted proof, written without being read, never rewritten",
	Anchor:     "none: chaincode policy; GetVerification refuses one carrying a key-level policy (BBS_UNTRUSTED_RECORD); its key holds the recording transaction's ID",
	Proves:     "that the endorsing peers verified this proof under the recorded key and policy",
	Limits: "The coalition can create or rewrite it: forge a verification that never happened, or change one. " +
		"DoS: an endorser of a submission can create its key first in a transaction of its own, with a policy nobody satisfies: " +
		"that submission fails at commit (one transaction per submission blocked, on the ledger with its creator)",
})

// CredentialVerification is the record of an accepted credential
// (contract/credential.go).
var CredentialVerification = Declare(Kind{
	ObjectType: "bbs.credential",
	Attrs:      "record ID (as bbs.verification's)",
	Value:      "CredentialVerification (GetCredentialVerification)",
	Rule:       RuleSpend,
	Writers:    "SubmitCredential(s): one per accepted credential, with its bbs.verification, written without being read, never rewritten",
	Anchor:     "none: chaincode policy; GetCredentialVerification refuses one carrying a key-level policy (BBS_UNTRUSTED_RECORD); its key holds the recording transaction's ID",
	Proves:     "that the endorsing peers verified this credential, with the recorded contexts, hashes and policy",
	Limits: "The coalition can create or rewrite it: forge a credential verification, or change one. " +
		"DoS: as bbs.verification's, one transaction per submission blocked",
})
