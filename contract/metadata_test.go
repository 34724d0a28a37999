// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/metadata.json from the generated metadata")

// goldenMetadata is the contract metadata as the chaincode serves it,
// indented; a change to a transaction or type shows up as a diff here.
const goldenMetadata = "testdata/metadata.json"

type txMetadata struct {
	Name       string   `json:"name"`
	Tag        []string `json:"tag"`
	Parameters []struct {
		Name   string          `json:"name"`
		Schema json.RawMessage `json:"schema"`
	} `json:"parameters"`
	Returns json.RawMessage `json:"returns"`
}

type objectSchema struct {
	ID                   string                     `json:"$id"`
	Properties           map[string]json.RawMessage `json:"properties"`
	Required             []string                   `json:"required"`
	AdditionalProperties bool                       `json:"additionalProperties"`
}

type chaincodeMetadata struct {
	Contracts map[string]struct {
		Name         string       `json:"name"`
		Default      bool         `json:"default"`
		Transactions []txMetadata `json:"transactions"`
		Info         struct {
			Title   string `json:"title"`
			Version string `json:"version"`
		} `json:"info"`
	} `json:"contracts"`
	Components struct {
		Schemas map[string]objectSchema `json:"schemas"`
	} `json:"components"`
}

func getMetadata(t *testing.T) []byte {
	t.Helper()
	e := newEnv(t)
	r := e.ledger.Evaluate(e.cc, e.alice.Creator, "org.hyperledger.fabric:GetMetadata")
	require.True(t, r.OK(), r.Response.GetMessage())
	return r.Response.Payload
}

func TestMetadataTransactions(t *testing.T) {
	var md chaincodeMetadata
	require.NoError(t, json.Unmarshal(getMetadata(t), &md))
	c, ok := md.Contracts[Name]
	require.True(t, ok, "contract %s missing", Name)
	require.True(t, c.Default)
	require.Equal(t, Version, c.Info.Version)

	str, integer := `{"type":"string"}`, `{"type":"integer","format":"int64"}`
	ref := func(name string) string { return `{"$ref":"#/components/schemas/` + name + `"}` }
	want := []struct {
		name    string
		tag     string
		params  []string
		returns string
	}{
		{"CreatePolicy", "SUBMIT", []string{str}, ref("PolicyRecord")},
		{"CreatePredicateParams", "SUBMIT", []string{str, str}, ref("PredicateParamsRecord")},
		{"CreateStatusList", "SUBMIT", []string{str, str, str, integer}, ref("StatusList")},
		{"DeclareVerificationMethods", "SUBMIT", []string{str, integer, str}, ref("Issuer")},
		{"GetAccumulator", "EVALUATE", []string{str}, ref("Accumulator")},
		{"GetAccumulatorRemoval", "EVALUATE", []string{str, integer}, ref("AccumulatorRemoval")},
		{"GetContext", "EVALUATE", []string{str, str}, ref("ContextRecord")},
		{"GetCredentialVerification", "EVALUATE", []string{str}, ref("CredentialVerification")},
		{"GetEndorsementApprovals", "EVALUATE", nil, ref("EndorsementApprovals")},
		{"GetEndorsementConfig", "EVALUATE", nil, ref("EndorsementConfig")},
		{"GetIssuer", "EVALUATE", []string{str}, ref("Issuer")},
		{"GetIssuerEpoch", "EVALUATE", []string{str}, ref("IssuerEpoch")},
		{"GetIssuerHistory", "EVALUATE", []string{str, integer, str}, ref("IssuerHistoryPage")},
		{"GetPolicy", "EVALUATE", []string{str, integer}, ref("PolicyRecord")},
		{"GetPredicateParams", "EVALUATE", []string{str}, ref("PredicateParamsRecord")},
		{"GetPseudonymUses", "EVALUATE", []string{str, str}, ref("PseudonymUses")},
		{"GetStatusEntry", "EVALUATE", []string{str, str, integer}, ref("StatusEntry")},
		{"GetStatusList", "EVALUATE", []string{str, str}, ref("StatusList")},
		{"GetStatusPage", "EVALUATE", []string{str, str, integer}, ref("StatusPage")},
		{"GetVerification", "EVALUATE", []string{str}, ref("Verification")},
		{"ListIssuers", "EVALUATE", []string{integer, str}, ref("IssuerPage")},
		{"ListPolicies", "EVALUATE", []string{integer, str}, ref("PolicyPage")},
		{"RegisterContext", "SUBMIT", []string{str, str, str}, ref("ContextRecord")},
		{"RegisterIssuer", "SUBMIT", []string{str}, ref("Issuer")},
		{"RetirePolicy", "SUBMIT", []string{str}, ref("PolicyRecord")},
		{"RevokeHandle", "SUBMIT", []string{str, str}, ref("Accumulator")},
		{"RevokeHandles", "SUBMIT", []string{str, str}, ref("Accumulator")},
		{"RevokeIssuer", "SUBMIT", []string{str}, ref("Issuer")},
		{"RevokeIssuerKey", "SUBMIT", []string{str, integer}, ref("Issuer")},
		{"RotateIssuerKey", "SUBMIT", []string{str}, ref("Issuer")},
		{"SetAccumulator", "SUBMIT", []string{str, str, str, integer}, ref("Accumulator")},
		{"SetAccumulatorHandleIndex", "SUBMIT", []string{str, integer}, ref("Accumulator")},
		{"SetEndorsementConfig", "SUBMIT", []string{str}, ref("EndorsementConfig")},
		{"SetIssuerEpoch", "SUBMIT", []string{str, integer}, ref("IssuerEpoch")},
		{"SetIssuerSettings", "SUBMIT", []string{str, str}, ref("Issuer")},
		{"SubmitCredential", "SUBMIT", []string{str}, ref("CredentialReceipt")},
		{"SubmitCredentials", "SUBMIT", []string{str}, ref("CredentialBatchResults")},
		{"SubmitProof", "SUBMIT", []string{ref("Request")}, ref("ProofReceipt")},
		{"SubmitProofs", "SUBMIT", []string{str}, ref("BatchResults")},
		{"UpdatePolicy", "SUBMIT", []string{str, str}, ref("PolicyRecord")},
		{"UpdateStatusList", "SUBMIT", []string{str, str, str}, ref("StatusListUpdate")},
		{"VerifyCredential", "EVALUATE", []string{str}, ref("CredentialResult")},
		{"VerifyProof", "EVALUATE", []string{ref("Request")}, ref("VerificationResult")},
		{"VerifyProofs", "EVALUATE", []string{str}, ref("BatchResults")},
	}
	require.Len(t, c.Transactions, len(want), "transactions: %v", c.Transactions)
	for i, w := range want {
		tx := c.Transactions[i]
		require.Equal(t, w.name, tx.Name)
		require.Equal(t, []string{strings.ToLower(w.tag), w.tag}, tx.Tag, tx.Name)
		require.Len(t, tx.Parameters, len(w.params), tx.Name)
		for j, p := range w.params {
			require.JSONEq(t, p, string(tx.Parameters[j].Schema), "%s parameter %d", tx.Name, j)
		}
		require.JSONEq(t, w.returns, string(tx.Returns), tx.Name)
	}

	var evaluate []string
	for _, tx := range c.Transactions {
		if tx.Tag[1] == "EVALUATE" {
			evaluate = append(evaluate, tx.Name)
		}
	}
	wantEvaluate := New().GetEvaluateTransactions()
	sort.Strings(wantEvaluate)
	require.Equal(t, wantEvaluate, evaluate)
}

