// SPDX-License-Identifier: Apache-2.0

package credentials

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/contexts"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// EventCredentialVerified is the chaincode event SubmitCredential emits,
// with its CredentialReceipt as JSON payload.
const EventCredentialVerified = "CredentialVerified"

// CredentialObjectType keys the CredentialVerification records: [tx ID].
const CredentialObjectType = "bbs.credential"

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

// credentialVC11Context is the VC 1.1 context, which a
// BbsBlsSignatureProof2020 credential may name first instead (the
// aries-style wallets issue VC 1.1): issuanceDate and expirationDate are
// then its validity period.
const credentialVC11Context = "https://www.w3.org/2018/credentials/v1"

// The kinds of credential the contract verifies (CredentialResult.Suite).
const (
	// SuiteBBS2023 is a bbs-2023 derived credential of the baseline
	// feature, under a key of scheme bbs-bls12381-sha256.
	SuiteBBS2023 = "bbs-2023"
	// SuiteBBS2023Pseudonym is a bbs-2023 derived credential of the
	// pseudonym feature (proofValue header 0xd95d07), under a key of
	// scheme bbs-nym-bls12381-sha256: it shows the holder's pseudonym in
	// the proof's nym_domain, counted as SubmitProof counts pseudonyms.
	SuiteBBS2023Pseudonym = "bbs-2023-pseudonym"
	// SuiteBbsBlsSignatureProof2020 is a BbsBlsSignatureProof2020 derived
	// credential (W3C CCG draft, MATTR's suite), under a key of scheme
	// bbs+2020.
	SuiteBbsBlsSignatureProof2020 = "BbsBlsSignatureProof2020"
)

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
	issuer        string // the ledger issuer ID the request names ("" if none)
}

