// SPDX-License-Identifier: Apache-2.0

package base

import (
	"fmt"
	"slices"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/pkg/cid"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/proto"
)

// AdminAttribute is the certificate attribute that lets an identity of an
// issuer owner's MSP act for the owner, when its value is "true".
const AdminAttribute = "bbs.admin"

// MaxIdentityIDLength is the longest client identity ID (cid.GetID:
// base64 of the certificate's subject and issuer names) of a
// Submitter, in bytes: it is stored as a record's owner or submitter.
const MaxIdentityIDLength = 4096

// MaxEndorsementOrgs is the most organisations an endorsement
// configuration may name; MaxMSPIDLength the longest MSP ID.
const (
	MaxEndorsementOrgs = 32
	MaxMSPIDLength     = 128
)

// Owner is the identity that registered an issuer: its MSP and its client
// identity ID (as Fabric's client-identity library computes it; see
// request.SubmitterID).
type Owner struct {
	// MSPID is the owner's MSP.
	MSPID string `json:"mspId"`
	// ID is the owner's client identity ID.
	ID string `json:"id"`
}

// Submitter is the identity that submitted a transaction.
type Submitter struct {
	MSPID string
	ID    string // client identity ID (cid.GetID)
	Admin bool   // carries AdminAttribute=true
	// nodeAdmin: its certificate's subject has the organizational unit
	// NodeOUAdmin.
	nodeAdmin bool
}

// NodeOUAdmin is the organizational unit that marks an admin certificate
// of an MSP with NodeOUs enabled (Fabric's default AdminOUIdentifier:
// cryptogen with EnableNodeOUs gives Admin@ certificates OU=admin, Fabric
// CA identities of type admin get it).
const NodeOUAdmin = "admin"

// SubmitterOf identifies the transaction's submitter with Fabric's
// client-identity library. It uses the identity contract-api parsed from
// the creator before the transaction (ctx.GetClientIdentity), and parses the
// creator itself only when that is unusable (contract-api keeps a nil
// identity when the creator does not parse, and the error then comes from
// this parse). In the contract's own context the answer, error included, is
// kept for the rest of the transaction: the creator does not change within
// one.
func SubmitterOf(ctx contractapi.TransactionContextInterface) (*Submitter, error) {
	tc, ok := ctx.(*TxContext)
	if ok && tc.submitterDone {
		return tc.submitter, tc.submitterErr
	}
	sub, err := submitterOf(ctx)
	if ok {
		tc.submitter, tc.submitterErr, tc.submitterDone = sub, err, true
	}
	return sub, err
}

// clientIdentity returns contract-api's parse of the creator, or a parse of
// its own when contract-api has none.
func clientIdentity(ctx contractapi.TransactionContextInterface) (cid.ClientIdentity, error) {
	if ci := ctx.GetClientIdentity(); ci != nil {
		if c, isCID := ci.(*cid.ClientID); !isCID || c != nil {
			return ci, nil
		}
	}
	return cid.New(ctx.GetStub())
}

func submitterOf(ctx contractapi.TransactionContextInterface) (*Submitter, error) {
	ci, err := clientIdentity(ctx)
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
	if len(mspID) > MaxMSPIDLength {
		return nil, fmt.Errorf("%w: the submitter's MSP ID is %d bytes, over the limit of %d", ErrInvalidArgument, len(mspID), MaxMSPIDLength)
	}
	if len(id) > MaxIdentityIDLength {
		return nil, fmt.Errorf("%w: the submitter's identity ID (its certificate's subject and issuer names) is %d bytes, over the limit of %d", ErrInvalidArgument, len(id), MaxIdentityIDLength)
	}
	value, found, err := ci.GetAttributeValue(AdminAttribute)
	if err != nil {
		return nil, fmt.Errorf("reading the submitter's %s attribute: %w", AdminAttribute, err)
	}
	cert, err := ci.GetX509Certificate()
	if err != nil {
		return nil, fmt.Errorf("cannot read the submitter's certificate: %w", err)
	}
	nodeAdmin := cert != nil && slices.Contains(cert.Subject.OrganizationalUnit, NodeOUAdmin)
	return &Submitter{MSPID: mspID, ID: id, Admin: found && value == "true", nodeAdmin: nodeAdmin}, nil
}

// OrgAdmin reports whether the submitter is an admin of its MSP as the
// contract counts them for a change of the endorsement configuration: its
// certificate is of NodeOU admin (OU=admin in its subject, as the MSP
// classifies admins with NodeOUs enabled), or carries AdminAttribute=true
// (which the MSP's CA gives only to identities the organisation lets act
// for every owner of its MSP). The MSP has validated the certificate
// before the chaincode runs; admins listed only in an MSP's admincerts
// folder, without the OU, are not recognised.
func (s *Submitter) OrgAdmin() bool { return s.nodeAdmin || s.Admin }

// Owner returns the submitter as the owner of a record it creates (an
// issuer or a policy).
func (s *Submitter) Owner() Owner { return Owner{MSPID: s.MSPID, ID: s.ID} }

