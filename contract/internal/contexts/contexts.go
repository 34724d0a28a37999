// SPDX-License-Identifier: Apache-2.0

package contexts

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// ContextObjectType keys the registered JSON-LD contexts (records.Context):
// [issuer ID, hex SHA-256 of the URL, generation] -> ContextRecord, where
// the generation is the ID of the registering transaction, which the
// issuer record's directory names for the URL's hash (issuerRecords
// Contexts); a legacy context (generation legacyGeneration, or an issuer
// whose record has no directory yet) is at [issuer ID, hex SHA-256 of the
// URL]. A context belongs to the issuer it is registered for: a credential
// of that issuer is expanded with it, and with no other issuer's.
const ContextObjectType = "bbs.context"

// MaxContextURLLength is the longest context URL RegisterContext accepts.
const MaxContextURLLength = 512

// ContextRecord is an application JSON-LD context registered on the
// ledger for an issuer (RegisterContext). It never changes once
// registered.
type ContextRecord struct {
	// Issuer is the registry ID of the issuer whose credentials are read
	// with this context.
	Issuer string `json:"issuer"`
	// URL is the context's URL, as credentials name it in @context.
	URL string `json:"url"`
	// SHA256 is the lower-case hex SHA-256 of Document's bytes.
	SHA256 string `json:"sha256"`
	// Document is the context document, exactly as registered.
	Document string `json:"document"`
	// Registrant is the identity that registered it: the issuer's owner,
	// or an identity of the owner's MSP with bbs.admin=true.
	Registrant base.Owner `json:"registrant"`
	// TxID is the transaction that registered it.
	TxID string `json:"txId"`
	// Timestamp is that transaction's timestamp.
	Timestamp time.Time `json:"timestamp"`
}

// ContextRef names a registered context a credential used, by URL and
// SHA-256.
type ContextRef struct {
	// URL is the context's URL.
	URL string `json:"url"`
	// SHA256 is the lower-case hex SHA-256 of the registered document.
	SHA256 string `json:"sha256"`
}

// contextKey is the key of the context of url that the directory of
// issuer is names, and whether it names one: generation gen's key, or the
// legacy key for generation legacyGeneration and for an issuer without a
// directory (whose legacy contexts its next write lists, anchorLegacy).
func contextKey(stub shim.ChaincodeStubInterface, is *issuers.Issuer, url string) (string, bool, error) {
	h := base.HashHex([]byte(url))
	gen := issuers.LegacyGeneration
	if is.Anchored() {
		var ok bool
		if gen, ok = is.Directory().Contexts[h]; !ok {
			return "", false, nil
		}
	}
	k, err := issuers.ChildKey(stub, records.Context, gen, is.ID, h)
	return k, true, err
}

// isCoreContext reports whether url is one of the contexts built into
// package vc, which need no registration and cannot be registered.
func isCoreContext(url string) bool {
	l, err := CoreLoader()
	if err != nil {
		return false
	}
	_, ok := l.SHA256(url)
	return ok
}

