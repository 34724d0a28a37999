// SPDX-License-Identifier: Apache-2.0

package base

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// MinPageSize and MaxPageSize bound the page size of ListIssuers,
// GetIssuerHistory and ListPolicies.
const MinPageSize, MaxPageSize = 1, 200

// MaxPageBytes is the most bytes of records, as JSON, in one page of
// ListIssuers, GetIssuerHistory and ListPolicies: a page ends before
// the record that would take it past MaxPageBytes (its first record
// always fits), and its bookmark starts the next page there.
const MaxPageBytes = 1 << 20

// ListKind is a kind of record that listPage pages through: records under
// one composite-key object type, each keyed by one ID of
// request.IssuerIDPattern.
type ListKind struct {
	ObjectType string
	One        string // "an issuer"
	Many       string // "issuers"
}

// ListPage reads a page of at most pageSize (MinPageSize to MaxPageSize)
// records of the kind in ID byte order, starting with the record whose ID
// is bookmark (the first one if bookmark is empty), calling add for each:
// add decodes the record and returns the size in bytes of the JSON it adds
// to the page and the function that adds it. The page ends early, before
// the record that would take the page's records past MaxPageBytes (the
// first record is always added). It returns the ID of the first record of
// the next page, "" on the last.
//
// It makes the bookmark itself, by reading one record more than the page
// holds: the peer's own bookmark differs between state databases (LevelDB
// ends a range with "", CouchDB with the query's end key).
func ListPage(stub shim.ChaincodeStubInterface, kind ListKind, pageSize int, bookmark string, add func(key string, value []byte) (int, func(), error)) (string, error) {
	if pageSize < MinPageSize || pageSize > MaxPageSize {
		return "", fmt.Errorf("%w: pageSize %d is outside %d..%d", ErrInvalidArgument, pageSize, MinPageSize, MaxPageSize)
	}
	startKey := ""
	if bookmark != "" {
		if !request.ValidIssuerID(bookmark) {
			return "", fmt.Errorf("%w: bookmark %s is not %s ID (use the bookmark of the previous page)", ErrInvalidArgument, request.Excerpt(bookmark), kind.One)
		}
		var err error
		if startKey, err = CompositeKey(stub, kind.ObjectType, bookmark); err != nil {
			return "", err
		}
	}
	it, _, err := stub.GetStateByPartialCompositeKeyWithPagination(kind.ObjectType, nil, int32(pageSize+1), startKey)
	if err != nil {
		return "", fmt.Errorf("listing %s: %w", kind.Many, err)
	}
	defer it.Close()
	bytes := 0
	for n := 0; it.HasNext(); n++ {
		kv, err := it.Next()
		if err != nil {
			return "", fmt.Errorf("listing %s: %w", kind.Many, err)
		}
		var size int
		var keep func()
		if n < pageSize {
			if size, keep, err = add(kv.Key, kv.Value); err != nil {
				return "", fmt.Errorf("listing %s: key %q: %w", kind.Many, kv.Key, err)
			}
		}
		if n == pageSize || n > 0 && !PageFits(bytes, size) {
			// The first record of the next page.
			next, err := IDOfKey(stub, kind, kv.Key)
			if err != nil {
				return "", fmt.Errorf("listing %s: %w", kind.Many, err)
			}
			return next, nil
		}
		keep()
		bytes += size + 1
	}
	return "", nil
}

// PageFits reports whether a record of size bytes fits in a page that
// holds used bytes of records (each counted with its separator).
func PageFits(used, size int) bool { return used+size <= MaxPageBytes }

// JSONSize is the length of v's JSON, as the page's records are counted.
func JSONSize(v any) (int, error) {
	b, err := json.Marshal(v)
	return len(b), err
}

// IDOfKey returns the ID of a record's key. It checks the key's form
// first: the shim's SplitCompositeKey panics on a string that is not a
// composite key.
func IDOfKey(stub shim.ChaincodeStubInterface, kind ListKind, key string) (string, error) {
	prefix, err := stub.CreateCompositeKey(kind.ObjectType, nil)
	if err != nil {
		return "", err
	}
	if !strings.HasPrefix(key, prefix) || !strings.HasSuffix(key, "\x00") {
		return "", fmt.Errorf("%q is not the key of %s record", key, kind.One)
	}
	_, attrs, err := stub.SplitCompositeKey(key)
	if err != nil {
		return "", err
	}
	if len(attrs) != 1 || !request.ValidIssuerID(attrs[0]) {
		return "", fmt.Errorf("%q is not the key of %s record", key, kind.One)
	}
	return attrs[0], nil
}
