// SPDX-License-Identifier: Apache-2.0

// Package contract is the fabric-bbs smart contract, named "bbs": a registry
// of BBS issuer public keys on the ledger, and verification of BBS
// selective-disclosure proofs inside transactions.
//
// Transactions take string, integer and JSON arguments and return JSON
// (camelCase fields, binary values as standard base64); the contract
// metadata (org.hyperledger.fabric:GetMetadata) describes each of them.
//
// Issuer registry:
//
//   - RegisterIssuer(registration) registers an issuer whose owner is the
//     submitting identity, from a JSON registration document (package
//     registration) carrying a proof of possession of the key's secret made
//     for this channel, issuer ID and submitter; bbs+2020 issuers must pin
//     their message counts;
//   - RotateIssuerKey(rotation) adds key version n+1, which becomes
//     current, from a JSON rotation document with the new key's proof of
//     possession; older versions stay usable unless revoked;
//   - RevokeIssuerKey(id, version) and RevokeIssuer(id) revoke a key or the
//     whole issuer, for good;
//   - SetIssuerSettings(id, settings) sets the owner's rules for proofs
//     under the issuer's keys (IssuerSettings: bound nonces required,
//     pinned message counts);
//   - GetIssuer(id), ListIssuers(pageSize, bookmark) and
//     GetIssuerHistory(id, pageSize, bookmark) read the registry.
//
// Only the owner may change an issuer, or an identity of the owner's MSP
// whose certificate carries the attribute bbs.admin=true; and the issuer
// record and its public-key index entries carry a key-level endorsement
// policy, so that only the owner MSP's peers can endorse a change. A public
// key is registered once, under one issuer.
//
// Revocation of single credentials (contract/internal/revstate; a policy's
// validity, epoch and status rules hold requests to them):
//
//   - SetIssuerEpoch(id, epoch) raises the issuer's epoch (event
//     EpochRaised); GetIssuerEpoch(id) reads it;
//   - CreateStatusList(id, list, purpose, size) and UpdateStatusList(id,
//     list, change) keep a paged bit list (event StatusListChanged);
//     GetStatusList, GetStatusPage and GetStatusEntry read it.
//
// Verification policies (package policy), owned, changed and endorsed as
// issuers are:
//
//   - CreatePolicy(policy) stores a policy document as version 1;
//   - UpdatePolicy(id, policy) adds version n+1; older versions stay
//     readable, and a request may name one;
//   - RetirePolicy(id) retires the policy for good;
//   - GetPolicy(id, version) and ListPolicies(pageSize, bookmark) read them;
//   - CreatePredicateParams(id, params) stores the public parameters of
//     range or set predicates that policies' predicate rules name, owned
//     by the submitter and never changed; GetPredicateParams(id) reads them.
//
// A request that names a policy is held to it (contract/internal/proofs,
// policy_eval.go) after
// its limits and before any pairing: VerifyProof reports satisfied and the
// first unmet rule, SubmitProof records only a satisfied request.
//
// Verification:
//
//   - VerifyProof(request) checks a proof without writing anything;
//   - SubmitProof(request) checks a proof, consumes its nonce for the
//     verifying key, stores a Verification under the transaction ID and
//     answers and emits (event ProofVerified) a small ProofReceipt;
//   - VerifyProofs(requests) and SubmitProofs(requests) do the same for a
//     JSON array of up to MaxBatchRequests requests, with per-request
//     results, verifying the proofs together (bbs.VerifyProofs); see
//     BatchRecordID for where SubmitProofs stores its Verifications;
//   - GetVerification(txId) reads a Verification back;
//   - GetPseudonymUses(context, pseudonym) lists the committed uses of a
//     pseudonym in a context (issuers of a pseudonym scheme: SubmitProof
//     accepts a pseudonym once per context and key, see contract/internal/spends).
//
// W3C verifiable credentials (bbs-2023 cryptosuite, with or without its
// pseudonym feature, and BbsBlsSignatureProof2020; package vc; see
// contract/internal/credentials):
//
//   - VerifyCredential(request) verifies a derived credential against the
//     registered key of its did:key verificationMethod, without writing
//     anything, and returns its disclosed claims;
//   - SubmitCredential(request) does the same, consumes the presentation
//     header as SubmitProof consumes a nonce, stores a Verification and a
//     CredentialVerification (hashes, not claims) under the transaction ID
//     and emits event CredentialVerified;
//   - GetCredentialVerification(txId) reads a CredentialVerification back;
//   - RegisterContext(url, document) stores an application JSON-LD context,
//     content-addressed and immutable; GetContext(url) reads it. The core
//     W3C contexts are built in.
//
// The request is the JSON object of package request, which defines its
// fields, its limits and the submitter-bound nonce. Schemes come from the
// bbs package's registry: a scheme registered there is usable here without
// a change to the contract.
//
// Transaction names are case-sensitive; a request argument is parsed with
// request.Parse before anything else reads it.
//
// Every error a transaction returns starts with a stable code of package
// contract/codes and ": " ("BBS_REPLAY: replay: the nonce ..."), from the
// sentinel error it wraps (contract/internal/base, errcodes.go); results that report a request as
// not valid carry the code in their code field.
//
// Every transaction is deterministic: times come from the transaction
// timestamp, nothing is random, and no output depends on map order.
//
// # Rooms
//
// This package is the transaction surface: the Contract type, whose
// methods contract-api finds by reflection, each an argument list, one call
// into the room that owns the transaction and a coded error; the
// chaincode's wiring (contract.go, precheck.go, serializer.go); and, as
// aliases, the exported names of the rooms (api_*.go), so that clients
// see the same types, constants and errors as before the rooms. The rooms
// are packages under contract/internal, one job each:
//
//   - contract/records: each ledger record kind, declared once, and the
//     only way owned records are read (believed) and written
//     (docs/trust-model.md);
//   - contract/internal/base: the sentinel errors and their codes, state
//     helpers, the held stub, paging, the submitter and the transaction
//     context;
//   - contract/internal/endorsement: the channel's endorsement
//     configuration and its approvals;
//   - contract/internal/spends: nonces, pseudonym uses and the
//     per-transaction spend tracker;
//   - contract/internal/issuers: issuers, their keys, settings, the
//     public-key index, declared verification methods, the issuer's
//     directory of its records;
//   - contract/internal/policies: verification policies and the version a
//     request names;
//   - contract/internal/revstate: epochs, status lists, the accumulator;
//   - contract/internal/contexts: registered and built-in JSON-LD
//     contexts;
//   - contract/internal/proofs: BBS proof verification, single and batch,
//     and the transaction's read cache;
//   - contract/internal/credentials: W3C verifiable credentials.
//
// Arrows point one way. A package imports only packages of lower layers,
// lowest first:
//
//	records, codes
//	<- base
//	<- endorsement, spends
//	<- issuers, policies
//	<- revstate, contexts
//	<- proofs
//	<- credentials
//	<- contract
//
// TestLayering (layering_test.go) parses every file's imports and fails
// on an arrow that points up or sideways, or a package not in the layers.
// The rooms are internal, so that the module's API stays what it was:
// package contract (with its aliases), contract/codes and contract/records
// (which internal/tools/recordtable reads); a room's exported names are
// for the rooms above it only.
package contract

