// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// EventCredentialVerified is the chaincode event SubmitCredential emits,
// with its CredentialReceipt as JSON payload.
const EventCredentialVerified = "CredentialVerified"

// credentialObjectType keys the CredentialVerification records: [tx ID].
const credentialObjectType = "bbs.credential"

// Credential limits. The credential itself is held to vc.DefaultLimits
// (size, depth, statements, blank nodes, context loads, canonicalization
// work) before any cryptography.
const (
	// MaxCredentialRequestSize is the largest credential request, in
	// bytes: the credential's own limit and room for the other fields.
	MaxCredentialRequestSize = 256<<10 + 4096
)

// credentialVCContext is the context a credential must name first: the
// contract reads issuer, type, validFrom and validUntil with the meaning
// the VC 2.0 data model gives them.
const credentialVCContext = "https://www.w3.org/ns/credentials/v2"

// credentialLoader is the JSON-LD loader of the contract: the core
// contexts built into package vc, pinned by SHA-256. It is never added to
// after it is built, so it is safe for concurrent use.
var credentialLoader = sync.OnceValues(vc.NewLoader)

// credentialRequest is the argument of VerifyCredential and
// SubmitCredential:
//
//	{"credential": {...a bbs-2023 derived credential...},
//	 "bindSubmitter": false, "salt": "base64",
//	 "policy": {"id": "dmv-class-c", "version": 2}}
//
// policy, optional, names a credential policy of the ledger (package
// policy, a policy with a "credential" member) the credential must
// satisfy, as a proof request names one (version 0 or absent: the
// current version).
//
// The presentation header of the credential's derived proof is the nonce:
// SubmitCredential requires at least MinSubmitNonceSize bytes and consumes
// it for the verifying key exactly as SubmitProof consumes a nonce (the
// same key space: a nonce used by one is used for the other). With
// bindSubmitter it must be request.BoundNonce of the channel, the
// submitter and salt.
type credentialRequest struct {
	credential    []byte
	bindSubmitter bool
	salt          []byte
	policy        *request.PolicyRef
}

var credentialRequestFields = map[string]bool{"credential": true, "bindSubmitter": true, "salt": true, "policy": true}