// TestMetadataTypes checks that every type the transactions use is
// described, with exactly the JSON fields of its Go type, required unless
// tagged optional, and no other properties allowed.
func TestMetadataTypes(t *testing.T) {
	var md chaincodeMetadata
	require.NoError(t, json.Unmarshal(getMetadata(t), &md))
	types := []any{Issuer{}, IssuerKey{}, Owner{}, IssuerSettings{}, IssuerPage{}, IssuerHistoryPage{}, IssuerHistoryEntry{},
		Verification{}, VerificationResult{}, ProofReceipt{}, PseudonymUses{}, PseudonymUse{}, BatchResults{}, BatchResult{},
		request.Request{}, request.DisclosedMessage{}, request.PolicyRef{}, PolicyRecord{}, PolicyPage{}, policy.Unmet{}, EndorsementConfig{}, EndorsementApprovals{}, EndorsementApproval{},
		CredentialResult{}, CredentialVerification{}, CredentialReceipt{}, ContextRecord{}, ContextRef{},
		IssuerEpoch{}, StatusList{}, StatusPage{}, StatusListUpdate{}, StatusPageVersion{}, StatusEntry{},
		Accumulator{}, AccumulatorRemoval{}, NonRevocation{},
		CredentialBatchResults{}, CredentialBatchResult{}, IntegerPosition{}, PredicateParamsRecord{}, ProvenPredicate{}, ProvenRange{}, request.PredicateJSON{}}
	var names []string
	for _, v := range types {
		typ := reflect.TypeOf(v)
		names = append(names, typ.Name())
		schema, ok := md.Components.Schemas[typ.Name()]
		require.True(t, ok, "type %s is not described", typ.Name())
		require.Equal(t, typ.Name(), schema.ID)
		require.False(t, schema.AdditionalProperties, typ.Name())
		var props, required []string
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			if !f.IsExported() {
				continue // not part of the JSON
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue // not part of the JSON
			}
			require.NotEmpty(t, name, "%s.%s has no json name", typ.Name(), f.Name)
			require.Equal(t, strings.ToLower(name[:1]), name[:1], "%s.%s is not camelCase", typ.Name(), f.Name)
			props = append(props, name)
			optional := strings.Contains(f.Tag.Get("metadata"), "optional")
			omitted := strings.Contains(f.Tag.Get("json"), "omitempty") || strings.Contains(f.Tag.Get("json"), "omitzero")
			if _, custom := v.(json.Marshaler); !custom {
				// A type with its own MarshalJSON says itself which
				// fields it leaves out.
				require.Equal(t, omitted, optional, "%s.%s: a field the JSON may leave out must be optional, and only that", typ.Name(), f.Name)
			}
			if !optional {
				required = append(required, name)
			}
		}
		var got []string
		for p := range schema.Properties {
			got = append(got, p)
		}
		sort.Strings(props)
		sort.Strings(got)
		require.Equal(t, props, got, "properties of %s", typ.Name())
		require.Equal(t, required, schema.Required, "required fields of %s", typ.Name())
	}
	var described []string
	for name := range md.Components.Schemas {
		described = append(described, name)
	}
	sort.Strings(names)
	sort.Strings(described)
	require.Equal(t, names, described)
}

func TestMetadataGolden(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, json.Indent(&out, getMetadata(t), "", "  "))
	out.WriteByte('\n')
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(goldenMetadata), 0o755))
		require.NoError(t, os.WriteFile(goldenMetadata, out.Bytes(), 0o644))
	}
	want, err := os.ReadFile(goldenMetadata)
	require.NoError(t, err, "run go test ./contract -run TestMetadataGolden -update to create it")
	require.Equal(t, string(want), out.String(), "the metadata changed: review and run go test ./contract -run TestMetadataGolden -update")
}
