// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
)

// codeOf is the code of a result that is not valid, for the code field of
// the results (VerificationResult, BatchResult, CredentialResult): the
// code of err (a refusal) if not nil, else of the error SubmitProof or
// SubmitCredential would fail with, v.rejection(); "" for a valid result.
func codeOf(v *verification, err error) string {
	switch {
	case err != nil:
		return base.ErrorCode(err)
	case v == nil || v.valid:
		return ""
	}
	return base.ErrorCode(v.rejection())
}
