// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// contextObjectType keys the registered JSON-LD contexts: [hex SHA-256 of
// the URL] -> ContextRecord.
const contextObjectType = "bbs.context"

// MaxContextURLLength is the longest context URL RegisterContext accepts.
const MaxContextURLLength = 512

// ContextRecord is an application JSON-LD context registered on the
// ledger (RegisterContext). It never changes once registered.
type ContextRecord struct {
	// URL is the context's URL, as credentials name it in @context.
	URL string `json:"url"`
	// SHA256 is the lower-case hex SHA-256 of Document's bytes.
	SHA256 string `json:"sha256"`
	// Document is the context document, exactly as registered.
	Document string `json:"document"`
	// Registrant is the identity that registered it.
	Registrant Owner `json:"registrant"`
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

func contextKey(stub shim.ChaincodeStubInterface, url string) (string, error) {
	return compositeKey(stub, contextObjectType, hashHex([]byte(url)))
}

// isCoreContext reports whether url is one of the contexts built into
// package vc, which need no registration and cannot be registered.
func isCoreContext(url string) bool {
	l, err := credentialLoader()
	if err != nil {
		return false
	}
	_, ok := l.SHA256(url)
	return ok
}

// RegisterContext stores an application JSON-LD context for url: document
// must be a JSON object with an @context member, no duplicate keys, at most
// vc.MaxContextSize bytes. Any identity may register a context, by invoking
// bbs directly (not through another chaincode, see requireDirect); the
// registrant, transaction and SHA-256 are recorded, and the record never
// changes: registering a URL again is refused (ErrExists), whatever the
// bytes, and so is a URL of a built-in context. url must be an absolute
// https: or http: URL without spaces, at most MaxContextURLLength bytes.
func (c *Contract) RegisterContext(ctx contractapi.TransactionContextInterface, url string, document string) (*ContextRecord, error) {
	if len(url) == 0 || len(url) > MaxContextURLLength || strings.ContainsAny(url, " \t\r\n\"<>{}|\\^`") ||
		!(strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://")) || len(url) <= len("https://") {
		return nil, fmt.Errorf("%w: context URL %s must be an absolute http(s) URL of at most %d bytes", ErrInvalidArgument, request.Excerpt(url), MaxContextURLLength)
	}
	if isCoreContext(url) {
		return nil, fmt.Errorf("%w: %s is a built-in context; it needs no registration", ErrExists, request.Excerpt(url))
	}
	if len(document) > vc.MaxContextSize {
		return nil, fmt.Errorf("%w: context document is %d bytes, over the limit of %d", ErrInvalidArgument, len(document), vc.MaxContextSize)
	}
	check, err := vc.NewLoader()
	if err != nil {
		return nil, fmt.Errorf("the built-in JSON-LD contexts: %w", err)
	}
	if err := check.Add(url, []byte(document), ""); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidArgument, err)
	}
	// The registrant is recorded as the context's author: like the owner-only
	// transactions, it runs only when the client invokes bbs itself, so that a
	// chaincode the client called cannot register contexts in its name.
	if err := requireDirect(ctx, fmt.Sprintf("context %s", request.Excerpt(url)), nil); err != nil {
		return nil, err
	}
	sub, err := submitterOf(ctx)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	key, err := contextKey(stub, url)
	if err != nil {
		return nil, err
	}
	var held ContextRecord
	found, err := getJSON(stub, key, &held)
	if err != nil {
		return nil, fmt.Errorf("context %s: %w", request.Excerpt(url), err)
	}
	if found {
		return nil, fmt.Errorf("context %s is already registered, with SHA-256 %s, by transaction %s; a context never changes: %w",
			request.Excerpt(url), held.SHA256, held.TxID, ErrExists)
	}
	now, err := txTime(stub)
	if err != nil {
		return nil, err
	}
	rec := &ContextRecord{URL: url, SHA256: hashHex([]byte(document)), Document: document, Registrant: sub.owner(), TxID: stub.GetTxID(), Timestamp: now}
	if err := putJSON(stub, key, rec); err != nil {
		return nil, fmt.Errorf("storing the context: %w", err)
	}
	return rec, nil
}

// GetContext returns the registered context of url.
func (c *Contract) GetContext(ctx contractapi.TransactionContextInterface, url string) (*ContextRecord, error) {
	if len(url) == 0 || len(url) > MaxContextURLLength {
		return nil, fmt.Errorf("%w: context URL must be 1 to %d bytes", ErrInvalidArgument, MaxContextURLLength)
	}
	rec, err := getContext(ctx.GetStub(), url)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return nil, fmt.Errorf("context %s: %w", request.Excerpt(url), ErrNotFound)
	}
	return rec, nil
}

func getContext(stub shim.ChaincodeStubInterface, url string) (*ContextRecord, error) {
	key, err := contextKey(stub, url)
	if err != nil {
		return nil, err
	}
	var rec ContextRecord
	found, err := getJSON(stub, key, &rec)
	if err != nil {
		return nil, fmt.Errorf("context %s: %w", request.Excerpt(url), err)
	}
	if !found {
		return nil, nil
	}
	return &rec, nil
}

// credentialLoaderFor returns the loader for a credential: the built-in
// one when every context URL of its top-level @context is built in, else
// a new loader holding the built-in contexts and the registered contexts
// the credential names at its top level, each pinned to its recorded
// SHA-256, with those contexts listed (sorted by URL). A URL that is
// neither built in nor registered is left out: the verifier then refuses
// the credential naming it. Contexts that registered contexts reference
// in turn are not loaded (first cut).
func credentialLoaderFor(stub shim.ChaincodeStubInterface, doc map[string]any) (*vc.Loader, []ContextRef, error) {
	core, err := credentialLoader()
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
		if len(u) > MaxContextURLLength {
			continue
		}
		rec, err := getContext(stub, u)
		if err != nil {
			return nil, nil, err
		}
		if rec == nil {
			continue
		}
		if err := l.Add(rec.URL, []byte(rec.Document), rec.SHA256); err != nil {
			return nil, nil, fmt.Errorf("registered context %s: %w", request.Excerpt(u), err)
		}
		used = append(used, ContextRef{URL: rec.URL, SHA256: rec.SHA256})
	}
	return l, used, nil
}
