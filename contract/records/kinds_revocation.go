// SPDX-License-Identifier: Apache-2.0

package records

// The revocation state of an issuer: its epoch, its accumulator (head,
// removal records, handle index) and its status lists (head, pages).
// The issuer record is their anchor: its directory names the generation
// (the tx ID of the owner's transaction that created the child) that is
// part of each head's key.

// Epoch is an issuer's current epoch (revocation level 1).
var Epoch = Declare(Kind{
	ObjectType: "bbs.epoch",
	Attrs:      "issuer ID, generation",
	Value:      `{"issuer", "epoch", "previous", "updatedAt", "txId"}`,
	Rule:       RuleOwner,
	Writers:    "SetIssuerEpoch",
	Anchor:     "the issuer record names its generation (the tx ID of the owner's first SetIssuerEpoch), so no key can be created before it; an epoch under another generation is never read",
	Proves:     "the epoch the owner published last: a proof under an epoch rule must disclose at least it minus the grace",
	Limits:     "AND: none. MAJORITY, OR: an endorser of the owner's first SetIssuerEpoch can create that key first with a policy the owner cannot satisfy, failing that one transaction at commit (a resubmission has a new tx ID); the first SetIssuerEpoch writes the issuer record, so proofs of the issuer endorsed in the same block fail MVCC. An issuer registered before 0.3.0 reads its old key (without generation) by its policy alone until its record's first write under 0.3.0, which lists the old key if it then carries the owner's policy: one the coalition created there before with that policy and false content is believed.",
})

// AccumulatorHead is an issuer's accumulator: key, version, value.
var AccumulatorHead = Declare(Kind{
	ObjectType: "bbs.accumulator",
	Attrs:      "issuer ID, generation",
	Value:      `{"issuer", "publicKey", "initialValue", "version", "value", "updatedAt", "txId", "handleIndex", "handleIndexTxId", "removals": {"legacy", "chain"}}`,
	Rule:       RuleOwner,
	Writers:    "SetAccumulator, SetAccumulatorHandleIndex, RevokeHandle, RevokeHandles",
	Anchor:     "the issuer record names its generation (the tx ID of the owner's SetAccumulator), so no key can be created before it; an accumulator under another generation is never read",
	Proves:     "the accumulator's key, current version and value, the declared handle index, and the tx IDs that name the removal records (chain)",
	Limits:     "AND: none. MAJORITY, OR: an endorser of the owner's SetAccumulator can create that key first with a policy the owner cannot satisfy, failing that one transaction at commit (a resubmission has a new tx ID); SetAccumulator writes the issuer record, so proofs of the issuer endorsed in the same block fail MVCC. An issuer registered before 0.3.0 reads its old key (without generation) by its policy alone until its record's first write under 0.3.0, which lists the old key if it then carries the owner's policy: one the coalition created there before with that policy and false content is believed.",
})

// AccumulatorRemoval is the removal (or batch) record of one version.
var AccumulatorRemoval = Declare(Kind{
	ObjectType: "bbs.accumulator.removal",
	Attrs:      "issuer ID, version (20 digits), tx ID of the revoking transaction",
	Value:      `{"issuer", "removal" or "batch", "version", "createdAt", "txId", "links"}`,
	Rule:       RuleOwner,
	Writers:    "RevokeHandle, RevokeHandles",
	Anchor:     "its key holds the tx ID of the revocation that writes it, unknown before the proposal, so no next key can be created first; it is read only when named: the accumulator head at version x, and the removal of version x+1, name the removals of x, of x with its lowest set bit cleared, and so on (popcount(x) tx IDs), so every version is at most log2(versions)+1 records from the head; a record under another tx ID is never read",
	Proves:     "the removal of version k, checked with revocation.VerifyRemoval (or VerifyBatchRemoval) against version k-1 before it was written: holders update their witnesses from it, and a presentation against version k is verified against its value",
	Limits:     "AND: none. MAJORITY, OR: an endorser of a revocation can create its key first with a policy the owner cannot satisfy, failing that one transaction at commit (a resubmission has a new tx ID). Removals made before 0.3.0 stay at their old keys without a key-level policy: the coalition can rewrite them, as before",
})

// AccumulatorHandle is the index of one removed handle.
var AccumulatorHandle = Declare(Kind{
	ObjectType: "bbs.accumulator.handle",
	Attrs:      "issuer ID, handle (64 hex digits)",
	Value:      `{"version"}`,
	Rule:       RuleOwner,
	Writers:    "RevokeHandle, RevokeHandles",
	Anchor:     "self-certifying: believed only if the removal record of the version it names, found from the accumulator head, removes that handle; an entry that is not believed never blocks a revocation: it is overwritten, or, if it carries a key-level policy other than the owner's, left alone and not written",
	Proves:     "that the handle was removed at that version: a second removal of it is refused (BBS_EXISTS)",
	Limits:     "AND: none. MAJORITY, OR: the coalition can create the key of a handle not yet removed with a policy the owner cannot satisfy; that handle's revocation still commits, without an index entry, so a later double revocation of it is not refused (it makes a version that revokes no one). An entry naming a removal made before 0.3.0 (which carries no key-level policy) is not believed: those handles can be removed again",
})

// StatusList is the head of an issuer's status list.
var StatusList = Declare(Kind{
	ObjectType: "bbs.statuslist",
	Attrs:      "issuer ID, list ID, generation",
	Value:      `{"issuer", "list", "purpose", "size", "pageBits", "pages", "createdAt", "txId"}`,
	Rule:       RuleOwner,
	Writers:    "CreateStatusList",
	Anchor:     "the issuer record names its generation (the tx ID of the owner's CreateStatusList), so no key can be created before it; a list under another generation is never read",
	Proves:     "the list's purpose and size, fixed at creation",
	Limits:     "AND: none. MAJORITY, OR: an endorser of the owner's CreateStatusList can create that key (or a page's) first with a policy the owner cannot satisfy, failing that one transaction at commit (a resubmission has a new tx ID); CreateStatusList writes the issuer record, so proofs of the issuer endorsed in the same block fail MVCC. An issuer registered before 0.3.0 reads its old key (without generation) by its policy alone until its record's first write under 0.3.0, which lists the old key if it then carries the owner's policy: one the coalition created there before with that policy and false content is believed.",
})

// StatusPage is one page of a status list.
var StatusPage = Declare(Kind{
	ObjectType: "bbs.statuspage",
	Attrs:      "issuer ID, list ID, generation, page (4 digits)",
	Value:      `{"issuer", "list", "page", "version", "bits", "updatedAt", "txId"}`,
	Rule:       RuleOwner,
	Writers:    "CreateStatusList, UpdateStatusList",
	Anchor:     "created with its list, in the same transaction: its key holds the list's generation, which the issuer record names, so no page can be created before it",
	Proves:     "the entries of the page: a request or credential whose entry is set is refused",
	Limits:     "AND: none. MAJORITY, OR: as the list's head (one CreateStatusList failed at commit)",
})