// parseCredentialRequest parses the argument, bounded before reading it:
// one JSON object, no duplicate or unknown field names (exact case).
func parseCredentialRequest(arg string) (*credentialRequest, error) {
	if len(arg) > MaxCredentialRequestSize {
		return nil, fmt.Errorf("%w: credential request is %d bytes, over the limit of %d", request.ErrInvalid, len(arg), MaxCredentialRequestSize)
	}
	body := []byte(arg)
	if k, dup, err := request.FirstDuplicateKey(body); err != nil {
		return nil, fmt.Errorf("%w: credential request: %v", request.ErrInvalid, err)
	} else if dup {
		return nil, fmt.Errorf("%w: credential request: duplicate field %s", request.ErrInvalid, request.Excerpt(k))
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(body, &obj); err != nil || obj == nil {
		return nil, fmt.Errorf("%w: credential request is not one JSON object", request.ErrInvalid)
	}
	names := make([]string, 0, len(obj))
	for k := range obj {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !credentialRequestFields[k] {
			return nil, fmt.Errorf("%w: credential request: unknown field %s (fields: credential, bindSubmitter, salt, policy)", request.ErrInvalid, request.Excerpt(k))
		}
	}
	var err error
	r := &credentialRequest{credential: obj["credential"]}
	if len(r.credential) == 0 || r.credential[0] != '{' {
		return nil, fmt.Errorf("%w: credential request: credential must be a JSON object", request.ErrInvalid)
	}
	if b, ok := obj["bindSubmitter"]; ok {
		if err := json.Unmarshal(b, &r.bindSubmitter); err != nil {
			return nil, fmt.Errorf("%w: credential request: bindSubmitter must be true or false", request.ErrInvalid)
		}
	}
	if b, ok := obj["salt"]; ok {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, fmt.Errorf("%w: credential request: salt must be a base64 string", request.ErrInvalid)
		}
		if !r.bindSubmitter {
			return nil, fmt.Errorf("%w: credential request: salt is only allowed with bindSubmitter", request.ErrInvalid)
		}
		if len(s) > base64.StdEncoding.EncodedLen(request.MaxSaltSize) {
			return nil, fmt.Errorf("%w: credential request: salt over the limit of %d bytes", request.ErrInvalid, request.MaxSaltSize)
		}
		salt, err := base64.StdEncoding.Strict().DecodeString(s)
		if err != nil {
			return nil, fmt.Errorf("%w: credential request: salt is not standard base64", request.ErrInvalid)
		}
		r.salt = salt
	}
	if b, ok := obj["policy"]; ok {
		if r.policy, err = parsePolicyRef(b); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// credentialCheck is one credential verification in progress: the BBS
// side is a verification, so that the nonce is checked, consumed and
// recorded by the very functions SubmitProof uses.
type credentialCheck struct {
	v              *verification
	raw            []byte         // the request argument
	doc            map[string]any // the credential, parsed
	vm             string
	policy         *appliedPolicy // the credential policy the request names; nil without one
	prepared       *vc.Prepared   // canonicalized, not yet verified
	verified       bool           // the BBS proof verified
	semantic       string         // why the credential's semantics are unacceptable ("" if not)
	claims         []byte         // the disclosed credential without proof, compact JSON
	statements     []string       // every statement, sorted
	statementsHash string
	issuer         string // the credential's issuer ID
	types          []string
	from, until    string
	contexts       []ContextRef // the registered contexts used
	loader         *vc.Loader   // the JSON-LD loader of the issuer's contexts
}

// prepareCredential parses the request argument and the credential, and
// resolves the proof's verificationMethod (a did:key) to the registered
// issuer key that holds it, unrevoked, of scheme bbs-bls12381-sha256.
// submit applies SubmitProof's checks of the nonce length and the
// issuer's requireBoundNonce setting (prepareSubmission).
func prepareCredential(ctx contractapi.TransactionContextInterface, submit bool, sub *submitter) (*credentialCheck, error) {
	args := ctx.GetStub().GetArgs()
	if len(args) != 2 {
		return nil, fmt.Errorf("%w: want exactly one argument, the credential request, got %d", request.ErrInvalid, len(args)-1)
	}
	return prepareCredentialArg(ctx, args[1], submit, sub, nil)
}

// prepareCredentialArg is prepareCredential of one credential request,
// arg; keys, which may be nil, caches issuers, keys and policies across
// the requests of a transaction.
func prepareCredentialArg(ctx contractapi.TransactionContextInterface, arg []byte, submit bool, sub *submitter, keys *keyCache) (*credentialCheck, error) {
	r, err := parseCredentialRequest(string(arg))
	if err != nil {
		return nil, err
	}
	doc, err := vc.ParseDocument(r.credential, vc.Limits{})
	if err != nil {
		return nil, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
	}
	proof, _ := doc["proof"].(map[string]any)
	vm, _ := proof["verificationMethod"].(string)
	if vm == "" {
		return nil, fmt.Errorf("%w: credential: the proof has no verificationMethod string", request.ErrInvalid)
	}
	pk, err := vc.ParseDIDKey(vm)
	if err != nil {
		return nil, fmt.Errorf("%w: credential: verificationMethod %s: %v (only did:key is resolved)", request.ErrInvalid, request.Excerpt(vm), err)
	}
	pv, _ := proof["proofValue"].(string)
	dp, err := vc.ParseDerivedProofValue(pv)
	if err != nil {
		return nil, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
	}
	if len(dp.PresentationHeader) > request.MaxNonceSize {
		return nil, fmt.Errorf("%w: credential: the presentation header (the nonce) is %d bytes, over the limit of %d",
			request.ErrInvalid, len(dp.PresentationHeader), request.MaxNonceSize)
	}
	stub := ctx.GetStub()
	ik, err := publicKeyIndexKey(stub, pk)
	if err != nil {
		return nil, err
	}
	var held keyRecord
	found, err := getJSON(stub, ik, &held)
	if err != nil {
		return nil, fmt.Errorf("resolving the verificationMethod: %w", err)
	}
	if !found {
		return nil, fmt.Errorf("the key of verificationMethod %s is not registered under any issuer: %w", request.Excerpt(vm), ErrNotFound)
	}
	// d.Policy stays nil: precheck's policy evaluation is for proofs; the
	// credential policy is evaluated on the credential (prepare).
	d := &request.Decoded{
		Issuer: held.Issuer, Scheme: bbs.BLS12381SHA256Name, KeyVersion: held.Version,
		Proof: dp.Proof, Nonce: dp.PresentationHeader, BindSubmitter: r.bindSubmitter, Salt: r.salt,
	}
	var v *verification
	if submit {
		v, err = prepareSubmission(ctx, d, sub, keys)
	} else {
		v, err = prepareVerification(ctx, d, keys)
	}
	if err != nil {
		return nil, err
	}
	cc := &credentialCheck{v: v, raw: arg, doc: doc, vm: vm}
	if r.policy != nil {
		if cc.policy, err = keys.appliedPolicy(stub, r.policy); err != nil {
			return nil, err
		}
	}
	return cc, nil
}

// check verifies the credential alone: prepare, the BBS proof, conclude.
func (c *credentialCheck) check(ctx contractapi.TransactionContextInterface, sub *submitter) error {
	item, err := c.prepare(ctx, sub)
	if err != nil || item == nil {
		return err
	}
	return c.conclude(c.prepared.ProofVerify())
}

// prepare takes the credential through everything but the pairing:
// canonicalization (vc.Verifier.Prepare) with the issuer's contexts, the
// checks SubmitProof makes of a proof before its cryptography (bound
// nonce, pinned message counts), the credential's semantics at the
// transaction's timestamp, and the request's credential policy. It returns
// the BBS statement to verify, or nil with the reason set when the
// credential is already known not to be valid (a policy not satisfied is
// refused before any pairing). An error means the credential is
// malformed.
func (c *credentialCheck) prepare(ctx contractapi.TransactionContextInterface, sub *submitter) (*bbs.BatchItem, error) {
	v := c.v
	l, used, err := credentialLoaderFor(ctx.GetStub(), v.issuer.ID, c.doc)
	if err != nil {
		return nil, err
	}
	c.contexts, c.loader = used, l
	// The key is the registered one prepareCredential resolved the
	// verificationMethod to (the same bytes as the did:key).
	ver := &vc.Verifier{Loader: l, Resolve: func(vm string) ([]byte, error) {
		if vm != c.vm {
			return nil, fmt.Errorf("%w: verificationMethod changed", vc.ErrKey)
		}
		return v.key.PublicKey, nil
	}}
	got, err := ver.Prepare(c.doc)
	if err != nil {
		if errors.Is(err, vc.ErrInvalidProof) {
			v.reason = fmt.Sprintf("the credential's proof does not verify under key version %d of issuer %q (%v)", v.key.Version, v.issuer.ID, err)
			return nil, nil
		}
		return nil, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
	}
	c.prepared = got
	statements := append(append([]string(nil), got.Mandatory...), got.NonMandatory...)
	sort.Strings(statements)
	v.req.Header = got.Item.Header
	for i, m := range got.NonMandatory {
		v.req.Disclosed = append(v.req.Disclosed, request.Message{Index: got.SelectiveIndexes[i], Message: []byte(m)})
	}
	c.claims, err = json.Marshal(got.Document)
	if err != nil {
		return nil, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
	}
	c.statements = statements
	c.statementsHash = hashHex([]byte(strings.Join(statements, "")))
	item, err := v.precheck(ctx, sub)
	if err != nil || item == nil {
		return nil, err
	}
	now, err := txTime(ctx.GetStub())
	if err != nil {
		return nil, err
	}
	// A credential whose semantics are unacceptable is still verified, so
	// that a false proof is reported as such; its semantics are the
	// reason when the proof verifies (conclude).
	if c.semantic = c.semantics(now); c.semantic == "" {
		u, err := c.evaluateCredentialPolicy(ctx.GetStub())
		if err != nil {
			return nil, err
		}
		if u != nil {
			v.reason = v.policyError().Error()
			return nil, nil
		}
	}
	return item, nil
}

// conclude sets valid or reason from the proof's verdict (err, as
// ProofVerify or bbs.VerifyProofs returns it) and the semantics.
func (c *credentialCheck) conclude(err error) error {
	v := c.v
	switch {
	case err == nil:
		c.verified = true
		v.valid, v.reason = c.semantic == "", c.semantic
	case errors.Is(err, vc.ErrInvalidProof), errors.Is(err, bbs.ErrInvalidProof):
		v.reason = fmt.Sprintf("the credential's proof does not verify under key version %d of issuer %q (%v)", v.key.Version, v.issuer.ID, err)
	default:
		return v.conclude(err)
	}
	return nil
}

// semantics checks what a relying application reads in the disclosed
// credential, and returns why it is unacceptable ("" if it is not). The
// checks read the signed statements (canonical N-Quads), not the JSON, so
// that a context aliasing a term to another JSON key cannot hide it:
//   - the credential's first @context is the VC 2.0 context;
//   - some statement types a node VerifiableCredential;
//   - some statement gives an issuer, and every issuer statement's object
//     is the DID of the proof's verificationMethod;
//   - every validFrom and validUntil statement is a date-time with a time
//     zone, and now is within them (both inclusive).
//
// The types returned are those of the JSON's type member, as disclosed.
func (c *credentialCheck) semantics(now time.Time) string {
	doc := c.prepared.Document
	var first any
	switch ctx := doc["@context"].(type) {
	case []any:
		if len(ctx) > 0 {
			first = ctx[0]
		}
	default:
		first = ctx
	}
	if first != credentialVCContext {
		return fmt.Sprintf("the credential's first @context is not %s", credentialVCContext)
	}
	switch t := doc["type"].(type) {
	case string:
		c.types = []string{t}
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				c.types = append(c.types, s)
			}
		}
	}
	did, _, _ := strings.Cut(c.vm, "#")
	var isVC, hasIssuer bool
	var from, until time.Time
	for _, line := range c.statements {
		st, ok := parseStatement(line)
		if !ok {
			continue
		}
		switch st.predicate {
		case iriType:
			isVC = isVC || (!st.literal && st.object == iriVCType)
		case iriIssuer:
			if st.literal || st.object != did {
				return fmt.Sprintf("the credential's issuer %s is not the DID of the proof's verificationMethod", request.Excerpt(st.object))
			}
			hasIssuer = true
		case iriValidFrom, iriValidUntil:
			name := "validFrom"
			if st.predicate == iriValidUntil {
				name = "validUntil"
			}
			t, err := time.Parse(time.RFC3339Nano, st.object)
			if !st.literal || err != nil {
				return fmt.Sprintf("the credential's %s %s is not a date-time with a time zone", name, request.Excerpt(st.object))
			}
			if name == "validFrom" {
				if now.Before(t) {
					return fmt.Sprintf("the credential is not valid before %s (validFrom); the transaction's timestamp is %s", st.object, now.Format(time.RFC3339))
				}
				if c.from == "" || t.After(from) {
					c.from, from = st.object, t
				}
			} else {
				if now.After(t) {
					return fmt.Sprintf("the credential is not valid after %s (validUntil); the transaction's timestamp is %s", st.object, now.Format(time.RFC3339))
				}
				if c.until == "" || t.Before(until) {
					c.until, until = st.object, t
				}
			}
		}
	}
	if !isVC {
		return "the credential does not disclose the type VerifiableCredential"
	}
	if !hasIssuer {
		return "the credential does not disclose its issuer"
	}
	c.issuer = did
	return ""
}

