// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"fmt"
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/stretchr/testify/require"
)

// determinismRuns is how many times each hostile input runs: Go
// randomises map iteration on every range, so an answer that depends on
// map order differs within a few runs.
const determinismRuns = 50

// oneAnswer runs f determinismRuns times under GOMAXPROCS 1 and 2 and
// fails unless every run gives the same text; it returns that text.
func oneAnswer(t *testing.T, runs int, f func() string) string {
	t.Helper()
	return oneanswer.Check(t, runs, f)
}

// answer is everything an endorser signs of a simulated transaction that
// the test can see: status, message, payload and event. The transaction
// ID, different in every run, is replaced by <tx>.
func answer(r fakestub.Result) string {
	s := fmt.Sprintf("status %d\nmessage %s\npayload %s", r.Response.GetStatus(), r.Response.GetMessage(), r.Response.GetPayload())
	if r.Event != nil {
		s += fmt.Sprintf("\nevent %s %s", r.Event.GetEventName(), r.Event.GetPayload())
	}
	return strings.ReplaceAll(s, r.TxID, "<tx>")
}

// withFields returns the JSON object obj with the members first inserted
// at its start and last at its end.
func withFields(obj, first, last string) string {
	body := strings.TrimSuffix(strings.TrimPrefix(obj, "{"), "}")
	if first != "" {
		body = first + "," + body
	}
	if last != "" {
		body += "," + last
	}
	return "{" + body + "}"
}

