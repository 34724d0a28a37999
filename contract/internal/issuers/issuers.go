// SPDX-License-Identifier: Apache-2.0

package issuers

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// Register is the RegisterIssuer transaction (see Contract.RegisterIssuer).
func Register(ctx contractapi.TransactionContextInterface, registrationDoc string) (_ *Issuer, err error) {
	defer base.Coded(&err)
	doc, err := registration.ParseRegistration(registrationDoc)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	id, scheme, description := doc.ID, doc.Scheme, doc.Description
	if len(scheme) > request.MaxSchemeLength {
		return nil, fmt.Errorf("%w: scheme is %d bytes, over the limit of %d", base.ErrInvalidArgument, len(scheme), request.MaxSchemeLength)
	}
	if err := CheckIssuerID(id); err != nil {
		return nil, err
	}
	if len(description) > MaxDescriptionLength {
		return nil, fmt.Errorf("%w: description is %d bytes, over the limit of %d", base.ErrInvalidArgument, len(description), MaxDescriptionLength)
	}
	if !utf8.ValidString(description) {
		return nil, fmt.Errorf("%w: description is not valid UTF-8", base.ErrInvalidArgument)
	}
	s, err := bbs.SchemeByName(scheme)
	if err != nil {
		// The scheme's length is checked above: the error quotes at most
		// request.MaxSchemeLength bytes of it.
		return nil, fmt.Errorf("%w: scheme: %v", base.ErrInvalidArgument, err)
	}
	keyBytes, err := DecodePublicKeyText(doc.PublicKey)
	if err != nil {
		return nil, err
	}
	popBytes, err := registration.DecodeBase64("proofOfPossession", doc.ProofOfPossession, registration.MaxProofText)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	settings := &IssuerSettings{}
	if len(doc.Settings) > 0 {
		if settings, err = ParseSettings(string(doc.Settings)); err != nil {
			return nil, err
		}
	}
	if err := checkCountsPinned(s.Name(), settings); err != nil {
		return nil, err
	}
	if err := checkIntegers(s.Name(), settings, nil); err != nil {
		return nil, err
	}
	sub, err := endorsement.NewOwner(ctx, fmt.Sprintf("issuer %q", id))
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	if _, err := GetIssuer(stub, id); err == nil {
		return nil, fmt.Errorf("issuer %q: %w", id, base.ErrExists)
	} else if base.IsUntrusted(err) {
		// First come, first served: the key exists, and a registration
		// could not overwrite it (its key-level policy is another's).
		return nil, fmt.Errorf("%w; the ID is taken and cannot be registered", err)
	} else if !base.IsNotFound(err) {
		return nil, err
	}
	pk, err := s.ParsePublicKey(keyBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: publicKey is not a valid %s public key: %v", base.ErrInvalidArgument, s.Name(), err)
	}
	if err := checkPossession(stub, sub, registration.PurposeRegister, id, 1, pk, popBytes); err != nil {
		return nil, err
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	is := &Issuer{
		ID:             id,
		Scheme:         s.Name(),
		Description:    description,
		Owner:          sub.Owner(),
		CurrentVersion: 1,
		Keys:           []IssuerKey{{Version: 1, PublicKey: pk.Bytes(), CreatedAt: now}},
		Settings:       *settings,
		CreatedAt:      now,
		UpdatedAt:      now,
		records:        &IssuerRecords{},
	}
	if err := IndexPublicKey(stub, is, 1); err != nil {
		return nil, err
	}
	// putIssuer sets the owner's key-level policy.
	if err := PutIssuer(stub, is); err != nil {
		return nil, err
	}
	return is, nil
}

// RotateKey is the RotateIssuerKey transaction (see Contract.RotateIssuerKey).
func RotateKey(ctx contractapi.TransactionContextInterface, rotationDoc string) (_ *Issuer, err error) {
	defer base.Coded(&err)
	doc, err := registration.ParseRotation(rotationDoc)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	id := doc.ID
	is, err := ForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	keyBytes, err := DecodePublicKeyText(doc.PublicKey)
	if err != nil {
		return nil, err
	}
	popBytes, err := registration.DecodeBase64("proofOfPossession", doc.ProofOfPossession, registration.MaxProofText)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	if len(is.Keys) >= MaxKeyVersions {
		return nil, fmt.Errorf("%w: issuer %q has %d key versions, the most allowed", base.ErrInvalidArgument, id, len(is.Keys))
	}
	s, err := bbs.SchemeByName(is.Scheme)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: %w", id, err)
	}
	pk, err := s.ParsePublicKey(keyBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: publicKey is not a valid %s public key: %v", base.ErrInvalidArgument, s.Name(), err)
	}
	for _, k := range is.Keys {
		if bytes.Equal(k.PublicKey, pk.Bytes()) {
			return nil, fmt.Errorf("%w: publicKey is already key version %d of issuer %q", base.ErrInvalidArgument, k.Version, id)
		}
	}
	version := len(is.Keys) + 1
	if doc.KeyVersion != version {
		return nil, fmt.Errorf("%w: rotation: keyVersion is %d; issuer %q has %d key versions, so the new key is version %d",
			base.ErrInvalidArgument, doc.KeyVersion, id, len(is.Keys), version)
	}
	sub, err := base.SubmitterOf(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkPossession(ctx.GetStub(), sub, registration.PurposeRotate, id, version, pk, popBytes); err != nil {
		return nil, err
	}
	now, err := base.TxTime(ctx.GetStub())
	if err != nil {
		return nil, err
	}
	is.Keys = append(is.Keys, IssuerKey{Version: version, PublicKey: pk.Bytes(), CreatedAt: now})
	is.CurrentVersion = version
	is.UpdatedAt = now
	if err := IndexPublicKey(ctx.GetStub(), is, version); err != nil {
		return nil, err
	}
	if err := PutIssuer(ctx.GetStub(), is); err != nil {
		return nil, err
	}
	return is, nil
}

// RevokeKey is the RevokeIssuerKey transaction (see Contract.RevokeIssuerKey).
func RevokeKey(ctx contractapi.TransactionContextInterface, id string, version int) (_ *Issuer, err error) {
	defer base.Coded(&err)
	is, err := ForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	k := is.Key(version)
	if k == nil {
		return nil, fmt.Errorf("%w: issuer %q has no key version %d (it has versions 1 to %d)", base.ErrNotFound, id, version, len(is.Keys))
	}
	if k.Revoked {
		return nil, fmt.Errorf("key version %d of issuer %q: already %w", version, id, base.ErrRevoked)
	}
	now, err := base.TxTime(ctx.GetStub())
	if err != nil {
		return nil, err
	}
	k.Revoked, k.RevokedAt = true, now
	is.UpdatedAt = now
	if err := PutIssuer(ctx.GetStub(), is); err != nil {
		return nil, err
	}
	return is, nil
}

// Revoke is the RevokeIssuer transaction (see Contract.RevokeIssuer).
func Revoke(ctx contractapi.TransactionContextInterface, id string) (_ *Issuer, err error) {
	defer base.Coded(&err)
	is, err := ForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	now, err := base.TxTime(ctx.GetStub())
	if err != nil {
		return nil, err
	}
	is.Revoked, is.RevokedAt = true, now
	is.UpdatedAt = now
	if err := PutIssuer(ctx.GetStub(), is); err != nil {
		return nil, err
	}
	return is, nil
}

// Get is the GetIssuer transaction (see Contract.GetIssuer).
func Get(ctx contractapi.TransactionContextInterface, id string) (_ *Issuer, err error) {
	defer base.Coded(&err)
	if err := CheckIssuerID(id); err != nil {
		return nil, err
	}
	return GetIssuer(ctx.GetStub(), id)
}

// List is the ListIssuers transaction (see Contract.ListIssuers).
func List(ctx contractapi.TransactionContextInterface, pageSize int, bookmark string) (_ *IssuerPage, err error) {
	defer base.Coded(&err)
	stub := ctx.GetStub()
	page := &IssuerPage{Issuers: []Issuer{}}
	next, err := base.ListPage(stub, issuerList, pageSize, bookmark, func(key string, value []byte) (int, func(), error) {
		// A record that does not decode, is not of its key's ID or is not
		// believed is left out: it was written around the contract
		// (GetIssuer refuses it).
		var is Issuer
		if id, err := base.IDOfKey(stub, issuerList, key); err != nil || base.UnmarshalRecord(value, &is) != nil || is.ID != id {
			return 0, func() {}, nil
		}
		if err := records.Issuer.Believe(stub, key, is.Owner.MSPID); base.IsUntrusted(err) {
			return 0, func() {}, nil
		} else if err != nil {
			return 0, nil, err
		}
		size, err := base.JSONSize(&is)
		return size, func() { page.Issuers = append(page.Issuers, is) }, err
	})
	if err != nil {
		return nil, err
	}
	page.Bookmark, page.Count = next, len(page.Issuers)
	return page, nil
}

// History is the GetIssuerHistory transaction (see Contract.GetIssuerHistory).
func History(ctx contractapi.TransactionContextInterface, id string, pageSize int, bookmark string) (_ *IssuerHistoryPage, err error) {
	defer base.Coded(&err)
	if err := CheckIssuerID(id); err != nil {
		return nil, err
	}
	if pageSize < base.MinPageSize || pageSize > base.MaxPageSize {
		return nil, fmt.Errorf("%w: pageSize %d is outside %d..%d", base.ErrInvalidArgument, pageSize, base.MinPageSize, base.MaxPageSize)
	}
	if len(bookmark) > base.MaxTxIDLength {
		return nil, fmt.Errorf("%w: bookmark is %d bytes, over the limit of %d (use the bookmark of the previous page)", base.ErrInvalidArgument, len(bookmark), base.MaxTxIDLength)
	}
	stub := ctx.GetStub()
	key, err := IssuerRecordKey(stub, id)
	if err != nil {
		return nil, err
	}
	// The history of a record that is not believed now is refused, as
	// the record is.
	if _, err := GetIssuer(stub, id); err != nil && !base.IsNotFound(err) {
		return nil, err
	}
	it, err := stub.GetHistoryForKey(key)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: reading history: %w", id, err)
	}
	defer it.Close()
	page := &IssuerHistoryPage{Entries: []IssuerHistoryEntry{}}
	started, any, used := bookmark == "", false, 0
	for it.HasNext() {
		m, err := it.Next()
		if err != nil {
			return nil, fmt.Errorf("issuer %q: reading history: %w", id, err)
		}
		any = true
		if !started {
			if m.GetTxId() != bookmark {
				continue
			}
			started = true
		}
		if len(page.Entries) == pageSize {
			page.Bookmark = m.GetTxId()
			break
		}
		e := IssuerHistoryEntry{TxID: m.GetTxId(), IsDelete: m.GetIsDelete()}
		if ts := m.GetTimestamp(); ts != nil {
			e.Timestamp = ts.AsTime().UTC()
		}
		if !m.GetIsDelete() {
			e.Issuer = &Issuer{}
			if err := base.UnmarshalRecord(m.GetValue(), e.Issuer); err != nil {
				return nil, fmt.Errorf("issuer %q: history entry of transaction %s: %w", id, request.Excerpt(m.GetTxId()), err)
			}
		}
		// As listPage: the page ends before the entry that would take it
		// past MaxPageBytes.
		size, err := base.JSONSize(&e)
		if err != nil {
			return nil, fmt.Errorf("issuer %q: history entry of transaction %s: %w", id, request.Excerpt(m.GetTxId()), err)
		}
		if len(page.Entries) > 0 && !base.PageFits(used, size) {
			page.Bookmark = m.GetTxId()
			break
		}
		used += size + 1
		page.Entries = append(page.Entries, e)
	}
	if !any {
		return nil, fmt.Errorf("issuer %q: %w", id, base.ErrNotFound)
	}
	if !started {
		return nil, fmt.Errorf("%w: bookmark %s is not a change of issuer %q (use the bookmark of the previous page)", base.ErrInvalidArgument, request.Excerpt(bookmark), id)
	}
	page.Count = len(page.Entries)
	return page, nil
}