// VerifyCredential verifies a W3C bbs-2023 derived credential (see
// credentialRequest for the request) against the registered issuer key of
// its verificationMethod, without writing anything, and returns the
// disclosed claims. A credential whose proof does not verify, or whose
// issuer, types or validity period are unacceptable (see semantics), gives
// Valid false and a Reason; a malformed request or credential, an
// unregistered key, a revoked issuer or key is an error. Any presentation
// header is accepted; NonceConsumed tells whether SubmitCredential would
// refuse it as a replay.
func (c *Contract) VerifyCredential(ctx contractapi.TransactionContextInterface, credentialRequest string) (_ *CredentialResult, err error) {
	defer coded(&err)
	cc, err := prepareCredential(ctx, false, nil)
	if err != nil {
		return nil, err
	}
	var sub *submitter
	if cc.v.req.BindSubmitter {
		if sub, err = submitterOf(ctx); err != nil {
			return nil, err
		}
	}
	call, err := c.tracker().begin(ctx.GetStub(), true, deployedName(ctx))
	if err != nil {
		return nil, err
	}
	consumed, err := cc.v.nonceConsumed(ctx, call)
	if err != nil {
		return nil, err
	}
	if err := cc.check(ctx, sub); err != nil {
		return nil, err
	}
	v := cc.v
	r := &CredentialResult{
		Valid: v.valid, Reason: v.reason, Code: codeOf(v, nil), Issuer: v.issuer.ID, KeyVersion: v.key.Version, Scheme: v.issuer.Scheme,
		VerificationMethod: cc.vm, CredentialIssuer: cc.issuer, Types: cc.types, ValidFrom: cc.from, ValidUntil: cc.until,
		MessageCount: v.messageCount, NonceConsumed: consumed != nil, Contexts: cc.contexts,
		Satisfied: v.satisfied(), Unmet: v.unmet,
	}
	if r.Types == nil {
		r.Types = []string{}
	}
	if cc.policy != nil {
		r.Policy, r.PolicyVersion = cc.policy.id, cc.policy.version
	}
	if cc.verified {
		r.Claims, r.ClaimsSHA256, r.StatementsSHA256 = string(cc.claims), hashHex(cc.claims), cc.statementsHash
	}
	return r, nil
}

