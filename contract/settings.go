package contract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// MaxSettingsSize is the largest settings argument of SetIssuerSettings,
// in bytes of JSON.
const MaxSettingsSize = 16 << 10

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
}

// MaxAllowedCallers is the most chaincodes IssuerSettings.AllowedCallers
// may name.
const MaxAllowedCallers = 16

// allowsCount reports whether a proof over n signed messages may be
// checked under the settings.
func (s *IssuerSettings) allowsCount(n int) bool {
	if len(s.MessageCounts) == 0 {
		return true
	}
	_, found := slices.BinarySearch(s.MessageCounts, n)
	return found
}

// settingsFieldNames are the JSON names of IssuerSettings.
var settingsFieldNames = map[string]bool{"requireBoundNonce": true, "messageCounts": true, "allowedCallers": true}

// parseSettings parses SetIssuerSettings' argument strictly: one JSON
// object with exactly the documented field names, none twice, no trailing
// data, message counts ascending without repeats within 1..bbs.MaxMessages.
func parseSettings(text string) (*IssuerSettings, error) {
	if len(text) > MaxSettingsSize {
		return nil, fmt.Errorf("%w: settings are %d bytes, over the limit of %d", ErrInvalidArgument, len(text), MaxSettingsSize)
	}
	body := []byte(text)
	if err := request.CheckDuplicateKeys(body); err != nil {
		return nil, fmt.Errorf("%w: settings: %v", ErrInvalidArgument, err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil || top == nil {
		return nil, fmt.Errorf("%w: settings must be one JSON object", ErrInvalidArgument)
	}
	if k, unknown := request.FirstUnknownKey(top, body, settingsFieldNames); unknown {
		return nil, fmt.Errorf("%w: settings: unknown field %s", ErrInvalidArgument, request.Excerpt(k))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var s IssuerSettings
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%w: settings: malformed (want {\"requireBoundNonce\": bool, \"messageCounts\": [int, ...], \"allowedCallers\": [string, ...]})", ErrInvalidArgument)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: settings: data after the object", ErrInvalidArgument)
	}
	if len(s.MessageCounts) > bbs.MaxMessages {
		return nil, fmt.Errorf("%w: settings: %d message counts, at most %d", ErrInvalidArgument, len(s.MessageCounts), bbs.MaxMessages)
	}
	for i, n := range s.MessageCounts {
		if n < 1 || n > bbs.MaxMessages {
			return nil, fmt.Errorf("%w: settings: messageCounts[%d] is %d, outside 1..%d", ErrInvalidArgument, i, n, bbs.MaxMessages)
		}
		if i > 0 && n <= s.MessageCounts[i-1] {
			return nil, fmt.Errorf("%w: settings: messageCounts must be ascending without repeats (%d follows %d)", ErrInvalidArgument, n, s.MessageCounts[i-1])
		}
	}
	if len(s.MessageCounts) == 0 {
		s.MessageCounts = nil
	}
	if len(s.AllowedCallers) > MaxAllowedCallers {
		return nil, fmt.Errorf("%w: settings: %d allowed callers, at most %d", ErrInvalidArgument, len(s.AllowedCallers), MaxAllowedCallers)
	}
	for i, name := range s.AllowedCallers {
		if !validChaincodeName(name) {
			return nil, fmt.Errorf("%w: settings: allowedCallers[%d] %s is not a valid chaincode name", ErrInvalidArgument, i, request.Excerpt(name))
		}
		if i > 0 && name <= s.AllowedCallers[i-1] {
			return nil, fmt.Errorf("%w: settings: allowedCallers must be ascending without repeats (%s follows %s)", ErrInvalidArgument, request.Excerpt(name), request.Excerpt(s.AllowedCallers[i-1]))
		}
	}
	if len(s.AllowedCallers) == 0 {
		s.AllowedCallers = nil
	}
	return &s, nil
}
