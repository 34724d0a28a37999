// SPDX-License-Identifier: Apache-2.0

package records

// Spend records belong to no organisation: the contract writes them under
// the chaincode-level endorsement policy, without a key-level policy, so the
// coalition (whoever satisfies that policy: under AND every organisation
// together, under MAJORITY any majority, under OR any one) can create or
// rewrite any of them around the contract. That is inherent to a spend any
// submitter may make. One that carries a key-level policy was written around
// the contract: Get and Believe refuse it (ErrUntrusted), a clear refusal at
// endorsement instead of a failure at commit. The contract reads the policy
// only of a key that has a value, so an honest spend makes no extra call.

// spendCoalition is the part of every spend kind's Limits that says who
// the coalition is.
const spendCoalition = "Whoever satisfies the chaincode policy (AND: every organisation; MAJORITY: a majority; OR: any one), running its own code, "

// Nonce marks a nonce consumed for a verifying key.
var Nonce = Declare(Kind{
	ObjectType: "bbs.nonce",
	Attrs:      "key hash, nonce hash",
	Value:      `{"txId"}`,
	Rule:       RuleSpend,
	Writers:    "SubmitProof(s) and SubmitCredential(s), once per accepted proof (read first: a second use is a replay); never rewritten",
	Anchor:     "none, a spend; one carrying a key-level policy is refused (`BBS_UNTRUSTED_RECORD`), so a key squatted with a policy fails at endorsement, not at commit",
	Proves:     "that a proof with this nonce under this key was accepted, by the record it names",
	Limits: spendCoalition + "can spend any nonce it learns (a pending transaction shows it) or forge a spend. " +
		"Bound: one transaction per nonce it blocks, on the ledger with its creator; the holder asks its verifier for a new nonce",
})

// NymCount is the number of accepted uses of a pseudonym in a context
// under a key.
var NymCount = Declare(Kind{
	ObjectType: "bbs.nymcount",
	Attrs:      "key hash, context hash, pseudonym hex",
	Value:      `{"uses"}`,
	Rule:       RuleSpend,
	Writers:    "SubmitProof(s) of a pseudonym scheme and SubmitCredential(s) of a pseudonym credential: every use reads and rewrites it",
	Anchor:     "none, a spend; one carrying a key-level policy is refused (`BBS_UNTRUSTED_RECORD`) by every use and by VerifyProof",
	Proves:     "the number of uses accepted for this pseudonym in this context under this key; two uses endorsed against one state conflict at commit (MVCC)",
	Limits: spendCoalition + "can set any count: accept a use beyond the limit, or block the pseudonym (a count at the limit, or a policy nobody satisfies). " +
		"Bound: one transaction blocks one pseudonym in one context under one key for good (a voter kept from that poll), on the ledger with its creator; " +
		"it needs the pseudonym, which a pending transaction shows",
})

// NymUse is one accepted use of a pseudonym.
var NymUse = Declare(Kind{
	ObjectType: "bbs.nymuse",
	Attrs:      "context hash, pseudonym hex, key hash, sequence, record ID",
	Value:      `{"txId", "recordId", "sequence", "issuer", "keyVersion", "keySha256", "timestamp"}`,
	Rule:       RuleSpend,
	Writers:    "SubmitProof(s) and SubmitCredential(s) of a pseudonym, once per use, without reading it; never rewritten",
	Anchor:     "none, a spend; GetPseudonymUses refuses (BBS_UNTRUSTED_RECORD) a list holding one that carries a key-level policy; the key ends with the record ID of the use's verification (its transaction ID), so a key created before the use cannot block it (before 0.3.0 it ended with the sequence)",
	Proves:     "that this use of the pseudonym was accepted, with its place in block order",
	Limits: spendCoalition + "can forge or change a listed use. " +
		"Bound: an endorser of a use can create its key first, in a transaction of its own with a policy nobody satisfies: that use fails at commit " +
		"(one transaction per use blocked, on the ledger with its creator); the next has another key",
})

// Verification is the record of an accepted proof.
var Verification = Declare(Kind{
	ObjectType: "bbs.verification",
	Attrs:      "record ID",
	Value:      "Verification (GetVerification's JSON)",
	Rule:       RuleSpend,
	Writers:    "SubmitProof(s) and SubmitCredential(s), once per accepted proof, without reading it; never rewritten",
	Anchor:     "none, a spend; GetVerification refuses one carrying a key-level policy (`BBS_UNTRUSTED_RECORD`); the record ID starts with the recording transaction's ID, unknown before the proposal",
	Proves:     "that a proof was verified under the recorded key and policy, for the recorded nonce, disclosed messages and submitter",
	Limits: spendCoalition + "can forge a verification that never happened, or change one. " +
		"Bound: an endorser of a submission can create its key first, in a transaction of its own with a policy nobody satisfies: that submission fails at commit " +
		"(one transaction per submission blocked, on the ledger with its creator)",
})

// CredentialVerification is the record of an accepted credential.
var CredentialVerification = Declare(Kind{
	ObjectType: "bbs.credential",
	Attrs:      "record ID",
	Value:      "CredentialVerification (GetCredentialVerification's JSON)",
	Rule:       RuleSpend,
	Writers:    "SubmitCredential(s), once per accepted credential (with its bbs.verification), without reading it; never rewritten",
	Anchor:     "none, a spend; GetCredentialVerification refuses one carrying a key-level policy (`BBS_UNTRUSTED_RECORD`); the record ID starts with the recording transaction's ID",
	Proves:     "that a credential was verified, with the recorded contexts, hashes and policy",
	Limits: spendCoalition + "can forge a credential verification, or change one. " +
		"Bound: as bbs.verification's, one transaction per submission blocked",
})
