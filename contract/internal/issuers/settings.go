// SPDX-License-Identifier: Apache-2.0

package issuers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// IssuerSettings are the owner's rules for proofs under an issuer's keys.
type IssuerSettings struct {
	// RequireBoundNonce makes SubmitProof refuse a request whose nonce is
	// not bound to the submitter (bindSubmitter), so a proof copied from a
	// pending transaction cannot be submitted by anyone else.
	RequireBoundNonce bool `json:"requireBoundNonce"`
	// MessageCounts, when not empty, are the only signed message counts
	// the issuer's credentials have: a proof of any other count is refused
	// before any curve arithmetic. Ascending, each 1 to bbs.MaxMessages.
	MessageCounts []int `json:"messageCounts,omitempty" metadata:",optional"`
	// AllowedCallers names the chaincodes through which the owner's
	// changes of the issuer (RotateIssuerKey, RevokeIssuerKey,
	// RevokeIssuer) may run: the chaincode a client's proposal invokes,
	// which then calls bbs. Empty: only transactions that invoke bbs
	// itself. The settings themselves change only directly. Ascending,
	// without repeats, at most MaxAllowedCallers valid chaincode names.
	AllowedCallers []string `json:"allowedCallers,omitempty" metadata:",optional"`
	// Integers are the message positions whose messages are signed 64-bit
	// integers (bbs.IntegerMessage; "date": whole days since 1970-01-01
	// UTC, bbs.DateMessage), mapped to scalars as integers by every
	// verification under the issuer's keys (bbs.NewMessageMap), so that
	// range predicates can be proven about them. Ascending by index,
	// without repeats, each index below bbs.MaxMessages; IETF schemes
	// only. Once set (at registration or by SetIssuerSettings) they are
	// fixed for every key version: a change or removal is refused.
	Integers []IntegerPosition `json:"integers,omitempty" metadata:",optional"`
}

// IntegerPosition is one integer message position of an issuer's
// credentials.
type IntegerPosition struct {
	// Index is the message's position, from 0.
	Index int `json:"index"`
	// Type is IntegerInt64 or IntegerDate.
	Type string `json:"type"`
}

// Types of IntegerPosition. Both map to scalars alike; the type says how
// to read the value (a date is days since 1970-01-01 UTC).
const (
	IntegerInt64 = "int64"
	IntegerDate  = "date"
)

// MessageMap returns the message map of the settings' integer positions:
// nil without any, so that every verification of an issuer without
// integers is the IETF draft's exactly.
func (s *IssuerSettings) MessageMap() (*bbs.MessageMap, error) {
	if len(s.Integers) == 0 {
		return nil, nil
	}
	at := make([]int, len(s.Integers))
	for i, p := range s.Integers {
		at[i] = p.Index
	}
	return bbs.NewMessageMap(at)
}

// IntegerAt returns the integer position at index, or nil if the message
// at index is not an integer.
func (s *IssuerSettings) IntegerAt(index int) *IntegerPosition {
	i, found := slices.BinarySearchFunc(s.Integers, index, func(p IntegerPosition, index int) int { return p.Index - index })
	if !found {
		return nil
	}
	return &s.Integers[i]
}

// MaxAllowedCallers is the most chaincodes IssuerSettings.AllowedCallers
// may name.
const MaxAllowedCallers = 16

// AllowsCount reports whether a proof over n signed messages may be
// checked under the settings of an issuer of the given scheme. A bbs+2020
// issuer without pinned counts (a record written before they were
// required) allows none: a bbs+2020 proof's count comes from the proof,
// and each count the verifier has not seen costs a generator derivation
// (about 0.18 ms per message), so a stream of bogus proofs with a new
// count each would cost every endorser up to 70 times a valid proof.
func (s *IssuerSettings) AllowsCount(scheme string, n int) bool {
	if len(s.MessageCounts) == 0 {
		return !countsRequired(scheme)
	}
	_, found := slices.BinarySearch(s.MessageCounts, n)
	return found
}

// settingsFieldNames are the JSON names of IssuerSettings.
var settingsFieldNames = map[string]bool{"requireBoundNonce": true, "messageCounts": true, "allowedCallers": true, "integers": true}

// countsRequired reports whether issuers of scheme must pin their message
// counts.
func countsRequired(scheme string) bool { return scheme == bbs.BBSPlus2020Name }

// checkCountsPinned returns an error if settings leave the message counts
// of an issuer of scheme unpinned where they must be pinned.
func checkCountsPinned(scheme string, s *IssuerSettings) error {
	if countsRequired(scheme) && len(s.MessageCounts) == 0 {
		return fmt.Errorf("%w: settings: a %s issuer must pin messageCounts, the signed message counts of its credentials "+
			"(a %s proof's count comes from the proof, and an unexpected count costs the verifier a generator derivation)",
			base.ErrInvalidArgument, scheme, scheme)
	}
	return nil
}

// integerSchemes reports whether issuers of scheme may declare integer
// positions: the IETF schemes and the pseudonym schemes built on them,
// whose verification takes a MessageMap (for a pseudonym scheme, over the
// issuer's messages). bbs+2020 hashes every message by definition.
func integerSchemes(scheme string) bool {
	switch scheme {
	case bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name, bbs.NymBLS12381SHA256Name, bbs.NymBLS12381SHAKE256Name:
		return true
	}
	return false
}

