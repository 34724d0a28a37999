// SPDX-License-Identifier: Apache-2.0

package records

// PolicyHead is a verification policy's record: its owner, its versions
// (each naming and pinning its document) and its retirement.
var PolicyHead = Declare(Kind{
	ObjectType: "bbs.policy",
	Attrs:      "policy ID",
	Value:      `{"id", "owner", "versions": [{"txId", "sha256", "createdAt"}], "retired", "retiredAt", "updatedAt"}`,
	Rule:       RuleOwner,
	Writers:    "CreatePolicy creates it; UpdatePolicy and RetirePolicy change it",
	Anchor:     "a root, first come, first served under the chaincode policy: CreatePolicy refuses an ID whose key exists, believed or not; believed only with the key-level policy of the owner it names, which every write sets",
	Proves:     "the policy's versions and retirement: each change after its creation endorsed by a peer of its owner's organisation (in mode `and`, and of each configured one)",
	Limits:     "whoever satisfies the chaincode policy (AND: every organisation; MAJORITY: a majority, possibly without the owner's; OR: any one) can create an unused ID first, naming any owner and documents: it is then that owner's, who alone can update or retire it, and no other policy is affected. One with a foreign or no key-level policy is refused (BBS_UNTRUSTED_RECORD), by requests that name it too, and left out of ListPolicies; its ID stays taken (one write per ID)",
})

// PolicyDoc is the canonical document of one version of a policy.
var PolicyDoc = Declare(Kind{
	ObjectType: "bbs.policydoc",
	Attrs:      "policy ID, ID of the transaction that made the version",
	Value:      "the canonical policy document (policy.Marshal)",
	Rule:       RuleOwner,
	Writers:    "CreatePolicy, UpdatePolicy (created with the head's version, never changed)",
	Anchor:     "named by a believed head, by the transaction ID in its key (unknown before the proposal) and its SHA-256: believed only if its hash matches, whatever its key-level policy; a key no head names is never read",
	Proves:     "the exact document of that version",
	Limits:     "the coalition can fail each CreatePolicy or UpdatePolicy it endorses by creating its document key first (one write ordered before it; it could as well refuse to endorse): the resubmission has another transaction ID, so another key",
})

// PredicateParams are the public parameters of range or set-membership
// predicates (predicate.Params) under an ID that policy rules name.
var PredicateParams = Declare(Kind{
	ObjectType: "bbs.params",
	Attrs:      "parameters ID",
	Value:      `{"id", "owner", "kind", "base", "size", "params", "sha256", "txId", "createdAt"}`,
	Rule:       RuleOwner,
	Writers:    "CreatePredicateParams (created, never changed: new parameters take a new ID)",
	Anchor: "a root, first come, first served under the chaincode policy: CreatePredicateParams refuses an ID whose key exists, believed or not; " +
		"believed only with the key-level policy of the owner it names; a policy's predicate rule uses it only if that owner's MSP is the policy owner's, " +
		"and only if its bytes parse as the parameters of the kind the rule needs",
	Proves: "that a peer of the owner's organisation endorsed these parameter bytes under this ID, checked with predicate.ParseParams when written " +
		"(every signature in the bytes verifies under their key)",
	Limits: "not that the owner keeps the parameters' secret key from every prover: whoever knows it can prove any value in range or in the set, " +
		"so a policy's rules use only parameters of the policy's own owner. Whoever satisfies the chaincode policy (AND: every organisation; MAJORITY: a majority, possibly without the owner's; OR: any one) " +
		"can create an unused ID first, naming any owner, with that owner's key-level policy and parameters whose secret it knows: the owner's CreatePredicateParams of that ID then fails (BBS_EXISTS), " +
		"so an owner names in its policies only IDs its own CreatePredicateParams committed (GetPredicateParams shows the transaction). " +
		"One with a foreign or no key-level policy is refused (BBS_UNTRUSTED_RECORD), by GetPredicateParams and by the requests that need it; its ID stays taken (one write per ID)",
})