// TestContractOneAnswer: transactions with several faults at once
// (unknown fields in every object, duplicate keys, several bad values,
// several failing proofs among valid ones in one batch) get the same
// answer, byte for byte, on every run and under GOMAXPROCS 1 and 2, as the
// endorsers of one transaction must: under an AND policy, two different
// answers fail the transaction. The transactions are simulated
// (evaluated) on one ledger state, as each endorser simulates them.
func TestContractOneAnswer(t *testing.T) {
	e, creds := batchLedger(t)
	e.ledger.Step = 0 // every run gets the same timestamp
	plus := creds["plus"]
	valid := jsonArg(t, plus.present(t, "plus", batchNonce(1), 0))
	unknown := withFields(valid, `"zz":1,"y":2,"Isuer":3`, `"a":4,"m":5,"c":6`)
	unknownPolicy := withFields(valid, "", `"policy":{"z":1,"id":"p","y":2,"x":3,"w":4}`)
	unknownDisclosed := strings.Replace(valid, `"disclosed":[{`, `"disclosed":[{"z":1,"y":2,"x":3,"w":4,`, 1)
	require.NotEqual(t, valid, unknownDisclosed)
	duplicates := withFields(valid, `"nonce":"","proof":"AA=="`, "")
	badValues := `{"issuer":"bad id!","scheme":"` + strings.Repeat("s", 65) + `","keyVersion":-1,"proof":"*","nonce":"*","salt":"*"}`
	// Valid for request.Parse, but without the fields the schema of the
	// argument requires (nonce; message in disclosed items): contract-api
	// reports every schema error.
	schemaErrors := `{"issuer":"plus","proof":"AA==","disclosed":[{"index":0},{"index":1}]}`

	// A batch with several invalid proofs among valid ones, of two
	// schemes, so that the batch is split and items run in parallel.
	var forged []string
	for i := range 6 {
		r := plus.present(t, "plus", batchNonce(20+i), 0, 1)
		r.Disclosed[i%2].Message = base64.StdEncoding.EncodeToString([]byte("forged"))
		forged = append(forged, jsonArg(t, r))
		forged = append(forged, jsonArg(t, creds["ietf"].present(t, "ietf", batchNonce(40+i), 0)))
		forged = append(forged, jsonArg(t, plus.present(t, "plus", batchNonce(60+i), 2)))
	}
	hostileBatch := "[" + strings.Join([]string{unknown, unknownPolicy, unknownDisclosed, duplicates, badValues, schemaErrors, valid}, ",") + "]"
	mixed := batchArg(mixedBatch(t, e, creds))
	forgedBatch := "[" + strings.Join(forged, ",") + "]"

	tests := []struct {
		name string
		args []string
		want string // a part of the answer
		runs int    // 0: determinismRuns (batches that verify proofs run fewer times)
	}{
		{"VerifyProof, unknown fields", []string{"VerifyProof", unknown}, `unknown field "zz"`, 0},
		{"SubmitProof, unknown fields", []string{"SubmitProof", unknown}, `unknown field "zz"`, 0},
		{"VerifyProof, unknown policy fields", []string{"VerifyProof", unknownPolicy}, `policy: unknown field "z"`, 0},
		{"VerifyProof, unknown disclosed fields", []string{"VerifyProof", unknownDisclosed}, `disclosed[0]: unknown field "z"`, 0},
		{"VerifyProof, duplicate keys", []string{"VerifyProof", duplicates}, `duplicate field "proof"`, 0},
		{"VerifyProof, bad values", []string{"VerifyProof", badValues}, `scheme: 65 bytes`, 0},
		{"VerifyProof, schema errors", []string{"VerifyProof", schemaErrors}, `nonce is required`, 0},
		{"VerifyProofs, hostile items", []string{"VerifyProofs", hostileBatch}, `unknown field \"zz\"`, 0},
		{"SubmitProofs, hostile items", []string{"SubmitProofs", hostileBatch}, `unknown field \"zz\"`, 0},
		{"VerifyProofs, mixed outcomes", []string{"VerifyProofs", mixed}, `"valid":true`, 6},
		{"SubmitProofs, mixed outcomes", []string{"SubmitProofs", mixed}, `event ProofsVerified`, 6},
		{"VerifyProofs, forged proofs", []string{"VerifyProofs", forgedBatch}, `does not verify`, 6},
		{"SubmitProofs, forged proofs", []string{"SubmitProofs", forgedBatch}, `does not verify`, 6},
		{"SubmitProofs, bad array", []string{"SubmitProofs", "[" + valid + ",{]"}, `request 1 of the array`, 0},
		{"SetIssuerSettings, unknown fields", []string{"SetIssuerSettings", "plus", `{"zz":1,"requireBoundNonce":true,"y":2,"x":3,"RequireBoundNonc":4}`}, `unknown field "zz"`, 0},
		{"SetIssuerSettings, a field in another case", []string{"SetIssuerSettings", "plus", `{"zz":1,"requireBoundNonce":true,"RequireBoundNonce":4}`}, `duplicate field "RequireBoundNonce": the same name as "requireBoundNonce"`, 0},
		{"CreatePolicy, unknown fields", []string{"CreatePolicy", `{"zz":1,"id":"p","y":2,"issuers":[{"id":"plus","q":1,"r":2}],"x":3}`}, `unknown field`, 0},
		{"CreatePolicy, null values", []string{"CreatePolicy", `{"id":"p","issuers":null,"description":null,"header":null}`}, `must not be null`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runs := tt.runs
			if runs == 0 {
				runs = determinismRuns
			}
			got := oneAnswer(t, runs, func() string {
				return answer(e.evaluate(e.alice, tt.args[0], tt.args[1:]...))
			})
			if testing.Verbose() {
				t.Log(got)
			}
			require.Contains(t, got, tt.want)
		})
	}
}

// TestMetadataOneAnswer: the contract metadata (GetMetadata), which
// contract-api builds by reflection when the chaincode is made, is the
// same text from every chaincode instance, as from every peer.
func TestMetadataOneAnswer(t *testing.T) {
	got := oneAnswer(t, 10, func() string {
		e := newEnv(t)
		return answer(e.ledger.Evaluate(e.cc, e.alice.Creator, "org.hyperledger.fabric:GetMetadata"))
	})
	require.Contains(t, got, `"VerifyProofs"`)
}
