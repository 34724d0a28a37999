package contract

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// maxPublicKeyText bounds the base64 text of a public key argument, far
// above any scheme's key, so that no oversize text is decoded.
const maxPublicKeyText = 1024

// RegisterIssuer registers the issuer id with a first public key
// (publicKey: standard base64 of the key in the scheme's encoding) of one of
// the schemes the bbs package supports. The submitting identity becomes the
// issuer's owner. It returns the new record.
func (c *Contract) RegisterIssuer(ctx contractapi.TransactionContextInterface, id string, scheme string, publicKey string, description string) (*Issuer, error) {
	if err := checkIssuerID(id); err != nil {
		return nil, err
	}
	if len(description) > MaxDescriptionLength {
		return nil, fmt.Errorf("%w: description is %d bytes, over the limit of %d", ErrInvalidArgument, len(description), MaxDescriptionLength)
	}
	if !utf8.ValidString(description) {
		return nil, fmt.Errorf("%w: description is not valid UTF-8", ErrInvalidArgument)
	}
	s, err := bbs.SchemeByName(scheme)
	if err != nil {
		return nil, fmt.Errorf("%w: scheme: %v", ErrInvalidArgument, err)
	}
	keyBytes, err := decodePublicKeyText(publicKey)
	if err != nil {
		return nil, err
	}
	sub, err := submitterOf(ctx)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	if _, err := getIssuer(stub, id); err == nil {
		return nil, fmt.Errorf("issuer %q: %w", id, ErrExists)
	} else if !isNotFound(err) {
		return nil, err
	}
	pk, err := s.ParsePublicKey(keyBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: publicKey is not a valid %s public key: %v", ErrInvalidArgument, s.Name(), err)
	}
	now, err := txTime(stub)
	if err != nil {
		return nil, err
	}
	is := &Issuer{
		ID:             id,
		Scheme:         s.Name(),
		Description:    description,
		Owner:          sub.owner(),
		CurrentVersion: 1,
		Keys:           []IssuerKey{{Version: 1, PublicKey: pk.Bytes(), CreatedAt: now}},
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	if err := putIssuer(stub, is); err != nil {
		return nil, err
	}
	return is, nil
}

// RotateIssuerKey adds a public key (standard base64) to the issuer as
// version n+1, which becomes its current key. Earlier versions stay usable
// unless revoked. Only the owner may rotate (see AdminAttribute).
func (c *Contract) RotateIssuerKey(ctx contractapi.TransactionContextInterface, id string, publicKey string) (*Issuer, error) {
	is, err := c.issuerForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	keyBytes, err := decodePublicKeyText(publicKey)
	if err != nil {
		return nil, err
	}
	if len(is.Keys) >= MaxKeyVersions {
		return nil, fmt.Errorf("%w: issuer %q has %d key versions, the most allowed", ErrInvalidArgument, id, len(is.Keys))
	}
	s, err := bbs.SchemeByName(is.Scheme)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: %w", id, err)
	}
	pk, err := s.ParsePublicKey(keyBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: publicKey is not a valid %s public key: %v", ErrInvalidArgument, s.Name(), err)
	}
	for _, k := range is.Keys {
		if bytes.Equal(k.PublicKey, pk.Bytes()) {
			return nil, fmt.Errorf("%w: publicKey is already key version %d of issuer %q", ErrInvalidArgument, k.Version, id)
		}
	}
	now, err := txTime(ctx.GetStub())
	if err != nil {
		return nil, err
	}
	version := len(is.Keys) + 1
	is.Keys = append(is.Keys, IssuerKey{Version: version, PublicKey: pk.Bytes(), CreatedAt: now})
	is.CurrentVersion = version
	is.UpdatedAt = now
	if err := putIssuer(ctx.GetStub(), is); err != nil {
		return nil, err
	}
	return is, nil
}