// SetSettings is the SetIssuerSettings transaction (see Contract.SetIssuerSettings).
func SetSettings(ctx contractapi.TransactionContextInterface, id string, settings string) (_ *Issuer, err error) {
	defer base.Coded(&err)
	st, err := ParseSettings(settings)
	if err != nil {
		return nil, err
	}
	// Settings, allowedCallers included, change only directly.
	if err := base.RequireDirect(ctx, fmt.Sprintf("the settings of issuer %q", id), nil); err != nil {
		return nil, err
	}
	is, err := ForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := checkCountsPinned(is.Scheme, st); err != nil {
		return nil, err
	}
	if err := checkIntegers(is.Scheme, st, &is.Settings); err != nil {
		return nil, err
	}
	now, err := base.TxTime(ctx.GetStub())
	if err != nil {
		return nil, err
	}
	is.Settings = *st
	is.UpdatedAt = now
	if err := PutIssuer(ctx.GetStub(), is); err != nil {
		return nil, err
	}
	return is, nil
}

// ForChange loads the issuer id for a change by the submitter: it
// must exist, not be revoked, and the transaction must be allowed to
// change it (authorizeChange; through a chaincode of the settings'
// allowedCallers too).
func ForChange(ctx contractapi.TransactionContextInterface, id string) (*Issuer, error) {
	if err := CheckIssuerID(id); err != nil {
		return nil, err
	}
	is, err := GetIssuer(ctx.GetStub(), id)
	if err != nil {
		return nil, err
	}
	if err := base.AuthorizeLiveChange(ctx, fmt.Sprintf("issuer %q", id), is.Owner, is.Settings.AllowedCallers, is.Revoked, base.ErrRevoked); err != nil {
		return nil, err
	}
	return is, nil
}

