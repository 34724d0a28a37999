// SPDX-License-Identifier: Apache-2.0

package records

// Context is an application JSON-LD context registered for an issuer
// (contract/credential_context.go).
var Context = Declare(Kind{
	ObjectType: "bbs.context",
	Attrs:      "issuer ID, hex SHA-256 of the URL, generation (the registering transaction's ID; none for a legacy context)",
	Value:      `{"issuer", "url", "sha256", "document", "registrant", "txId", "timestamp"}`,
	Rule:       RuleOwner,
	Writers: "RegisterContext, directly, by the issuer's owner or an admin of its MSP: creates it and, in the same transaction, " +
		"names its generation in the issuer record's directory (contexts: URL hash -> generation); never rewritten",
	Anchor: "read only at the generation the believed issuer record names, and only with one of the owner's policies: " +
		"a context created by others, at any key and with any policy, is never read; its key holds the registering " +
		"transaction's ID, unknown before the proposal, so it cannot be created first",
	Proves: "that the issuer's owner declared these bytes the meaning of this URL for the issuer's credentials; " +
		"the issuer's credentials are read with exactly these bytes (their records list the SHA-256)",
	Limits: "not that the document is what the URL serves, nor anything about another issuer's credentials. " +
		"A named context that is absent, lacks the owner's policy or does not match its key refuses every credential naming it (BBS_UNTRUSTED_RECORD). " +
		"DoS: an endorser of a RegisterContext can create its key first in a transaction of its own, with a policy the owner " +
		"does not satisfy: that registration fails at commit (one transaction per registration blocked, on the ledger with its creator); " +
		"the next one has another key. Legacy: until an issuer registered before 0.3.0 has its record written again, " +
		"a context at the legacy key is believed on the owner's policy alone, and that write keeps those it finds",
})
