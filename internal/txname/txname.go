// SPDX-License-Identifier: Apache-2.0

// Package txname checks the transaction name a fabric-contract-api-go
// chaincode is invoked with, for the contracts of this repository (bbs's
// and the poll example's).
package txname

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// Check returns an error if the transaction name of fn (its part after the
// last ':', which names the contract) does not start with an upper-case
// letter. contract-api finds the method of "submitProof" by upper-casing
// the first rune but looks its metadata up by the exact name, so such a
// call would skip the validation of its arguments against the schema.
// example is a transaction name of the contract quoted in the error.
func Check(fn, example string) error {
	name := fn
	if i := strings.LastIndex(fn, ":"); i >= 0 {
		name = fn[i+1:]
	}
	r, _ := utf8.DecodeRuneInString(name)
	if !unicode.IsUpper(r) {
		return fmt.Errorf("transaction %s: transaction names are case-sensitive and start with an upper-case letter (as in %s)",
			request.Excerpt(name), example)
	}
	return nil
}