// checkIntegers returns an error if settings declare integer positions an
// issuer of scheme cannot have, or, for an existing issuer (old not nil),
// if they change the integer positions it has already set.
func checkIntegers(scheme string, s *IssuerSettings, old *IssuerSettings) error {
	if len(s.Integers) > 0 && !integerSchemes(scheme) {
		return fmt.Errorf("%w: settings: integers are for the schemes %s, %s, %s and %s only; a %s issuer maps every message by hash",
			base.ErrInvalidArgument, bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name, bbs.NymBLS12381SHA256Name, bbs.NymBLS12381SHAKE256Name, scheme)
	}
	if old != nil && len(old.Integers) > 0 && !slices.Equal(old.Integers, s.Integers) {
		return fmt.Errorf("%w: settings: the issuer's integer positions are set (%s) and cannot change: "+
			"credentials already issued map those messages as integers (an issuer that changes its encoding registers a new issuer ID)",
			base.ErrInvalidArgument, integersText(old.Integers))
	}
	return nil
}

// integersText shows integer positions as "3:int64, 4:date".
func integersText(ps []IntegerPosition) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d:%s", p.Index, p.Type)
	}
	return b.String()
}

// ParseSettings parses SetIssuerSettings' argument strictly: one JSON
// object with exactly the documented field names, none twice, no trailing
// data, message counts ascending without repeats within 1..bbs.MaxMessages.
func ParseSettings(text string) (*IssuerSettings, error) {
	if len(text) > base.MaxSettingsSize {
		return nil, fmt.Errorf("%w: settings are %d bytes, over the limit of %d", base.ErrInvalidArgument, len(text), base.MaxSettingsSize)
	}
	body := []byte(text)
	if err := request.CheckStrictKeys(body, (*IssuerSettings)(nil)); err != nil {
		return nil, fmt.Errorf("%w: settings: %v", base.ErrInvalidArgument, err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil || top == nil {
		return nil, fmt.Errorf("%w: settings must be one JSON object", base.ErrInvalidArgument)
	}
	if k, unknown := request.FirstUnknownKey(top, body, settingsFieldNames); unknown {
		return nil, fmt.Errorf("%w: settings: unknown field %s", base.ErrInvalidArgument, request.Excerpt(k))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var s IssuerSettings
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%w: settings: malformed (want {\"requireBoundNonce\": bool, \"messageCounts\": [int, ...], \"allowedCallers\": [string, ...], \"integers\": [{\"index\": int, \"type\": \"int64\"|\"date\"}, ...]})", base.ErrInvalidArgument)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: settings: data after the object", base.ErrInvalidArgument)
	}
	if len(s.MessageCounts) > bbs.MaxMessages {
		return nil, fmt.Errorf("%w: settings: %d message counts, at most %d", base.ErrInvalidArgument, len(s.MessageCounts), bbs.MaxMessages)
	}
	for i, n := range s.MessageCounts {
		if n < 1 || n > bbs.MaxMessages {
			return nil, fmt.Errorf("%w: settings: messageCounts[%d] is %d, outside 1..%d", base.ErrInvalidArgument, i, n, bbs.MaxMessages)
		}
		if i > 0 && n <= s.MessageCounts[i-1] {
			return nil, fmt.Errorf("%w: settings: messageCounts must be ascending without repeats (%d follows %d)", base.ErrInvalidArgument, n, s.MessageCounts[i-1])
		}
	}
	if len(s.MessageCounts) == 0 {
		s.MessageCounts = nil
	}
	if len(s.AllowedCallers) > MaxAllowedCallers {
		return nil, fmt.Errorf("%w: settings: %d allowed callers, at most %d", base.ErrInvalidArgument, len(s.AllowedCallers), MaxAllowedCallers)
	}
	for i, name := range s.AllowedCallers {
		if !base.ValidChaincodeName(name) {
			return nil, fmt.Errorf("%w: settings: allowedCallers[%d] %s is not a valid chaincode name", base.ErrInvalidArgument, i, request.Excerpt(name))
		}
		if i > 0 && name <= s.AllowedCallers[i-1] {
			return nil, fmt.Errorf("%w: settings: allowedCallers must be ascending without repeats (%s follows %s)", base.ErrInvalidArgument, request.Excerpt(name), request.Excerpt(s.AllowedCallers[i-1]))
		}
	}
	if len(s.AllowedCallers) == 0 {
		s.AllowedCallers = nil
	}
	if len(s.Integers) > bbs.MaxMessages {
		return nil, fmt.Errorf("%w: settings: %d integer positions, at most %d", base.ErrInvalidArgument, len(s.Integers), bbs.MaxMessages)
	}
	for i, p := range s.Integers {
		if p.Index < 0 || p.Index >= bbs.MaxMessages {
			return nil, fmt.Errorf("%w: settings: integers[%d] has index %d, outside 0..%d", base.ErrInvalidArgument, i, p.Index, bbs.MaxMessages-1)
		}
		if p.Type != IntegerInt64 && p.Type != IntegerDate {
			return nil, fmt.Errorf("%w: settings: integers[%d] has type %s, want %q or %q", base.ErrInvalidArgument, i, request.Excerpt(p.Type), IntegerInt64, IntegerDate)
		}
		if i > 0 && p.Index <= s.Integers[i-1].Index {
			return nil, fmt.Errorf("%w: settings: integers must be ascending by index without repeats (%d follows %d)", base.ErrInvalidArgument, p.Index, s.Integers[i-1].Index)
		}
	}
	if len(s.Integers) == 0 {
		s.Integers = nil
	}
	return &s, nil
}

// CountRefusal is the reason a proof over n messages is refused under the
// issuer's settings (allowsCount false).
func CountRefusal(is *Issuer, n int) string {
	if len(is.Settings.MessageCounts) == 0 {
		return fmt.Sprintf("issuer %q is a %s issuer without pinned messageCounts (registered before they were required): "+
			"it verifies no proof until its owner pins them with SetIssuerSettings", is.ID, is.Scheme)
	}
	return fmt.Sprintf("the proof covers %d signed messages; issuer %q registers credentials of %v messages only",
		n, is.ID, is.Settings.MessageCounts)
}