import (
	"fmt"
	"log"
	"runtime/debug"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/internal/txname"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
	"github.com/hyperledger/fabric-contract-api-go/v2/metadata"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// Name is the contract's name in the chaincode.
const Name = "bbs"

// Version is the contract's version in its metadata
// (org.hyperledger.fabric:GetMetadata, contracts.bbs.info.version), in
// semantic versioning: a major version may change a transaction's JSON or
// a stored record's meaning, a minor version adds, a patch fixes
// (CHANGELOG.md, docs/upgrade.md).
const Version = "0.3.0"

// Limits of the contract, checked before any state access or cryptography.
// The verification request has its own limits (package request).
const (
	// MaxArgSize is the largest transaction argument, in bytes.
	MaxArgSize = request.MaxRequestSize

	// MinPageSize and MaxPageSize bound the page size of ListIssuers,
	// GetIssuerHistory and ListPolicies.
	MinPageSize, MaxPageSize = base.MinPageSize, base.MaxPageSize

	// MaxPageBytes is the most bytes of records, as JSON, in one page of
	// ListIssuers, GetIssuerHistory and ListPolicies: a page ends before
	// the record that would take it past MaxPageBytes (its first record
	// always fits), and its bookmark starts the next page there.
	MaxPageBytes = base.MaxPageBytes
)

// evaluateTransactions are the read-only transactions.
var evaluateTransactions = []string{"GetIssuer", "ListIssuers", "GetIssuerHistory", "VerifyProof", "VerifyProofs", "GetVerification", "GetPseudonymUses",
	"GetPolicy", "ListPolicies", "GetEndorsementConfig", "GetEndorsementApprovals", "VerifyCredential", "GetCredentialVerification", "GetContext",
	"GetIssuerEpoch", "GetStatusList", "GetStatusPage", "GetStatusEntry",
	"GetAccumulator", "GetAccumulatorRemoval", "GetPredicateParams"}

// Contract is the bbs smart contract. Its exported methods are its
// transactions.
type Contract struct {
	contractapi.Contract
	// ChaincodeName is the name the chaincode is deployed under on its
	// channels (Name unless NewAs says otherwise): an owner-only
	// transaction runs only when the client's proposal invokes the
	// chaincode of this name (see requireDirect).
	ChaincodeName string
	spends        *spends.SpendTracker // what each transaction spent so far (contract/internal/spends)
}

// New returns the contract, deployed under the chaincode name Name, ready
// for contractapi.NewChaincode.
func New() *Contract { return NewAs(Name) }

// NewAs returns the contract of a chaincode deployed under chaincodeName.
func NewAs(chaincodeName string) *Contract {
	c := &Contract{ChaincodeName: chaincodeName, spends: spends.NewSpendTracker()}
	c.Name = Name
	c.Info = metadata.InfoMetadata{
		Title:       "fabric-bbs",
		Version:     Version,
		Description: "Registry of BBS issuer public keys and verification of BBS selective-disclosure proofs",
		License:     &metadata.LicenseMetadata{Name: "Apache-2.0"},
	}
	c.TransactionContextHandler = new(base.TxContext)
	c.BeforeTransaction = c.beforeTransaction
	return c
}

// NewChaincode returns the chaincode that serves the contract, deployed
// under the chaincode name Name.
func NewChaincode() (*Chaincode, error) { return NewChaincodeAs(Name) }

// NewChaincodeAs returns the chaincode that serves the contract, deployed
// under chaincodeName (a Fabric chaincode name: letters and digits,
// separated by single '-' or '_'): the chaincode cannot learn the name
// itself, and owner-only transactions need it (see requireDirect).
func NewChaincodeAs(chaincodeName string) (*Chaincode, error) {
	if !base.ValidChaincodeName(chaincodeName) {
		return nil, fmt.Errorf("creating the %s chaincode: %q is not a valid chaincode name", Name, request.Excerpt(chaincodeName))
	}
	cc, err := contractapi.NewChaincode(NewAs(chaincodeName))
	if err != nil {
		return nil, fmt.Errorf("creating the %s chaincode: %w", Name, err)
	}
	cc.TransactionSerializer = new(resultSerializer)
	return &Chaincode{cc}, nil
}

// Chaincode is the chaincode that serves the contract: contract-api's
// chaincode, whose every error message starts with a stable code of
// package codes (contract/internal/base, errcodes.go), also the errors contract-api makes itself.
// Run it with shim.Start or a shim.ChaincodeServer (internal/ccmain).
type Chaincode struct {
	*contractapi.ContractChaincode
}

// Invoke runs a transaction; an error message carries its code. A panic
// of the transaction is recovered (recoverPanic): the shim runs each
// transaction in a goroutine of its own, where an unrecovered panic would
// end the chaincode process, and with it every transaction in progress.
// The transaction's changes reach the shim only if it succeeds (heldStub).
func (c *Chaincode) Invoke(stub shim.ChaincodeStubInterface) (r *peer.Response) {
	defer recoverPanic(stub, &r)
	held := &base.HeldStub{ChaincodeStubInterface: stub}
	return sendHeld(held, base.CodeResponse(c.ContractChaincode.Invoke(held)))
}

// Init runs Init as contract-api does; an error message carries its code.
// A panic is recovered, and changes held, as in Invoke.
func (c *Chaincode) Init(stub shim.ChaincodeStubInterface) (r *peer.Response) {
	defer recoverPanic(stub, &r)
	held := &base.HeldStub{ChaincodeStubInterface: stub}
	return sendHeld(held, base.CodeResponse(c.ContractChaincode.Init(held)))
}

// sendHeld passes the transaction's held changes to the shim if r is a
// success, and returns r; or, if they cannot be sent, an error.
func sendHeld(held *base.HeldStub, r *peer.Response) *peer.Response {
	if r == nil || r.Status >= shim.ERRORTHRESHOLD {
		return r
	}
	if err := held.Send(); err != nil {
		return shim.Error(codes.Internal + ": writing the world state: " + err.Error())
	}
	return r
}

// recoverPanic, deferred by Invoke and Init, turns a panic of the
// transaction into its answer: status 500 with codes.Internal, the same
// text on every peer (the panic's value and stack, which may differ, go
// to the chaincode's log with the transaction ID, not to the client). The
// transaction's changes were held (heldStub) and are dropped: none reaches
// the peer, also when another chaincode called the contract and goes on.
func recoverPanic(stub shim.ChaincodeStubInterface, r **peer.Response) {
	p := recover()
	if p == nil {
		return
	}
	txID := stub.GetTxID()
	log.Printf("%s chaincode: transaction %s on channel %s panicked: %v\n%s", Name, txID, stub.GetChannelID(), p, debug.Stack())
	*r = &peer.Response{Status: shim.ERROR,
		Message: codes.Internal + ": the transaction failed on an internal error of the chaincode (logged with its transaction ID " + txID + ")"}
}

// Start runs the chaincode with shim.Start (contract-api's Start would
// serve its chaincode without the codes; internal/ccmain serves c as
// chaincode-as-a-service).
func (c *Chaincode) Start() error { return shim.Start(c) }

// GetEvaluateTransactions names the read-only transactions, which the
// metadata tags "EVALUATE".
func (c *Contract) GetEvaluateTransactions() []string {
	return append([]string(nil), evaluateTransactions...)
}

// beforeTransaction runs before every transaction of the contract, before
// its arguments are parsed: it checks the argument sizes and the function
// name, and tells the transaction context the chaincode's name.
func (c *Contract) beforeTransaction(ctx contractapi.TransactionContextInterface) (err error) {
	defer base.Coded(&err)
	if testPanicHook != nil {
		testPanicHook(ctx.GetStub())
	}
	if tc, ok := ctx.(*base.TxContext); ok {
		tc.ChaincodeName = c.ChaincodeName
	}
	if err := checkArgSizes(ctx); err != nil {
		return err
	}
	if err := checkFunctionName(ctx); err != nil {
		return err
	}
	return precheckArgs(ctx)
}

// testPanicHook, when not nil, is called by beforeTransaction: tests set
// it to make a transaction panic (TestInvokeRecoversPanic). Nothing but a
// test of this package can set it.
var testPanicHook func(shim.ChaincodeStubInterface)

// checkFunctionName refuses a transaction name that does not start with an
// upper-case letter (package internal/txname says why).
func checkFunctionName(ctx contractapi.TransactionContextInterface) error {
	fn, _ := ctx.GetStub().GetFunctionAndParameters()
	if err := txname.Check(fn, "SubmitProof"); err != nil {
		return fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	return nil
}

// checkArgSizes rejects a transaction with an argument over MaxArgSize
// before its arguments are even parsed.
func checkArgSizes(ctx contractapi.TransactionContextInterface) error {
	for i, arg := range ctx.GetStub().GetArgs() {
		if len(arg) > MaxArgSize {
			if i == 0 {
				return fmt.Errorf("%w: function name is %d bytes, over the limit of %d", base.ErrInvalidArgument, len(arg), MaxArgSize)
			}
			return fmt.Errorf("%w: argument %d is %d bytes, over the limit of %d", base.ErrInvalidArgument, i, len(arg), MaxArgSize)
		}
	}
	return nil
}
