// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// Anonymous revocation, level 3 (docs/revocation-protocol.md): an
// issuer's positive accumulator on the ledger. The contract does no
// cryptography of its own: it calls package revocation.
//
// Records (contract/records, kinds_revocation.go):
//   - records.AccumulatorHead [issuer, generation] → storedAccumulator: the
//     accumulator public key, the current version and value, the declared
//     index of the revocation handle among the credentials' messages, and
//     the chain that names the removal records. The generation is the tx
//     ID of the SetAccumulator that created it, which the issuer record's
//     directory names;
//   - records.AccumulatorRemoval [issuer, version (20 digits), tx ID] →
//     storedRemoval: the 88-byte removal record of that version, checked
//     with revocation.VerifyRemoval before it is written, or the batch
//     record of a RevokeHandles (revocation.BatchRemoval, 12 + 80·m bytes
//     for m handles), checked with revocation.VerifyBatchRemoval. The tx
//     ID is the revoking transaction's, so no one can create the next
//     version's key first. A removal is read only when named: a record at
//     version x (the head, or removal x+1) names the removals of the
//     versions x, x with its lowest set bit cleared, and so on down to its
//     highest bit alone (popcount(x) tx IDs: the links of a Fenwick tree),
//     so any version is at most bits.Len(current) removals from the head
//     (removalAt);
//   - records.AccumulatorHandle [issuer, handle (64 hex digits)] →
//     {"version": k}: the version that removed the handle, one per removed
//     handle, written in the same transaction; a later removal of the same
//     handle is refused (ErrExists, naming k). Believed only if the removal
//     of version k removes the handle; one that is not believed does not
//     block a revocation (checkHandlesNew).
//
// An issuer registered before 0.3.0 keeps its head at the legacy key
// [issuer] (generation "legacy"), and the removals made before 0.3.0 at
// the legacy keys [issuer, version] (removalChain.Legacy); later removals
// are chained as above.

// SetAccumulator creates the issuer's accumulator record from its public
// key and initial value (base64) and the index of the revocation handle
// among its credentials' signed messages (handleIndex, 0 to
// request.MaxMessageIndex): presentations with non-revocation must prove
// the membership of that message. Only the issuer's owner may, invoking bbs
// directly; once: a second call is ErrExists.
func (c *Contract) SetAccumulator(ctx contractapi.TransactionContextInterface, issuerID string, publicKey string, initialValue string, handleIndex int) (*Accumulator, error) {
	return revstate.SetAccumulator(ctx, issuerID, publicKey, initialValue, handleIndex)
}

// SetAccumulatorHandleIndex changes the index of the revocation handle
// that the issuer's accumulator record declares (or declares it, in a
// record written before indices were declared). The authority is
// SetAccumulator's: the issuer's owner, invoking bbs directly, under the
// record's key-level endorsement. From the next block every presentation
// must prove the message at the new index; records of earlier
// verifications name the index they proved (NonRevocation.HandleIndex), and
// a pending transaction that read the old index is invalidated (MVCC).
// Declaring the index the record already declares is ErrExists.
func (c *Contract) SetAccumulatorHandleIndex(ctx contractapi.TransactionContextInterface, issuerID string, handleIndex int) (*Accumulator, error) {
	return revstate.SetAccumulatorHandleIndex(ctx, issuerID, handleIndex)
}

// RevokeHandle records one revocation: removal (base64) is the
// revocation.Removal record of version current+1, which must be the removal
// of its handle from the current value under the accumulator's key
// (revocation.VerifyRemoval). Only the issuer's owner may, invoking bbs
// directly. From the next block, presentations against the new version
// need a witness updated past it, which the revoked holder cannot make.
func (c *Contract) RevokeHandle(ctx contractapi.TransactionContextInterface, issuerID string, removal string) (*Accumulator, error) {
	return revstate.RevokeHandle(ctx, issuerID, removal)
}

// RevokeHandles records one batch of revocations as one version: batch
// (base64) is the revocation.BatchRemoval record of version current+1
// (1 to revocation.MaxBatch distinct handles), which must be the removal of
// its handles from the current value under the accumulator's key, with Ω
// points that let every other holder update
// (revocation.VerifyBatchRemoval). Only the issuer's owner may, invoking
// bbs directly. One ledger record of 12 + 80·m bytes instead of m.
func (c *Contract) RevokeHandles(ctx contractapi.TransactionContextInterface, issuerID string, batch string) (*Accumulator, error) {
	return revstate.RevokeHandles(ctx, issuerID, batch)
}

// GetAccumulator returns the issuer's accumulator record.
func (c *Contract) GetAccumulator(ctx contractapi.TransactionContextInterface, issuerID string) (*Accumulator, error) {
	return revstate.GetAccumulator(ctx, issuerID)
}

// GetAccumulatorRemoval returns the removal record of version (1 or more)
// of the issuer's accumulator: holders apply them in order
// (revocation.Credential.Update).
func (c *Contract) GetAccumulatorRemoval(ctx contractapi.TransactionContextInterface, issuerID string, version int) (*AccumulatorRemoval, error) {
	return revstate.GetAccumulatorRemoval(ctx, issuerID, version)
}

// fenwick(x) are the versions x, x with its lowest set bit cleared, and
// so on while not 0: x's popcount versions, descending. A record at
// version x (the head at x, or the removal of x+1) names their removals.
