// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/x509/pkix"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// declaredMethod is the i-th verification method of issuer id, n bytes
// long (n at most MaxVerificationMethodSize).
func declaredMethod(id string, i, n int) string {
	vm := fmt.Sprintf("did:web:%s.example#key-%d-", strings.ToLower(id), i)
	return vm + strings.Repeat("x", n-len(vm))
}

// largeIssuer is an issuer record as large as the field bounds let a
// record of keys versions be: the longest ID, description (in characters
// JSON writes as six bytes), owner, MaxIssuerVerificationMethods methods
// of the longest size spread over the keys, the most message counts and
// allowed callers, every key revoked.
func largeIssuer(id string, keys int, now time.Time) *issuers.Issuer {
	is := &issuers.Issuer{
		ID: id, Scheme: bbs.BBSPlus2020Name, Description: strings.Repeat("<", issuers.MaxDescriptionLength),
		Owner:          base.Owner{MSPID: strings.Repeat("M", base.MaxMSPIDLength), ID: strings.Repeat("i", base.MaxIdentityIDLength)},
		CurrentVersion: keys, Revoked: true, RevokedAt: now, CreatedAt: now, UpdatedAt: now,
	}
	for v := 1; v <= keys; v++ {
		is.Keys = append(is.Keys, issuers.IssuerKey{Version: v, PublicKey: make([]byte, 96), CreatedAt: now, Revoked: true, RevokedAt: now})
	}
	for i := range issuers.MaxIssuerVerificationMethods {
		k := &is.Keys[i%keys]
		k.VerificationMethods = append(k.VerificationMethods, declaredMethod(id, i, issuers.MaxVerificationMethodSize))
	}
	for n := bbs.MaxMessages - 1023; n <= bbs.MaxMessages; n++ {
		is.Settings.MessageCounts = append(is.Settings.MessageCounts, n)
	}
	for i := range issuers.MaxAllowedCallers {
		is.Settings.AllowedCallers = append(is.Settings.AllowedCallers, strconv.Itoa(i)+strings.Repeat("c", base.MaxTxIDLength-3))
	}
	return is
}