// authorize returns nil if the submitter may change a record owned by
// Owner: it is the owner, or an identity of the owner's MSP with
// AdminAttribute=true. what names the record in the error, as in
// `issuer "acme"`.
func (s *Submitter) authorize(what string, owner Owner) error {
	if s.MSPID == owner.MSPID && (s.ID == owner.ID || s.Admin) {
		return nil
	}
	return fmt.Errorf("%w: only the owner of %s, or an identity of MSP %s with attribute %s=true, may change it; the submitter is of MSP %s",
		ErrAccessDenied, what, owner.MSPID, AdminAttribute, s.MSPID)
}

// authorizeChange returns nil if the transaction may change a record owned
// by owner: it invokes bbs directly or through one of the callers the owner
// allowed (see requireDirect), and its submitter is allowed (see
// authorize).
func authorizeChange(ctx contractapi.TransactionContextInterface, what string, owner Owner, callers []string) error {
	if err := RequireDirect(ctx, what, callers); err != nil {
		return err
	}
	sub, err := SubmitterOf(ctx)
	if err != nil {
		return err
	}
	return sub.authorize(what, owner)
}

// AuthorizeLiveChange returns nil if the transaction may change the record
// what, owned by owner (see authorizeChange), and the record is not ended
// (a revoked issuer, a retired policy: ended true, state the error that
// says so).
func AuthorizeLiveChange(ctx contractapi.TransactionContextInterface, what string, owner Owner, callers []string, ended bool, state error) error {
	if err := authorizeChange(ctx, what, owner, callers); err != nil {
		return err
	}
	if ended {
		return fmt.Errorf("%s is %w and cannot be changed", what, state)
	}
	return nil
}

// RequireDirect is the rule of every owner-only transaction (creating or
// changing an issuer, its settings, a policy, the endorsement
// configuration): it returns nil if the chaincode that the client's signed
// proposal invokes is bbs itself, by the name it is deployed under
// (Contract.ChaincodeName), or one of callers, the chaincodes the record's
// Owner allowed to call it; else ErrAccessDenied. what names the record in
// the error.
//
// In a chaincode-to-chaincode call the peer hands the callee the client's
// signed proposal unchanged, and the submitter the callee sees is the
// client: without this rule, any chaincode an owner submits a transaction
// to could change the owner's records in the owner's name. The rule reads
// the proposal's ChaincodeHeaderExtension, the chaincode the peer runs
// and the committers validate the transaction for, not its
// ChaincodeInvocationSpec, which the peer does not check against it; and a
// caller chaincode cannot pass it by forwarding the arguments bbs expects.
// The proposal must be of this very transaction and channel (a
// cross-channel call is a query: its writes are discarded).
func RequireDirect(ctx contractapi.TransactionContextInterface, what string, callers []string) error {
	tc, ok := ctx.(*TxContext)
	if !ok || tc.ChaincodeName == "" {
		return fmt.Errorf("%w: %s: cannot tell the name the bbs chaincode is deployed under", ErrAccessDenied, what)
	}
	invoked, err := InvokedChaincode(ctx.GetStub())
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrAccessDenied, what, err)
	}
	if invoked == tc.ChaincodeName || slices.Contains(callers, invoked) {
		return nil
	}
	return fmt.Errorf("%w: %s: an owner-only transaction must invoke chaincode %s itself, not run through chaincode %s (an issuer's owner may allow calling chaincodes in the issuer's settings, allowedCallers)",
		ErrAccessDenied, what, tc.ChaincodeName, request.Excerpt(invoked))
}

// InvokedChaincode returns the name of the chaincode that the
// transaction's signed proposal invokes, from its channel header's
// ChaincodeHeaderExtension (as Fabric's endorser, protoutil.UnpackProposal,
// and the committers' validator read it). The proposal must be of the
// stub's transaction and channel.
func InvokedChaincode(stub shim.ChaincodeStubInterface) (string, error) {
	sp, err := stub.GetSignedProposal()
	if err != nil {
		return "", fmt.Errorf("reading the signed proposal: %w", err)
	}
	if sp == nil {
		return "", fmt.Errorf("the transaction has no signed proposal")
	}
	var prop peer.Proposal
	var hdr common.Header
	var chdr common.ChannelHeader
	var ext peer.ChaincodeHeaderExtension
	if err := proto.Unmarshal(sp.GetProposalBytes(), &prop); err != nil {
		return "", fmt.Errorf("the signed proposal does not decode: %v", err)
	}
	if err := proto.Unmarshal(prop.GetHeader(), &hdr); err != nil {
		return "", fmt.Errorf("the proposal's header does not decode: %v", err)
	}
	if err := proto.Unmarshal(hdr.GetChannelHeader(), &chdr); err != nil {
		return "", fmt.Errorf("the proposal's channel header does not decode: %v", err)
	}
	if chdr.GetType() != int32(common.HeaderType_ENDORSER_TRANSACTION) {
		return "", fmt.Errorf("the proposal is not an endorser transaction")
	}
	if chdr.GetTxId() != stub.GetTxID() || chdr.GetChannelId() != stub.GetChannelID() {
		return "", fmt.Errorf("the proposal is of another transaction or channel")
	}
	if err := proto.Unmarshal(chdr.GetExtension(), &ext); err != nil {
		return "", fmt.Errorf("the proposal's chaincode header extension does not decode: %v", err)
	}
	name := ext.GetChaincodeId().GetName()
	if name == "" {
		return "", fmt.Errorf("the proposal names no chaincode")
	}
	return name, nil
}