// RevokeIssuerKey revokes one key version of the issuer, for good: proofs
// no longer verify under it. The current version may be revoked too; then
// requests must name another version until the next rotation. Only the
// owner may revoke (see AdminAttribute).
func (c *Contract) RevokeIssuerKey(ctx contractapi.TransactionContextInterface, id string, version int) (*Issuer, error) {
	is, err := c.issuerForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	k := is.key(version)
	if k == nil {
		return nil, fmt.Errorf("%w: issuer %q has no key version %d (it has versions 1 to %d)", ErrNotFound, id, version, len(is.Keys))
	}
	if k.Revoked {
		return nil, fmt.Errorf("key version %d of issuer %q: already %w", version, id, ErrRevoked)
	}
	now, err := txTime(ctx.GetStub())
	if err != nil {
		return nil, err
	}
	k.Revoked, k.RevokedAt = true, now
	is.UpdatedAt = now
	if err := putIssuer(ctx.GetStub(), is); err != nil {
		return nil, err
	}
	return is, nil
}

// RevokeIssuer revokes the issuer and so every one of its keys, for good:
// its record stays readable, but it verifies nothing and cannot be changed.
// Only the owner may revoke (see AdminAttribute).
func (c *Contract) RevokeIssuer(ctx contractapi.TransactionContextInterface, id string) (*Issuer, error) {
	is, err := c.issuerForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	now, err := txTime(ctx.GetStub())
	if err != nil {
		return nil, err
	}
	is.Revoked, is.RevokedAt = true, now
	is.UpdatedAt = now
	if err := putIssuer(ctx.GetStub(), is); err != nil {
		return nil, err
	}
	return is, nil
}

// GetIssuer returns the issuer's record.
func (c *Contract) GetIssuer(ctx contractapi.TransactionContextInterface, id string) (*Issuer, error) {
	if err := checkIssuerID(id); err != nil {
		return nil, err
	}
	return getIssuer(ctx.GetStub(), id)
}

// ListIssuers returns a page of at most pageSize (1 to 200) issuers in ID
// byte order, starting with the issuer whose ID is bookmark (the first one
// if bookmark is empty). The page's Bookmark starts the next page.
func (c *Contract) ListIssuers(ctx contractapi.TransactionContextInterface, pageSize int, bookmark string) (*IssuerPage, error) {
	if pageSize < MinPageSize || pageSize > MaxPageSize {
		return nil, fmt.Errorf("%w: pageSize %d is outside %d..%d", ErrInvalidArgument, pageSize, MinPageSize, MaxPageSize)
	}
	stub := ctx.GetStub()
	startKey := ""
	if bookmark != "" {
		if !request.ValidIssuerID(bookmark) {
			return nil, fmt.Errorf("%w: bookmark %q is not an issuer ID (use the bookmark of the previous page)", ErrInvalidArgument, bookmark)
		}
		var err error
		if startKey, err = issuerKey(stub, bookmark); err != nil {
			return nil, err
		}
	}
	it, meta, err := stub.GetStateByPartialCompositeKeyWithPagination(issuerObjectType, nil, int32(pageSize), startKey)
	if err != nil {
		return nil, fmt.Errorf("listing issuers: %w", err)
	}
	defer it.Close()
	page := &IssuerPage{Issuers: []Issuer{}}
	for it.HasNext() {
		kv, err := it.Next()
		if err != nil {
			return nil, fmt.Errorf("listing issuers: %w", err)
		}
		var is Issuer
		if err := unmarshalRecord(kv.Value, &is); err != nil {
			return nil, fmt.Errorf("listing issuers: key %q: %w", kv.Key, err)
		}
		page.Issuers = append(page.Issuers, is)
	}
	page.Count = len(page.Issuers)
	if meta != nil && meta.Bookmark != "" {
		if page.Bookmark, err = issuerIDOfKey(stub, meta.Bookmark); err != nil {
			return nil, fmt.Errorf("listing issuers: bookmark from the peer: %w", err)
		}
	}
	return page, nil
}

