// SPDX-License-Identifier: Apache-2.0

package contract

import "github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

// Names of package github.com/fabric-bbs/fabric-bbs/contract/internal/spends that are part of this package's API.

// DefaultPseudonymUseLimit is how many times SubmitProof accepts one
// pseudonym in one context under one key: once ("scope exclusive"). A
// request whose policy has a pseudonym rule gets the rule's uses instead.
const DefaultPseudonymUseLimit = spends.DefaultPseudonymUseLimit

// MaxListedPseudonymUses is the largest number of uses GetPseudonymUses
// lists; it reports whether there are more.
const MaxListedPseudonymUses = spends.MaxListedPseudonymUses

// PseudonymUse is one accepted use of a pseudonym, as GetPseudonymUses
// lists it.
type PseudonymUse = spends.PseudonymUse

// PseudonymUses is the answer of GetPseudonymUses.
type PseudonymUses = spends.PseudonymUses