// CheckIssuerID returns an error unless id is a valid issuer ID.
func CheckIssuerID(id string) error { return base.CheckRecordID("issuer", id) }

// checkPossession verifies proof, the proof of possession of pk's secret
// for purpose, the issuer id, key version, this channel and the submitter
// sub (see package registration).
func checkPossession(stub shim.ChaincodeStubInterface, sub *base.Submitter, purpose, id string, version int, pk *bbs.PublicKey, proof []byte) error {
	st := &registration.Statement{
		Purpose:     purpose,
		Channel:     stub.GetChannelID(),
		IssuerID:    id,
		KeyVersion:  version,
		Scheme:      pk.Scheme().Name(),
		MSPID:       sub.MSPID,
		SubmitterID: sub.ID,
	}
	if err := registration.Verify(pk, st, proof); err != nil {
		return fmt.Errorf("%w: proofOfPossession: %v", base.ErrAccessDenied, err)
	}
	return nil
}

// DecodePublicKeyText decodes a public key argument: canonical standard
// base64.
func DecodePublicKeyText(s string) ([]byte, error) {
	if len(s) > registration.MaxPublicKeyText {
		return nil, fmt.Errorf("%w: publicKey is %d characters of base64, too long for a public key", base.ErrInvalidArgument, len(s))
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || base64.StdEncoding.EncodeToString(b) != s {
		return nil, fmt.Errorf("%w: publicKey is not canonical standard base64", base.ErrInvalidArgument)
	}
	return b, nil
}
