// SPDX-License-Identifier: Apache-2.0

package records

// Endorsement is the channel's endorsement configuration.
var Endorsement = Declare(Kind{
	ObjectType: "bbs.endorsement",
	Attrs:      "none",
	Value:      `{"mode", "orgs", "updatedAt", "txId", "generation", "history"}`,
	Rule:       RuleConfig,
	Writers:    "SetEndorsementConfig",
	Anchor:     "the first one is first come, first served under the chaincode policy; it carries the policy of a peer of each of its organisations, and one that carries another is not believed (every owned record is then refused)",
	Proves:     "the key-level policy every owned record must carry, now and under each earlier configuration",
	Limits:     "whoever satisfies the chaincode policy before the organisations configure the channel chooses the first configuration: the organisations read it (GetEndorsementConfig) before they create records",
})
