// SPDX-License-Identifier: Apache-2.0

package request

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/internal/jsonkeys"
)

// The strict-JSON key checks are in package internal/jsonkeys, shared with
// this module's other document parsers (vc, policy, registration,
// contract) and no part of this package's API.
var (
	firstDuplicateKey       = jsonkeys.FirstDuplicateKey
	firstDuplicateKeyTokens = jsonkeys.FirstDuplicateKeyTokens
	firstDuplicateKeyValid  = jsonkeys.FirstDuplicateKeyValid
	firstUnknownKey         = jsonkeys.FirstUnknownKey
	objectKeys              = jsonkeys.ObjectKeys
	hasUnknownKey           = jsonkeys.HasUnknownKey
)

// CheckDuplicateKeys rejects a JSON body in which an object, at any depth,
// has the same key twice: encoding/json would silently keep the last one,
// so two readers of one request could disagree about what it says.
func CheckDuplicateKeys(body []byte) error {
	key, found, err := firstDuplicateKey(body)
	if err != nil {
		return fmt.Errorf("%w: malformed JSON: %s", ErrInvalid, errText(err))
	}
	if found {
		return fmt.Errorf("%w: duplicate field %s", ErrInvalid, Excerpt(key))
	}
	return nil
}