// issuerIDOfKey returns the issuer ID of an issuer record's key. It checks
// the key's form first: the shim's SplitCompositeKey panics on a string that
// is not a composite key.
func issuerIDOfKey(stub shim.ChaincodeStubInterface, key string) (string, error) {
	prefix, err := stub.CreateCompositeKey(issuerObjectType, nil)
	if err != nil {
		return "", err
	}
	if !strings.HasPrefix(key, prefix) || !strings.HasSuffix(key, "\x00") {
		return "", fmt.Errorf("%q is not the key of an issuer record", key)
	}
	_, attrs, err := stub.SplitCompositeKey(key)
	if err != nil {
		return "", err
	}
	if len(attrs) != 1 || !request.ValidIssuerID(attrs[0]) {
		return "", fmt.Errorf("%q is not the key of an issuer record", key)
	}
	return attrs[0], nil
}

// GetIssuerHistory returns every committed change of the issuer's record,
// newest first, from the ledger's history of the record's key.
func (c *Contract) GetIssuerHistory(ctx contractapi.TransactionContextInterface, id string) ([]IssuerHistoryEntry, error) {
	if err := checkIssuerID(id); err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	key, err := issuerKey(stub, id)
	if err != nil {
		return nil, err
	}
	it, err := stub.GetHistoryForKey(key)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: reading history: %w", id, err)
	}
	defer it.Close()
	entries := []IssuerHistoryEntry{}
	for it.HasNext() {
		m, err := it.Next()
		if err != nil {
			return nil, fmt.Errorf("issuer %q: reading history: %w", id, err)
		}
		e := IssuerHistoryEntry{TxID: m.GetTxId(), IsDelete: m.GetIsDelete()}
		if ts := m.GetTimestamp(); ts != nil {
			e.Timestamp = ts.AsTime().UTC()
		}
		if !m.GetIsDelete() {
			e.Issuer = &Issuer{}
			if err := unmarshalRecord(m.GetValue(), e.Issuer); err != nil {
				return nil, fmt.Errorf("issuer %q: history entry of transaction %s: %w", id, m.GetTxId(), err)
			}
		}
		entries = append(entries, e)
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("issuer %q: %w", id, ErrNotFound)
	}
	return entries, nil
}

// issuerForChange loads the issuer id for a change by the submitter: it
// must exist, not be revoked, and the submitter must be allowed to change
// it.
func (c *Contract) issuerForChange(ctx contractapi.TransactionContextInterface, id string) (*Issuer, error) {
	if err := checkIssuerID(id); err != nil {
		return nil, err
	}
	sub, err := submitterOf(ctx)
	if err != nil {
		return nil, err
	}
	is, err := getIssuer(ctx.GetStub(), id)
	if err != nil {
		return nil, err
	}
	if err := sub.authorize(is); err != nil {
		return nil, err
	}
	if is.Revoked {
		return nil, fmt.Errorf("issuer %q is %w and cannot be changed", id, ErrRevoked)
	}
	return is, nil
}

// checkIssuerID returns an error unless id is a valid issuer ID.
func checkIssuerID(id string) error {
	if !request.ValidIssuerID(id) {
		return fmt.Errorf("%w: issuer ID %q does not match %s", ErrInvalidArgument, id, request.IssuerIDPattern)
	}
	return nil
}

// decodePublicKeyText decodes a public key argument: canonical standard
// base64.
func decodePublicKeyText(s string) ([]byte, error) {
	if len(s) > maxPublicKeyText {
		return nil, fmt.Errorf("%w: publicKey is %d characters of base64, too long for a public key", ErrInvalidArgument, len(s))
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || base64.StdEncoding.EncodeToString(b) != s {
		return nil, fmt.Errorf("%w: publicKey is not canonical standard base64", ErrInvalidArgument)
	}
	return b, nil
}