// SubmitCredential verifies a credential as VerifyCredential does and, if
// it is valid, consumes its presentation header (at least
// MinSubmitNonceSize bytes) for the verifying key as SubmitProof consumes
// a nonce, stores a Verification (GetVerification: the BBS side, without
// the disclosed statements) and a CredentialVerification
// (GetCredentialVerification: hashes of what was disclosed, types,
// issuer, validity) under the transaction ID, and emits the
// CredentialVerified event. A replayed presentation header or an invalid
// credential is an error, and then nothing is written.
func (c *Contract) SubmitCredential(ctx contractapi.TransactionContextInterface, credentialRequest string) (_ *CredentialReceipt, err error) {
	defer coded(&err)
	sub, err := submitterOf(ctx)
	if err != nil {
		return nil, err
	}
	cc, err := prepareCredential(ctx, true, sub)
	if err != nil {
		return nil, err
	}
	v := cc.v
	stub := ctx.GetStub()
	call, err := c.tracker().begin(stub, false, deployedName(ctx))
	if err != nil {
		return nil, err
	}
	used, err := v.nonceConsumed(ctx, call)
	if err != nil {
		return nil, err
	}
	if used != nil {
		return nil, replayError(v, used.TxID)
	}
	if err := cc.check(ctx, sub); err != nil {
		return nil, err
	}
	if !v.valid {
		return nil, v.rejection()
	}
	out, err := cc.store(stub, call, sub, call.recordID())
	if err != nil {
		return nil, err
	}
	if err := emitJSON(stub, EventCredentialVerified, out); err != nil {
		return nil, err
	}
	if err := call.commit(); err != nil {
		return nil, err
	}
	return out, nil
}