// TestLargestIssuerRecord: the largest issuer record the field bounds
// allow (MaxKeyVersions keys) is under MaxIssuerRecordSize, which is
// under MaxPageBytes: a record is never refused for its size when its
// fields are within their bounds, and a page always holds one.
func TestLargestIssuerRecord(t *testing.T) {
	is := largeIssuer(strings.Repeat("a", 64), issuers.MaxKeyVersions, time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	require.True(t, request.ValidIssuerID(is.ID))
	b, err := json.Marshal(is)
	require.NoError(t, err)
	t.Logf("largest issuer record: %d bytes (limit %d)", len(b), issuers.MaxIssuerRecordSize)
	require.Less(t, len(b), issuers.MaxIssuerRecordSize)
	require.Less(t, issuers.MaxIssuerRecordSize, base.MaxPageBytes)
	// Its history entry too.
	b, err = json.Marshal(issuers.IssuerHistoryEntry{TxID: strings.Repeat("f", 64), Timestamp: is.CreatedAt, Issuer: is})
	require.NoError(t, err)
	require.Less(t, len(b), base.MaxPageBytes)

	// A record over the bound is refused, naming the limit.
	e := newEnv(t)
	is.Description = strings.Repeat("<", issuers.MaxIssuerRecordSize)
	stub := e.ledger.NewStub(e.alice.Creator)
	err = issuers.PutIssuer(stub, is)
	require.ErrorIs(t, err, base.ErrInvalidArgument)
	require.ErrorContains(t, err, fmt.Sprintf("over the limit of %d", issuers.MaxIssuerRecordSize))
}

// seedLargeIssuers writes n issuers, "big-000" up, each with keys key
// versions and the largest fields (largeIssuer), committed.
func seedLargeIssuers(t *testing.T, e *env, n, keys int) {
	t.Helper()
	stub := e.ledger.NewStub(e.alice.Creator)
	now, err := base.TxTime(stub)
	require.NoError(t, err)
	for i := range n {
		require.NoError(t, issuers.PutIssuer(stub, largeIssuer(fmt.Sprintf("big-%03d", i), keys, now)))
	}
	e.ledger.Commit(stub)
}

// TestListIssuersPageBytes: a page of large issuer records ends before
// the record that would take it past MaxPageBytes, however large
// pageSize; its bookmark starts the next page exactly there, and the
// pages hold every issuer once, in order.
func TestListIssuersPageBytes(t *testing.T) {
	e := newEnv(t)
	const n = 70
	seedLargeIssuers(t, e, n, 4)
	one := e.evaluate(e.bob, "GetIssuer", "big-000")
	require.True(t, one.OK())
	recordSize := len(one.Response.Payload)
	require.Greater(t, recordSize*n, 2*base.MaxPageBytes, "the records must fill more than two pages")

	var all []string
	bookmark, pages := "", 0
	for {
		r := e.evaluate(e.bob, "ListIssuers", "200", bookmark)
		page := decode[issuers.IssuerPage](t, r)
		pages++
		require.Equal(t, len(page.Issuers), page.Count)
		require.NotZero(t, page.Count)
		size := 0
		for _, is := range page.Issuers {
			s, err := base.JSONSize(&is)
			require.NoError(t, err)
			size += s + 1
			all = append(all, is.ID)
		}
		require.LessOrEqual(t, size, base.MaxPageBytes+1)
		require.Less(t, len(r.Response.Payload), base.MaxPageBytes+1024, "the page's payload")
		if page.Bookmark == "" {
			break
		}
		// The page stopped because the next record would not fit.
		require.Less(t, page.Count, 200)
		require.Greater(t, size+recordSize, base.MaxPageBytes, "the page stopped early with room for the next record")
		require.Equal(t, fmt.Sprintf("big-%03d", len(all)), page.Bookmark)
		bookmark = page.Bookmark
	}
	require.GreaterOrEqual(t, pages, 3)
	want := make([]string, n)
	for i := range want {
		want[i] = fmt.Sprintf("big-%03d", i)
	}
	require.Equal(t, want, all)

	// Small pages are by count, as before.
	page := decode[issuers.IssuerPage](t, e.evaluate(e.bob, "ListIssuers", "2", ""))
	require.Equal(t, []string{"big-000", "big-001"}, []string{page.Issuers[0].ID, page.Issuers[1].ID})
	require.Equal(t, "big-002", page.Bookmark)
}

// TestIssuerHistoryPageBytes: GetIssuerHistory's pages of large records
// end before MaxPageBytes, and the bookmarks walk the whole history once.
func TestIssuerHistoryPageBytes(t *testing.T) {
	e := newEnv(t)
	const changes = 40
	seedLargeIssuers(t, e, 1, 4)
	for i := 1; i < changes; i++ {
		// Each commit writes the large record again (a new history entry).
		stub := e.ledger.NewStub(e.alice.Creator)
		is, err := issuers.GetIssuer(stub, "big-000")
		require.NoError(t, err)
		is.Description = strings.Repeat("<", issuers.MaxDescriptionLength-3) + fmt.Sprintf("%03d", i)
		require.NoError(t, issuers.PutIssuer(stub, is))
		e.ledger.Commit(stub)
	}
	var txs []string
	bookmark, pages := "", 0
	for {
		page := decode[issuers.IssuerHistoryPage](t, e.evaluate(e.bob, "GetIssuerHistory", "big-000", "200", bookmark))
		pages++
		size := 0
		for _, en := range page.Entries {
			s, err := base.JSONSize(&en)
			require.NoError(t, err)
			size += s + 1
			txs = append(txs, en.TxID)
		}
		require.LessOrEqual(t, size, base.MaxPageBytes+1)
		if page.Bookmark == "" {
			break
		}
		require.Less(t, page.Count, 200)
		bookmark = page.Bookmark
	}
	require.GreaterOrEqual(t, pages, 2)
	require.Len(t, txs, changes)
	seen := map[string]bool{}
	for _, tx := range txs {
		require.False(t, seen[tx], "entry %s twice", tx)
		seen[tx] = true
	}
}

// TestIssuerFieldBounds: a declaration that would take the issuer's
// verification methods past MaxIssuerVerificationMethods, and a
// submitter whose identity ID is over MaxIdentityIDLength, are refused
// with BBS_INVALID_ARGUMENT naming the limit, writing nothing.
func TestIssuerFieldBounds(t *testing.T) {
	e := newEnv(t)
	k := registerAcme(t, e)
	for v := 2; v <= 5; v++ {
		r := e.rotate(e.alice, "acme", newKeyPair(t, k.scheme, byte(10+v)))
		require.True(t, r.Committed, r.Response.GetMessage())
	}
	methods := func(version, n int) string {
		var l []string
		for i := range n {
			l = append(l, declaredMethod("acme", 100*version+i, issuers.MaxVerificationMethodSize))
		}
		b, _ := json.Marshal(l)
		return string(b)
	}
	for v := 1; v <= 4; v++ {
		requireAccepted(t, e.submit(e.alice, "DeclareVerificationMethods", "acme", strconv.Itoa(v), methods(v, 16)))
	}
	requireFailure(t, e.submit(e.alice, "DeclareVerificationMethods", "acme", "5", methods(5, 1)),
		"BBS_INVALID_ARGUMENT", `issuer "acme" would declare 65 verification methods in all, over the limit of 64 per issuer`)
	// Replacing a key's own methods within the bound is accepted.
	requireAccepted(t, e.submit(e.alice, "DeclareVerificationMethods", "acme", "4", methods(6, 16)))

	long := e.org1.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client", strings.Repeat("u", base.MaxIdentityIDLength)}, CommonName: "long"}, nil)
	requireFailure(t, e.submit(long, "CreatePolicy", `{"id":"p","issuers":[{"id":"acme"}]}`),
		"BBS_INVALID_ARGUMENT", "identity ID", fmt.Sprintf("over the limit of %d", base.MaxIdentityIDLength))
}