var credentialRequestFields = map[string]bool{"credential": true, "bindSubmitter": true, "salt": true, "policy": true, "issuer": true}

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
	for k := range obj { //bbs:maporder-ok keys collected, sorted below
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !credentialRequestFields[k] {
			return nil, fmt.Errorf("%w: credential request: unknown field %s (fields: credential, bindSubmitter, salt, policy, issuer)", request.ErrInvalid, request.Excerpt(k))
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
	if b, ok := obj["issuer"]; ok {
		if err := json.Unmarshal(b, &r.issuer); err != nil {
			return nil, fmt.Errorf("%w: credential request: issuer must be a string, a ledger issuer ID", request.ErrInvalid)
		}
		if err := issuers.CheckIssuerID(r.issuer); err != nil {
			return nil, fmt.Errorf("%w: credential request: issuer: %v", request.ErrInvalid, err)
		}
	}
	return r, nil
}

// credentialCheck is one credential verification in progress: the BBS
// side is a verification, so that the nonce is checked, consumed and
// recorded by the very functions SubmitProof uses.
type credentialCheck struct {
	Proof          *proofs.Check
	raw            []byte         // the request argument
	doc            map[string]any // the credential, parsed
	vm             string
	policy         *policies.AppliedPolicy // the credential policy the request names; nil without one
	suite          string                  // SuiteBBS2023, SuiteBBS2023Pseudonym or SuiteBbsBlsSignatureProof2020
	prepared       *vc.Prepared            // canonicalized, not yet verified (SuiteBBS2023)
	preparedNym    *vc.PreparedPseudonym
	prepared2020   *vc.Prepared2020
	document       map[string]any // the disclosed credential without its proof, once prepared
	proofHash      []byte         // what the record shows as proofConfigSha256
	mandatoryHash  []byte         // and as mandatorySha256 (nil: none)
	uses           int            // the pseudonym's uses before this one (SuiteBBS2023Pseudonym)
	verified       bool           // the BBS proof verified
	semantic       string         // why the credential's semantics are unacceptable ("" if not)
	claims         []byte         // the disclosed credential without proof, compact JSON
	statements     []string       // every statement, sorted
	docStatements  []string       // the document's statements (not a BbsBlsSignatureProof2020 proof's)
	graph          *signedGraph   // docStatements as a graph, once semantics read it
	statementsHash string
	issuer         string // the credential's issuer ID
	types          []string
	from, until    string
	contexts       []contexts.ContextRef // the registered contexts used
	loader         *vc.Loader            // the JSON-LD loader of the issuer's contexts
}

// PrepareCredential parses the request argument and the credential, and
// resolves the proof's verificationMethod (a did:key, or a method the
// issuer the request names declared: resolveVerificationMethod) to the
// registered issuer key, unrevoked, of the credential kind's scheme.
// submit applies SubmitProof's checks of the nonce length and the
// issuer's requireBoundNonce setting (prepareSubmission).
func PrepareCredential(ctx contractapi.TransactionContextInterface, submit bool, sub *base.Submitter) (*credentialCheck, error) {
	args := ctx.GetStub().GetArgs()
	if len(args) != 2 {
		return nil, fmt.Errorf("%w: want exactly one argument, the credential request, got %d", request.ErrInvalid, len(args)-1)
	}
	return prepareCredentialArg(ctx, args[1], submit, sub, nil)
}

// prepareCredentialArg is prepareCredential of one credential request,
// arg; keys, which may be nil, caches issuers, keys and policies across
// the requests of a transaction.
func prepareCredentialArg(ctx contractapi.TransactionContextInterface, arg []byte, submit bool, sub *base.Submitter, keys *proofs.KeyCache) (*credentialCheck, error) {
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
	pv, _ := proof["proofValue"].(string)
	// d.Policy stays nil: precheck's policy evaluation is for proofs; the
	// credential policy is evaluated on the credential (prepare).
	d := &request.Decoded{BindSubmitter: r.bindSubmitter, Salt: r.salt}
	var suite string
	switch ptype, _ := proof["type"].(string); {
	case ptype == vc.ProofTypeProof2020:
		suite, d.Scheme = SuiteBbsBlsSignatureProof2020, bbs.BBSPlus2020Name
		ns, ok := proof["nonce"].(string)
		if !ok {
			return nil, fmt.Errorf("%w: credential: the BbsBlsSignatureProof2020 proof has no nonce string", request.ErrInvalid)
		}
		if d.Nonce, err = vc.ParseNonce2020(ns); err != nil {
			return nil, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
		}
		if d.Proof, err = vc.ParseProofValue2020(pv); err != nil {
			return nil, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
		}
	case vc.IsPseudonymDerived(doc):
		suite, d.Scheme = SuiteBBS2023Pseudonym, bbs.NymBLS12381SHA256Name
		dp, err := vc.ParsePseudonymDerivedProofValue(pv)
		if err != nil {
			return nil, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
		}
		if len(dp.NymDomain) == 0 || len(dp.NymDomain) > request.MaxContextSize {
			return nil, fmt.Errorf("%w: credential: the proof's nym_domain (the pseudonym's context) is %d bytes; it must be 1 to %d",
				request.ErrInvalid, len(dp.NymDomain), request.MaxContextSize)
		}
		d.Proof, d.Nonce, d.Pseudonym, d.Context = dp.Proof, dp.PresentationHeader, dp.Pseudonym, dp.NymDomain
	default:
		suite, d.Scheme = SuiteBBS2023, bbs.BLS12381SHA256Name
		dp, err := vc.ParseDerivedProofValue(pv)
		if err != nil {
			return nil, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
		}
		d.Proof, d.Nonce = dp.Proof, dp.PresentationHeader
	}
	if len(d.Nonce) > request.MaxNonceSize {
		return nil, fmt.Errorf("%w: credential: the presentation header (the nonce) is %d bytes, over the limit of %d",
			request.ErrInvalid, len(d.Nonce), request.MaxNonceSize)
	}
	stub := ctx.GetStub()
	if d.Issuer, d.KeyVersion, err = ResolveVerificationMethod(stub, vm, r.issuer, keys); err != nil {
		return nil, err
	}
	var v *proofs.Check
	if submit {
		v, err = proofs.PrepareSubmission(ctx, d, sub, keys)
	} else {
		v, err = proofs.PrepareVerification(ctx, d, keys)
	}
	if err != nil {
		return nil, err
	}
	cc := &credentialCheck{Proof: v, raw: arg, doc: doc, vm: vm, suite: suite}
	if r.policy != nil {
		if cc.policy, err = keys.AppliedPolicy(stub, r.policy); err != nil {
			return nil, err
		}
	}
	return cc, nil
}

// Check verifies the credential alone: prepare, the BBS proof, conclude.
func (c *credentialCheck) Check(ctx contractapi.TransactionContextInterface, sub *base.Submitter) error {
	item, err := c.prepare(ctx, sub)
	if err != nil || item == nil {
		return err
	}
	return c.conclude(c.proofVerify())
}

// proofVerify runs the prepared credential's BBS proof check alone.
func (c *credentialCheck) proofVerify() error {
	switch {
	case c.preparedNym != nil:
		return c.preparedNym.ProofVerify()
	case c.prepared2020 != nil:
		return c.prepared2020.ProofVerify()
	case c.prepared != nil:
		return c.prepared.ProofVerify()
	}
	return fmt.Errorf("the %s credential's proof was to be verified before the credential was prepared", c.suite)
}

// batchable reports whether the prepared credential's proof can be
// verified in a bbs.VerifyProofs batch: not a pseudonym proof, which
// VerifyProofs does not verify.
func (c *credentialCheck) batchable() bool { return c.suite != SuiteBBS2023Pseudonym }

// canonicalize takes the credential through its suite's verifier up to the
// BBS proof check (package vc: Prepare, PreparePseudonym, Prepare2020),
// with loader l and the registered key, and sets the document, the
// statements (each a canonical N-Quad with its newline), the hashes and
// the request's header and disclosed messages. It returns false with the
// reason set when the proof's indexes do not fit the document.
func (c *credentialCheck) canonicalize(l *vc.Loader) (bool, error) {
	v := c.Proof
	resolve := func(vm string) ([]byte, error) {
		if vm != c.vm {
			return nil, fmt.Errorf("%w: verificationMethod changed", vc.ErrKey)
		}
		return v.Key.PublicKey, nil
	}
	var statements []string
	var err error
	switch c.suite {
	case SuiteBbsBlsSignatureProof2020:
		var got *vc.Prepared2020
		if got, err = (&vc.Verifier2020{Loader: l, Resolve: resolve}).Prepare2020(c.doc); err == nil {
			c.prepared2020, c.document = got, got.Document
			for _, st := range append(append([]string(nil), got.ProofStatements...), got.DocumentStatements...) {
				statements = append(statements, st+"\n")
			}
			for _, st := range got.DocumentStatements {
				c.docStatements = append(c.docStatements, st+"\n")
			}
			config := ""
			for _, st := range got.ProofStatements {
				config += st + "\n"
			}
			h := sha256.Sum256([]byte(config))
			c.proofHash = h[:]
			for _, m := range got.Item.Disclosed {
				v.Req.Disclosed = append(v.Req.Disclosed, request.Message{Index: m.Index, Message: m.Message})
			}
		}
	case SuiteBBS2023Pseudonym:
		var got *vc.PreparedPseudonym
		if got, err = (&vc.Verifier{Loader: l, Resolve: resolve}).PreparePseudonym(c.doc); err == nil {
			c.preparedNym, c.document = got, got.Document
			statements = append(append(statements, got.Mandatory...), got.NonMandatory...)
			c.proofHash, c.mandatoryHash = got.ProofHash[:], got.MandatoryHash[:]
			v.Req.Header = got.Options.Header
			for i, m := range got.NonMandatory {
				v.Req.Disclosed = append(v.Req.Disclosed, request.Message{Index: got.SelectiveIndexes[i], Message: []byte(m)})
			}
		}
	default:
		var got *vc.Prepared
		if got, err = (&vc.Verifier{Loader: l, Resolve: resolve}).Prepare(c.doc); err == nil {
			c.prepared, c.document = got, got.Document
			statements = append(append(statements, got.Mandatory...), got.NonMandatory...)
			c.proofHash, c.mandatoryHash = got.ProofHash[:], got.MandatoryHash[:]
			v.Req.Header = got.Item.Header
			for i, m := range got.NonMandatory {
				v.Req.Disclosed = append(v.Req.Disclosed, request.Message{Index: got.SelectiveIndexes[i], Message: []byte(m)})
			}
		}
	}
	if err != nil {
		if errors.Is(err, vc.ErrInvalidProof) {
			v.Reason = fmt.Sprintf("the credential's proof does not verify under key version %d of issuer %q (%v)", v.Key.Version, v.Issuer.ID, err)
			return false, nil
		}
		return false, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
	}
	sort.Strings(statements)
	c.statements = statements
	if c.suite != SuiteBbsBlsSignatureProof2020 {
		c.docStatements = statements
	}
	c.statementsHash = base.HashHex([]byte(strings.Join(statements, "")))
	if c.claims, err = json.Marshal(c.document); err != nil {
		return false, fmt.Errorf("%w: credential: %v", request.ErrInvalid, err)
	}
	return true, nil
}

// prepare takes the credential through everything but the pairing:
// canonicalization (canonicalize) with the issuer's contexts, the checks
// SubmitProof makes of a proof before its cryptography (bound nonce,
// pinned message counts), the credential's semantics at the transaction's
// timestamp, and the request's credential policy. It returns the BBS
// statement to verify, or nil with the reason set when the credential is
// already known not to be valid (a policy not satisfied is refused before
// any pairing). An error means the credential is malformed.
func (c *credentialCheck) prepare(ctx contractapi.TransactionContextInterface, sub *base.Submitter) (*bbs.BatchItem, error) {
	v := c.Proof
	l, used, err := contexts.LoaderFor(ctx.GetStub(), v.Issuer, c.doc)
	if err != nil {
		return nil, err
	}
	c.contexts, c.loader = used, l
	if ok, err := c.canonicalize(l); err != nil || !ok {
		return nil, err
	}
	item, err := v.Precheck(ctx, sub)
	if err != nil || item == nil {
		return nil, err
	}
	if c.preparedNym != nil && !bytes.Equal(c.preparedNym.Pseudonym, v.Req.Pseudonym) {
		// The use records are keyed by the request's bytes: only the
		// canonical encoding of the point may be counted.
		v.Reason = "the credential's pseudonym is not the canonical encoding of its point"
		return nil, nil
	}
	if c.preparedNym != nil && c.preparedNym.Options.SignerMessages != v.MessageCount {
		// The proof's shape gives the issuer's message count; a
		// lengthBBSMessages that differs cannot verify.
		v.Reason = fmt.Sprintf("the credential's proof does not verify under key version %d of issuer %q (lengthBBSMessages %d, the proof is for %d messages)",
			v.Key.Version, v.Issuer.ID, c.preparedNym.Options.SignerMessages, v.MessageCount)
		return nil, nil
	}
	now, err := base.TxTime(ctx.GetStub())
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
			v.Reason = v.PolicyError().Error()
			return nil, nil
		}
	}
	return item, nil
}