// RegisterContext is the RegisterContext transaction (see Contract.RegisterContext).
func RegisterContext(ctx contractapi.TransactionContextInterface, issuerID, url, document string) (_ *ContextRecord, err error) {
	defer base.Coded(&err)
	if err := checkContextURL(url); err != nil {
		return nil, err
	}
	if isCoreContext(url) {
		return nil, fmt.Errorf("%w: %s is a built-in context; it needs no registration", base.ErrExists, request.Excerpt(url))
	}
	if len(document) > vc.MaxContextSize {
		return nil, fmt.Errorf("%w: context document is %d bytes, over the limit of %d", base.ErrInvalidArgument, len(document), vc.MaxContextSize)
	}
	check, err := vc.NewLoader()
	if err != nil {
		return nil, fmt.Errorf("the built-in JSON-LD contexts: %w", err)
	}
	if err := check.Add(url, []byte(document), ""); err != nil {
		return nil, fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	// Strictly direct: an issuer's allowedCallers do not extend to its
	// contexts, which give its credentials their meaning for good.
	what := fmt.Sprintf("context %s of issuer %s", request.Excerpt(url), request.Excerpt(issuerID))
	if err := base.RequireDirect(ctx, what, nil); err != nil {
		return nil, err
	}
	is, err := issuers.ForChange(ctx, issuerID)
	if err != nil {
		return nil, err
	}
	sub, err := base.SubmitterOf(ctx)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	// A context named in the directory but not believed is refused, not
	// replaced (getContext: BBS_UNTRUSTED_RECORD). An issuer without a
	// directory gets one below, which leaves out a legacy key that is not
	// believed: this registration replaces it.
	held, err := getContext(stub, is, url)
	if base.IsUntrusted(err) && !is.Anchored() {
		held, err = nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if held != nil {
		return nil, fmt.Errorf("%s is already registered, with SHA-256 %s, by transaction %s; a context never changes: %w",
			what, held.SHA256, held.TxID, base.ErrExists)
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	// A new generation, named by the issuer record written in this
	// transaction: a context created by anyone else, under whatever key, is
	// never read.
	gen, h := stub.GetTxID(), base.HashHex([]byte(url))
	key, err := issuers.ChildKey(stub, records.Context, gen, is.ID, h)
	if err != nil {
		return nil, err
	}
	rec := &ContextRecord{Issuer: is.ID, URL: url, SHA256: base.HashHex([]byte(document)), Document: document, Registrant: sub.Owner(), TxID: gen, Timestamp: now}
	if err := records.PutJSON(records.Context, stub, key, is.Owner.MSPID, rec); err != nil {
		return nil, fmt.Errorf("%s: storing the context: %w", what, err)
	}
	if err := issuers.AnchorChild(stub, is, func(r *issuers.IssuerRecords) {
		if r.Contexts == nil {
			r.Contexts = map[string]string{}
		}
		r.Contexts[h] = gen
	}); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return rec, nil
}

// checkContextURL refuses a URL RegisterContext would not register.
func checkContextURL(url string) error {
	if len(url) == 0 || len(url) > MaxContextURLLength || strings.ContainsAny(url, " \t\r\n\"<>{}|\\^`") ||
		!(strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://")) || len(url) <= len("https://") {
		return fmt.Errorf("%w: context URL %s must be an absolute http(s) URL of at most %d bytes", base.ErrInvalidArgument, request.Excerpt(url), MaxContextURLLength)
	}
	return nil
}

// GetContext is the GetContext transaction (see Contract.GetContext).
func GetContext(ctx contractapi.TransactionContextInterface, issuerID, url string) (_ *ContextRecord, err error) {
	defer base.Coded(&err)
	if err := issuers.CheckIssuerID(issuerID); err != nil {
		return nil, err
	}
	if len(url) == 0 || len(url) > MaxContextURLLength {
		return nil, fmt.Errorf("%w: context URL must be 1 to %d bytes", base.ErrInvalidArgument, MaxContextURLLength)
	}
	is, err := issuers.GetIssuer(ctx.GetStub(), issuerID)
	if err != nil {
		return nil, err
	}
	rec, err := getContext(ctx.GetStub(), is, url)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return nil, fmt.Errorf("context %s of issuer %q: %w", request.Excerpt(url), issuerID, base.ErrNotFound)
	}
	return rec, nil
}

// getContext returns the context of url registered for issuer is, nil if
// the issuer's directory names none. A named context that is absent, does
// not carry one of the owner's policies or does not match its key is
// refused (ErrUntrusted): never read as "not registered".
func getContext(stub shim.ChaincodeStubInterface, is *issuers.Issuer, url string) (*ContextRecord, error) {
	key, named, err := contextKey(stub, is, url)
	if err != nil {
		return nil, err
	}
	if !named {
		return nil, nil
	}
	var rec ContextRecord
	found, err := records.GetJSON(records.Context, stub, key, is.Owner.MSPID, &rec)
	if err != nil {
		return nil, fmt.Errorf("context %s of issuer %q: %w", request.Excerpt(url), is.ID, err)
	}
	legacy := !is.Anchored() || is.Directory().Contexts[base.HashHex([]byte(url))] == issuers.LegacyGeneration
	switch {
	case !found && legacy:
		// A legacy issuer's context that was never registered.
		return nil, nil
	case !found:
		return nil, fmt.Errorf("%w: context %s of issuer %q: the issuer record names generation %s, which is not stored",
			base.ErrUntrusted, request.Excerpt(url), is.ID, is.Directory().Contexts[base.HashHex([]byte(url))])
	case rec.Issuer != is.ID || rec.URL != url || rec.SHA256 != base.HashHex([]byte(rec.Document)) || !legacy && rec.TxID != is.Directory().Contexts[base.HashHex([]byte(url))]:
		return nil, fmt.Errorf("%w: context %s of issuer %q: the stored record does not match its key", base.ErrUntrusted, request.Excerpt(url), is.ID)
	}
	return &rec, nil
}

// LoaderFor returns the loader for a credential of issuer: the
// built-in one when every context URL of its top-level @context is built
// in, else a new loader holding the built-in contexts and the contexts
// registered for issuer that the credential names at its top level (never
// another issuer's), each pinned to its recorded
// SHA-256, with those contexts listed (sorted by URL). A URL that is
// neither built in nor registered is an error naming it (the least one).
// Contexts that registered contexts reference in turn are not loaded
// (first cut).
func LoaderFor(stub shim.ChaincodeStubInterface, is *issuers.Issuer, doc map[string]any) (*vc.Loader, []ContextRef, error) {
	core, err := CoreLoader()
	if err != nil {
		return nil, nil, fmt.Errorf("the built-in JSON-LD contexts: %w", err)
	}
	var urls []string
	switch t := doc["@context"].(type) {
	case string:
		urls = []string{t}
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				urls = append(urls, s)
			}
		}
	}
	sort.Strings(urls)
	var extra []string
	for i, u := range urls {
		if (i == 0 || u != urls[i-1]) && !isCoreContext(u) {
			extra = append(extra, u)
		}
	}
	if len(extra) == 0 {
		return core, nil, nil
	}
	if len(extra) > vc.DefaultLimits.MaxContextLoads {
		return nil, nil, fmt.Errorf("%w: credential: %d application contexts, more than %d", request.ErrInvalid, len(extra), vc.DefaultLimits.MaxContextLoads)
	}
	l, err := vc.NewLoader()
	if err != nil {
		return nil, nil, fmt.Errorf("the built-in JSON-LD contexts: %w", err)
	}
	var used []ContextRef
	for _, u := range extra {
		var rec *ContextRecord
		if len(u) <= MaxContextURLLength {
			if rec, err = getContext(stub, is, u); err != nil {
				return nil, nil, err
			}
		}
		if rec == nil {
			// Refused here, naming the least such URL: package vc's error
			// for a context it does not hold names none (its text must
			// not depend on json-gold's map order).
			return nil, nil, fmt.Errorf("%w: credential: @context %s is neither built in nor registered for issuer %q", request.ErrInvalid, request.Excerpt(u), is.ID)
		}
		if err := l.Add(rec.URL, []byte(rec.Document), rec.SHA256); err != nil {
			return nil, nil, fmt.Errorf("registered context %s: %w", request.Excerpt(u), err)
		}
		used = append(used, ContextRef{URL: rec.URL, SHA256: rec.SHA256})
	}
	return l, used, nil
}

// credentialLoader is the JSON-LD loader of the contract: the core
// contexts built into package vc, pinned by SHA-256. It is never added to
// after it is built, so it is safe for concurrent use.
var CoreLoader = sync.OnceValues(vc.NewLoader)
