// SPDX-License-Identifier: Apache-2.0

package policy

import "github.com/fabric-bbs/fabric-bbs/internal/policytext"

// init shares the readers of numbers in credential statements with the
// contract (package internal/policytext), which reads a status index from
// a credential's RDF with the rules the evaluation here applies.
func init() {
	policytext.ParseNumber = parseNumber
	policytext.WholeNumberDatatype = wholeNumberDatatype
}
