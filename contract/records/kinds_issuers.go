// SPDX-License-Identifier: Apache-2.0

package records

// Issuer is an issuer's record, the anchor of its other records.
var Issuer = Declare(Kind{
	ObjectType: "bbs.issuer",
	Attrs:      "issuer ID",
	Value:      `Issuer (GetIssuer's JSON) and "records", the directory of its other records' generations`,
	Rule:       RuleOwner,
	Writers:    "RegisterIssuer creates it; RotateIssuerKey, RevokeIssuerKey, RevokeIssuer, SetIssuerSettings, DeclareVerificationMethods and each transaction that creates one of its other records change it",
	Anchor:     "a root, first come, first served under the chaincode policy: RegisterIssuer refuses an ID whose key exists, believed or not; believed only with the key-level policy of the owner it names (OwnerPolicies), which every write sets",
	Proves:     "that each change after its creation was endorsed by a peer of its owner's organisation (in mode `and`, and of each configured one); if the contract created it, that its owner proved possession of its first key",
	Limits:     "whoever satisfies the chaincode policy (AND: every organisation; MAJORITY: a majority, possibly without the owner's; OR: any one) can create an unused ID first, naming any owner and content (also another issuer's public key, without proof of possession): it is then that owner's, who alone can change or revoke it, and no other issuer's record is affected. One with a foreign or no key-level policy is refused (BBS_UNTRUSTED_RECORD) and left out of ListIssuers; its ID stays taken (one write per ID)",
})

// PublicKey is an entry of the public-key index: which issuer key version
// holds a public key.
var PublicKey = Declare(Kind{
	ObjectType: "bbs.key",
	Attrs:      "hex SHA-256 of the public key; then, if that key was taken when the key was registered, the registering transaction's ID",
	Value:      `{"issuer", "version"}`,
	Rule:       RuleOwner,
	Writers:    "RegisterIssuer, RotateIssuerKey (created, never changed)",
	Anchor:     "believed only with the key-level policy of the owner of the issuer it names, whose believed record holds the public key at that version; readers scan [hash] and every [hash, tx ID]; a registration that finds [hash] taken by an entry that is not believed writes [hash, its tx ID], unknown before its proposal",
	Proves:     "that the public key is registered, once and for good, as that key version of that issuer",
	Limits:     "the coalition can create entries under any hash: each costs a reader of that key one key, one key-level policy and one issuer record, up to 100 entries, past which registering the key and resolving its did:key are refused (BBS_UNTRUSTED_RECORD); it can fail each registration or rotation it endorses, once per write ordered before it (it sees the tx ID; it could as well refuse to endorse); an issuer record of its own that holds the key (see bbs.issuer) makes the key registered (the holder registers another key) and its did:key resolve only in requests that name the issuer",
})