// conclude sets valid or reason from the proof's verdict (err, as
// ProofVerify or bbs.VerifyProofs returns it) and the semantics.
func (c *credentialCheck) conclude(err error) error {
	v := c.Proof
	switch {
	case err == nil:
		c.verified = true
		v.Valid, v.Reason = c.semantic == "", c.semantic
	case errors.Is(err, vc.ErrInvalidProof), errors.Is(err, bbs.ErrInvalidProof):
		v.Reason = fmt.Sprintf("the credential's proof does not verify under key version %d of issuer %q (%v)", v.Key.Version, v.Issuer.ID, err)
	default:
		return v.Conclude(err)
	}
	return nil
}

// semantics checks what a relying application reads in the disclosed
// credential, and returns why it is unacceptable ("" if it is not). The
// checks read the signed statements (canonical N-Quads), not the JSON, so
// that neither a context aliasing a term to another JSON key nor another
// JSON shape of the same statements (@reverse, a node moved to the top)
// can change them:
//   - the credential's first @context is the VC 2.0 context;
//   - exactly one node is typed VerifiableCredential: the credential node;
//   - the credential's JSON type member expands, with its contexts, to
//     exactly the credential node's types (checkRootTypes);
//   - the credential node has an issuer, and every issuer statement's
//     object is the DID of the proof's verificationMethod;
//   - every validFrom and validUntil statement is a date-time with a time
//     zone, and now is within them (both inclusive).
//
// The types returned are those of the JSON's type member, so checked;
// the validity period returned is the credential node's.
func (c *credentialCheck) semantics(now time.Time) string {
	doc := c.document
	var first any
	switch ctx := doc["@context"].(type) {
	case []any:
		if len(ctx) > 0 {
			first = ctx[0]
		}
	default:
		first = ctx
	}
	legacy := c.suite == SuiteBbsBlsSignatureProof2020 && first == credentialVC11Context
	if first != credentialVCContext && !legacy {
		if c.suite == SuiteBbsBlsSignatureProof2020 {
			return fmt.Sprintf("the credential's first @context is neither %s nor %s", credentialVCContext, credentialVC11Context)
		}
		return fmt.Sprintf("the credential's first @context is not %s", credentialVCContext)
	}
	fromIRI, untilIRI, fromName, untilName := iriValidFrom, IRIValidUntil, "validFrom", "validUntil"
	if legacy {
		fromIRI, untilIRI, fromName, untilName = iriIssuanceDate, iriExpirationDate, "issuanceDate", "expirationDate"
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
	g, why := newSignedGraph(c.docStatements)
	if why == "" {
		c.graph = g
		why = c.checkRootTypes()
	}
	if why != "" {
		c.types = nil // not the credential node's
		return why
	}
	did, _, _ := strings.Cut(c.vm, "#")
	var isVC bool
	for _, line := range c.statements {
		st, ok := parseStatement(line)
		if !ok {
			continue
		}
		switch st.predicate {
		case iriType:
			isVC = isVC || (!st.literal && st.object == iriVCType)
		case IRIIssuer:
			if st.literal || st.object != did {
				return fmt.Sprintf("the credential's issuer %s is not the DID of the proof's verificationMethod", request.Excerpt(st.object))
			}
		case fromIRI, untilIRI:
			name := fromName
			if st.predicate == untilIRI {
				name = untilName
			}
			t, err := time.Parse(time.RFC3339Nano, st.object)
			if !st.literal || err != nil {
				return fmt.Sprintf("the credential's %s %s is not a date-time with a time zone", name, request.Excerpt(st.object))
			}
			if st.predicate == fromIRI && now.Before(t) {
				return fmt.Sprintf("the credential is not valid before %s (%s); the transaction's timestamp is %s", st.object, name, now.Format(time.RFC3339))
			}
			if st.predicate == untilIRI && now.After(t) {
				return fmt.Sprintf("the credential is not valid after %s (%s); the transaction's timestamp is %s", st.object, name, now.Format(time.RFC3339))
			}
		}
	}
	if !isVC {
		return "the credential does not disclose the type VerifiableCredential"
	}
	if len(g.out[g.root][IRIIssuer]) == 0 {
		return "the credential does not disclose its issuer"
	}
	// The validity period recorded is the credential node's: the latest
	// validFrom, the earliest validUntil (all checked above).
	var from, until time.Time
	for _, o := range g.out[g.root][fromIRI] {
		if t, err := time.Parse(time.RFC3339Nano, o.Value); err == nil && (c.from == "" || t.After(from)) {
			c.from, from = o.Value, t
		}
	}
	for _, o := range g.out[g.root][untilIRI] {
		if t, err := time.Parse(time.RFC3339Nano, o.Value); err == nil && (c.until == "" || t.Before(until)) {
			c.until, until = o.Value, t
		}
	}
	c.issuer = did
	return ""
}

// VerifyCredential is VerifyCredential with the spends tracker of the contract.
func VerifyCredential(ctx contractapi.TransactionContextInterface, tracker *spends.SpendTracker, credentialRequest string) (_ *CredentialResult, err error) {
	defer base.Coded(&err)
	cc, err := PrepareCredential(ctx, false, nil)
	if err != nil {
		return nil, err
	}
	var sub *base.Submitter
	if cc.Proof.Req.BindSubmitter {
		if sub, err = base.SubmitterOf(ctx); err != nil {
			return nil, err
		}
	}
	call, err := tracker.Begin(ctx.GetStub(), true, base.DeployedName(ctx))
	if err != nil {
		return nil, err
	}
	consumed, err := cc.Proof.NonceConsumed(ctx, call)
	if err != nil {
		return nil, err
	}
	uses, err := cc.Proof.PseudonymUses(ctx.GetStub(), call)
	if err != nil {
		return nil, err
	}
	if err := cc.Check(ctx, sub); err != nil {
		return nil, err
	}
	v := cc.Proof
	r := &CredentialResult{
		Valid: v.Valid, Reason: v.Reason, Code: proofs.CodeOf(v, nil), Issuer: v.Issuer.ID, KeyVersion: v.Key.Version, Scheme: v.Issuer.Scheme,
		Suite: cc.suite, Pseudonym: v.Req.Pseudonym, Context: v.Req.Context, PseudonymUses: uses,
		VerificationMethod: cc.vm, CredentialIssuer: cc.issuer, Types: cc.types, ValidFrom: cc.from, ValidUntil: cc.until,
		MessageCount: v.MessageCount, NonceConsumed: consumed != nil, Contexts: cc.contexts,
		Satisfied: v.Satisfied(), Unmet: v.Unmet,
	}
	if r.Types == nil {
		r.Types = []string{}
	}
	if cc.policy != nil {
		r.Policy, r.PolicyVersion = cc.policy.ID, cc.policy.Version
	}
	if cc.verified {
		r.Claims, r.ClaimsSHA256, r.StatementsSHA256 = string(cc.claims), base.HashHex(cc.claims), cc.statementsHash
	}
	return r, nil
}

// SubmitCredential is SubmitCredential with the spends tracker of the contract.
func SubmitCredential(ctx contractapi.TransactionContextInterface, tracker *spends.SpendTracker, credentialRequest string) (_ *CredentialReceipt, err error) {
	defer base.Coded(&err)
	sub, err := base.SubmitterOf(ctx)
	if err != nil {
		return nil, err
	}
	cc, err := PrepareCredential(ctx, true, sub)
	if err != nil {
		return nil, err
	}
	v := cc.Proof
	stub := ctx.GetStub()
	call, err := tracker.Begin(stub, false, base.DeployedName(ctx))
	if err != nil {
		return nil, err
	}
	used, err := v.NonceConsumed(ctx, call)
	if err != nil {
		return nil, err
	}
	if used != nil {
		return nil, proofs.ReplayError(v, used.TxID)
	}
	if err := cc.checkUses(stub, call); err != nil {
		return nil, err
	}
	if err := cc.Check(ctx, sub); err != nil {
		return nil, err
	}
	if !v.Valid {
		return nil, v.Rejection()
	}
	out, err := cc.store(stub, call, sub, call.RecordID())
	if err != nil {
		return nil, err
	}
	if err := base.EmitJSON(stub, EventCredentialVerified, out); err != nil {
		return nil, err
	}
	if err := call.Commit(); err != nil {
		return nil, err
	}
	return out, nil
}

// store consumes the nonce of a valid credential and stores its
// Verification (the BBS side: the header, two hashes, and no disclosed
// statement, so that the claims stay off the ledger) and its
// CredentialVerification under recordID, and returns the receipt.
func (cc *credentialCheck) store(stub shim.ChaincodeStubInterface, call *spends.SpendCall, sub *base.Submitter, recordID string) (*CredentialReceipt, error) {
	v := cc.Proof
	v.Req.Disclosed = nil
	receipt, err := v.Record(stub, call, sub, cc.raw, recordID, cc.uses)
	if err != nil {
		return nil, err
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	rec := &CredentialVerification{
		TxID: receipt.TxID, Issuer: v.Issuer.ID, KeyVersion: v.Key.Version, VerificationMethod: cc.vm,
		Suite: cc.suite, Pseudonym: v.Req.Pseudonym, Context: v.Req.Context, PseudonymUse: receipt.PseudonymUse,
		CredentialIssuer: cc.issuer, Types: cc.types, ValidFrom: cc.from, ValidUntil: cc.until,
		ClaimsSHA256: base.HashHex(cc.claims), StatementsSHA256: cc.statementsHash,
		ProofConfigSHA256: hex.EncodeToString(cc.proofHash), MandatorySHA256: hex.EncodeToString(cc.mandatoryHash),
		NonceSHA256: receipt.NonceSHA256, Timestamp: now, Contexts: cc.contexts, RecordID: receipt.RecordID,
	}
	if cc.policy != nil {
		rec.Policy, rec.PolicyVersion, rec.PolicySHA256 = cc.policy.ID, cc.policy.Version, cc.policy.SHA256
		if cc.recordsClaims() {
			rec.Claims = string(cc.claims)
		}
	}
	key, err := records.CredentialVerification.Key(stub, recordID)
	if err != nil {
		return nil, err
	}
	if err := records.PutJSON(records.CredentialVerification, stub, key, "", rec); err != nil {
		return nil, fmt.Errorf("storing the credential verification: %w", err)
	}
	return &CredentialReceipt{
		TxID: rec.TxID, Valid: true, Issuer: rec.Issuer, KeyVersion: rec.KeyVersion, CredentialIssuer: rec.CredentialIssuer,
		Suite: rec.Suite, Pseudonym: rec.Pseudonym, PseudonymUse: rec.PseudonymUse,
		Types: rec.Types, ClaimsSHA256: rec.ClaimsSHA256, NonceSHA256: rec.NonceSHA256, RequestSHA256: receipt.RequestSHA256,
		RecordID: rec.RecordID, Policy: rec.Policy, PolicyVersion: rec.PolicyVersion,
	}, nil
}

// GetCredentialVerification is the GetCredentialVerification transaction (see Contract.GetCredentialVerification).
func GetCredentialVerification(ctx contractapi.TransactionContextInterface, txID string) (_ *CredentialVerification, err error) {
	defer base.Coded(&err)
	return proofs.GetRecordByID[CredentialVerification](ctx.GetStub(), records.CredentialVerification, "credential verification", txID)
}

// checkUses counts the uses of a pseudonym credential's pseudonym in its
// context under the key, committed and earlier in the transaction (call),
// into c.uses, and refuses one beyond the limit (useLimit) with
// ErrPseudonymUsed, as SubmitProof does. It does nothing for other
// credentials.
func (c *credentialCheck) checkUses(stub shim.ChaincodeStubInterface, call *spends.SpendCall) error {
	uses, err := c.Proof.PseudonymUses(stub, call)
	if err != nil {
		return err
	}
	c.uses = uses
	return c.Proof.CheckPseudonymLimit(uses, c.useLimit())
}

// ResolveVerificationMethod returns the registered issuer and key version
// of the proof's verificationMethod vm. A did:key is resolved to the
// issuer that registered the key, which must be issuer when the request
// names one (resolveKeyHolder: through the issuer's record when the
// request names it, else through the public-key index). Any other DID URL
// is resolved only in the request's issuer, which must name it: to the
// key version of that issuer that declared vm (DeclareVerificationMethods).
// The issuer's and the key's revocation and scheme are checked afterwards,
// as for a proof (prepareVerification).
func ResolveVerificationMethod(stub shim.ChaincodeStubInterface, vm, issuer string, keys *proofs.KeyCache) (string, int, error) {
	if !strings.HasPrefix(vm, "did:key:") {
		if issuer == "" {
			return "", 0, fmt.Errorf("%w: credential: verificationMethod %s is not a did:key: the request must name the ledger issuer that declared it (\"issuer\")",
				request.ErrInvalid, request.Excerpt(vm))
		}
		is, err := keys.Issuer(stub, issuer)
		if err != nil {
			return "", 0, err
		}
		version := issuers.DeclaredKey(is, vm)
		if version == 0 {
			return "", 0, fmt.Errorf("issuer %q declares no verification method %s for any of its keys: %w", issuer, request.Excerpt(vm), base.ErrNotFound)
		}
		return issuer, version, nil
	}
	pk, err := vc.ParseDIDKey(vm)
	if err != nil {
		return "", 0, fmt.Errorf("%w: credential: verificationMethod %s: %v", request.ErrInvalid, request.Excerpt(vm), err)
	}
	return issuers.ResolveKeyHolder(stub, vm, pk, issuer, keys.Issuer)
}
