// SPDX-License-Identifier: Apache-2.0

package records

// Issuer is an issuer's record, the anchor of its other records.
var Issuer = Declare(Kind{
	ObjectType: "bbs.issuer",
	Attrs:      "issuer ID",
	Value:      `Issuer (GetIssuer's JSON) and "records", the directory of its other records' generations`,
	Rule:       RuleOwner,
	Writers:    "RegisterIssuer, RotateIssuerKey, SetIssuerSettings, RevokeIssuer, DeclareVerificationMethods, and every transaction that creates one of its other records",
	Anchor:     "first come, first served under the chaincode policy; believed only with the key-level policy of the owner it names",
	Proves:     "that every change after its creation was endorsed by its owner's organisation (in mode `and`, and every configured one)",
	Limits:     "who created it: whoever satisfies the chaincode policy can take an unused ID, naming any owner (the record is then that owner's)",
})
