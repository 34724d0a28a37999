// SPDX-License-Identifier: Apache-2.0

package records

// Endorsement is the channel's endorsement configuration.
var Endorsement = Declare(Kind{
	ObjectType: "bbs.endorsement",
	Attrs:      "none",
	Value:      `{"mode", "orgs", "updatedAt", "txId", "generation", "history", "slots"}`,
	Rule:       RuleConfig,
	Writers:    "SetEndorsementConfig: the first configuration; a change, in the transaction of the last admin to approve it; the first approval under a configuration stored by 0.2.0 (it adds the slots, the configuration unchanged)",
	Anchor:     "the first one is first come, first served under the chaincode policy; it then carries the policy of a peer of each of its organisations, so that only a transaction all of them endorse changes it; one that carries another policy is not believed (every owned record is then refused)",
	Proves:     "the key-level policy every owned record must carry, now and under each earlier configuration; the approval slot of each configured organisation; a change since the first one was approved by an admin of each organisation configured then",
	Limits:     "whoever satisfies the chaincode policy before the organisations configure the channel (AND: all organisations; MAJORITY: a majority; OR: any one) chooses the first configuration: the organisations read it (GetEndorsementConfig) before they create records. A configured organisation blocks a change by not approving it: the current configuration stays. It keeps 32 earlier configurations (each once): a change to a 33rd distinct one is refused",
})

// EndorsementApproval is one organisation's approval slot of the
// endorsement configuration: the change its admin last approved.
var EndorsementApproval = Declare(Kind{
	ObjectType: "bbs.endorsement.approval",
	Attrs:      "MSP ID, slot (the ID of the transaction that created it)",
	Value:      `{"generation", "configSha256", "txId", "submitter"}`,
	Rule:       RuleOrg,
	Writers:    "SetEndorsementConfig: created empty in the transaction that stores a configuration first naming the organisation (or migrates a 0.2.0 one); rewritten by each approval of an admin of that organisation",
	Anchor:     "the configuration names the slot it counts (its key holds the creating transaction's ID, unknown before that proposal): a slot at another key is ignored; it carries the policy of its organisation's peer alone, so only that peer's endorsement rewrites it; a named slot with another policy is refused",
	Proves:     "that the organisation's own peer endorsed the approval, by an admin of the organisation (certificate of NodeOU admin, or bbs.admin=true), of the configuration with that SHA-256, at that generation",
	Limits:     "under any channel policy (AND, MAJORITY, OR) no other organisation writes it. An approval of an earlier generation counts for nothing. An endorser of the transaction that creates a slot can race that one proposal, creating the key first, so that it fails at commit: resubmitting gives a new transaction ID, and the endorser could as well refuse to endorse",
})
