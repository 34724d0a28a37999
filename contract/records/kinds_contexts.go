// SPDX-License-Identifier: Apache-2.0

package records

// Context is an application JSON-LD context registered for an issuer.
var Context = Declare(Kind{
	ObjectType: "bbs.context",
	Attrs:      "issuer ID, URL hash, generation",
	Value:      `{"issuer", "url", "sha256", "document", "registrant", "txId", "timestamp"}`,
	Rule:       RuleOwner,
	Writers: "RegisterContext, directly, by the issuer's owner or an admin of its MSP: it creates the record and names its generation " +
		"(its transaction ID) in the issuer record's directory, in the same transaction; never rewritten",
	Anchor: "read only at the generation the believed issuer record names for the URL hash, and only with one of the owner's policies: " +
		"a context created by others, at any key and with any policy, is never read; the generation is unknown before the owner's proposal",
	Proves: "that the issuer's owner declared these bytes the meaning of this URL for the issuer's credentials, which are read with exactly these bytes",
	Limits: "not that the document is what the URL serves. A named context that is absent or not believed refuses the credentials naming it (`BBS_UNTRUSTED_RECORD`). " +
		"Bound: an endorser of a RegisterContext can create its key first, in a transaction of its own with a policy the owner does not satisfy: " +
		"that registration fails at commit (one transaction per registration blocked, on the ledger with its creator); the next has another key. " +
		"Legacy (an issuer whose record was last written before 0.3.0): a context at the old key `[issuer ID, URL hash]` is believed on the owner's policy alone, " +
		"and the record's next write lists those it finds then",
})