// store consumes the nonce of a valid credential and stores its
// Verification (the BBS side: the header, two hashes, and no disclosed
// statement, so that the claims stay off the ledger) and its
// CredentialVerification under recordID, and returns the receipt.
func (cc *credentialCheck) store(stub shim.ChaincodeStubInterface, call *spendCall, sub *submitter, recordID string) (*CredentialReceipt, error) {
	v := cc.v
	v.req.Disclosed = nil
	receipt, err := v.record(stub, call, sub, cc.raw, recordID, 0)
	if err != nil {
		return nil, err
	}
	now, err := txTime(stub)
	if err != nil {
		return nil, err
	}
	rec := &CredentialVerification{
		TxID: receipt.TxID, Issuer: v.issuer.ID, KeyVersion: v.key.Version, VerificationMethod: cc.vm,
		CredentialIssuer: cc.issuer, Types: cc.types, ValidFrom: cc.from, ValidUntil: cc.until,
		ClaimsSHA256: hashHex(cc.claims), StatementsSHA256: cc.statementsHash,
		ProofConfigSHA256: hex.EncodeToString(cc.prepared.ProofHash[:]), MandatorySHA256: hex.EncodeToString(cc.prepared.MandatoryHash[:]),
		NonceSHA256: receipt.NonceSHA256, Timestamp: now, Contexts: cc.contexts, RecordID: receipt.RecordID,
	}
	if cc.policy != nil {
		rec.Policy, rec.PolicyVersion, rec.PolicySHA256 = cc.policy.id, cc.policy.version, cc.policy.sha256
		if cc.recordsClaims() {
			rec.Claims = string(cc.claims)
		}
	}
	key, err := compositeKey(stub, credentialObjectType, recordID)
	if err != nil {
		return nil, err
	}
	if err := putJSON(stub, key, rec); err != nil {
		return nil, fmt.Errorf("storing the credential verification: %w", err)
	}
	return &CredentialReceipt{
		TxID: rec.TxID, Valid: true, Issuer: rec.Issuer, KeyVersion: rec.KeyVersion, CredentialIssuer: rec.CredentialIssuer,
		Types: rec.Types, ClaimsSHA256: rec.ClaimsSHA256, NonceSHA256: rec.NonceSHA256, RequestSHA256: receipt.RequestSHA256,
		RecordID: rec.RecordID, Policy: rec.Policy, PolicyVersion: rec.PolicyVersion,
	}, nil
}

// GetCredentialVerification returns the CredentialVerification that
// SubmitCredential stored under txId: the transaction ID, or the record ID
// (recordId of the receipt) of a later call in a transaction where a
// chaincode called the contract more than once.
func (c *Contract) GetCredentialVerification(ctx contractapi.TransactionContextInterface, txID string) (_ *CredentialVerification, err error) {
	defer coded(&err)
	return getRecordByID[CredentialVerification](ctx.GetStub(), credentialObjectType, "credential verification", txID)
}
