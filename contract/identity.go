package contract

import (
	"fmt"

	"github.com/hyperledger/fabric-chaincode-go/v2/pkg/cid"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// submitter is the identity that submitted a transaction.
type submitter struct {
	mspID string
	id    string // client identity ID (cid.GetID)
	admin bool   // carries AdminAttribute=true
}

// submitterOf identifies the transaction's submitter with Fabric's
// client-identity library. It reads the creator itself rather than
// ctx.GetClientIdentity, which is unusable when the creator does not parse.
func submitterOf(ctx contractapi.TransactionContextInterface) (*submitter, error) {
	ci, err := cid.New(ctx.GetStub())
	if err != nil {
		return nil, fmt.Errorf("cannot identify the submitter: %w", err)
	}
	mspID, err := ci.GetMSPID()
	if err != nil {
		return nil, fmt.Errorf("cannot identify the submitter's MSP: %w", err)
	}
	if mspID == "" {
		return nil, fmt.Errorf("cannot identify the submitter: empty MSP ID")
	}
	id, err := ci.GetID()
	if err != nil {
		return nil, fmt.Errorf("cannot identify the submitter (an X.509 identity is required): %w", err)
	}
	value, found, err := ci.GetAttributeValue(AdminAttribute)
	if err != nil {
		return nil, fmt.Errorf("reading the submitter's %s attribute: %w", AdminAttribute, err)
	}
	return &submitter{mspID: mspID, id: id, admin: found && value == "true"}, nil
}

// owner returns the submitter as the owner of a record it creates (an
// issuer or a policy).
func (s *submitter) owner() Owner { return Owner{MSPID: s.mspID, ID: s.id} }

// authorize returns nil if the submitter may change a record owned by
// owner: it is the owner, or an identity of the owner's MSP with
// AdminAttribute=true. what names the record in the error, as in
// `issuer "acme"`.
func (s *submitter) authorize(what string, owner Owner) error {
	if s.mspID == owner.MSPID && (s.id == owner.ID || s.admin) {
		return nil
	}
	return fmt.Errorf("%w: only the owner of %s, or an identity of MSP %s with attribute %s=true, may change it; the submitter is of MSP %s",
		ErrAccessDenied, what, owner.MSPID, AdminAttribute, s.mspID)
}

// authorizeChange returns nil if the transaction's submitter may change a
// record owned by owner (see authorize).
func authorizeChange(ctx contractapi.TransactionContextInterface, what string, owner Owner) error {
	sub, err := submitterOf(ctx)
	if err != nil {
		return err
	}
	return sub.authorize(what, owner)
}

// authorizeLiveChange returns nil if the transaction's submitter may
// change the record what, owned by owner (see authorize), and the record is
// not ended (a revoked issuer, a retired policy: ended true, state the
// error that says so).
func authorizeLiveChange(ctx contractapi.TransactionContextInterface, what string, owner Owner, ended bool, state error) error {
	if err := authorizeChange(ctx, what, owner); err != nil {
		return err
	}
	if ended {
		return fmt.Errorf("%s is %w and cannot be changed", what, state)
	}
	return nil
}
