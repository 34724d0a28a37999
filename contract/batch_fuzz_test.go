// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// FuzzBatchArgument: the argument parsing of VerifyProofs and SubmitProofs
// (splitBatch, then decodeRequest of each element, as runBatch does) never
// panics; every error wraps request.ErrInvalid; every element it accepts
// decodes within the request limits.
func FuzzBatchArgument(f *testing.F) {
	f.Add([]byte(`[{"issuer":"a","proof":"AA==","nonce":""},{"issuer":"b","proof":"AA==","nonce":"","pseudonym":"AAEC","context":"Yw=="}]`))
	f.Add([]byte(`[{"issuer":"a","proof":"AA==","nonce":"","extra":1}, 7, null]`))
	f.Add([]byte(`[{"issuer":"a","issuer":"b"}]`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		raws, err := proofs.SplitBatch(data)
		if err != nil {
			if !errors.Is(err, request.ErrInvalid) {
				t.Fatalf("splitBatch error does not wrap ErrInvalid: %v", err)
			}
			return
		}
		for i, raw := range raws {
			d, err := base.DecodeRequest(raw)
			if err != nil {
				if !errors.Is(err, request.ErrInvalid) {
					t.Fatalf("element %d: error does not wrap ErrInvalid: %v", i, err)
				}
				continue
			}
			if len(d.Proof) == 0 || len(d.Proof) > request.MaxProofSize || len(d.Nonce) > request.MaxNonceSize ||
				len(d.Pseudonym) > request.MaxPseudonymSize || (len(d.Pseudonym) == 0) != (len(d.Context) == 0) {
				t.Fatalf("element %d accepted outside the limits: %+v", i, d)
			}
		}
	})
}
