// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"reflect"
	"sync"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/metadata"
	"github.com/hyperledger/fabric-contract-api-go/v2/serializer"
	"github.com/stretchr/testify/require"
)

// checkedResults is the serializer of the contract tests (newEnv): the
// production resultSerializer, plus contract-api's check of every result
// against its schema, which resultSerializer leaves out, and a check that
// both give the same text. It counts the results it checked.
type checkedResults struct {
	errorf func(format string, args ...any) // the test's Errorf
	resultSerializer
	mu      sync.Mutex
	checked int
}

func (c *checkedResults) ToString(result reflect.Value, resultType reflect.Type, returns *metadata.ReturnMetadata, components *metadata.ComponentMetadata) (string, error) {
	got, err := c.resultSerializer.ToString(result, resultType, returns, components)
	want, wantErr := new(serializer.JSONSerializer).ToString(result, resultType, returns, components)
	if wantErr != nil {
		c.errorf("a %v result does not match its schema: %v", resultType, wantErr)
	}
	if err != nil || got != want {
		c.errorf("resultSerializer gave %q (%v), JSONSerializer %q", got, err, want)
	}
	c.mu.Lock()
	c.checked++
	c.mu.Unlock()
	return got, err
}

func TestNewChaincodeSkipsOnlyTheResultSchemaCheck(t *testing.T) {
	cc, err := NewChaincode()
	require.NoError(t, err)
	require.IsType(t, new(resultSerializer), cc.TransactionSerializer)

	// Arguments keep contract-api's schema check: a struct argument that
	// converts (valid JSON) but lacks the fields its schema requires is
	// refused by both serializers, and a complete one accepted.
	typ := reflect.TypeOf(request.DisclosedMessage{})
	var components metadata.ComponentMetadata
	schema, err := metadata.GetSchema(typ, &components)
	require.NoError(t, err)
	ccm := metadata.ContractChaincodeMetadata{
		Contracts: map[string]metadata.ContractMetadata{"c": {Name: "c", Transactions: []metadata.TransactionMetadata{
			{Name: "T", Parameters: []metadata.ParameterMetadata{{Name: "m", Schema: schema}}},
		}}},
		Components: components,
	}
	require.NoError(t, ccm.CompileSchemas())
	param := &ccm.Contracts["c"].Transactions[0].Parameters[0]
	require.NotNil(t, param.CompiledSchema)
	for _, s := range []serializer.TransactionSerializer{new(serializer.JSONSerializer), new(resultSerializer)} {
		_, err := s.FromString(`{}`, typ, param, &components)
		require.ErrorContains(t, err, "did not match schema", "%T", s)
		v, err := s.FromString(`{"index":1,"message":"YQ=="}`, typ, param, &components)
		require.NoError(t, err, "%T", s)
		require.Equal(t, request.DisclosedMessage{Index: 1, Message: "YQ=="}, v.Interface())
	}

	// A result is written as JSONSerializer writes it.
	rec := &proofs.Verification{TxID: "tx1", Issuer: "acme", KeyVersion: 2, Disclosed: []request.DisclosedMessage{{Index: 1, Message: "YQ=="}}}
	for _, v := range []any{rec, []issuers.IssuerKey{{Version: 1}}, "text", 42, true} {
		rv := reflect.ValueOf(v)
		got, err := new(resultSerializer).ToString(rv, rv.Type(), nil, nil)
		require.NoError(t, err)
		want, err := new(serializer.JSONSerializer).ToString(rv, rv.Type(), nil, nil)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
}

// TestResultsAreCheckedAgainstTheirSchema makes sure the harness's check
// runs: a call through newEnv's chaincode goes through checkedResults.
func TestResultsAreCheckedAgainstTheirSchema(t *testing.T) {
	e := newEnv(t)
	c, ok := e.cc.TransactionSerializer.(*checkedResults)
	require.True(t, ok, "newEnv's chaincode must check results against their schema")
	before := c.checked
	r := e.evaluate(e.alice, "ListIssuers", "10", "")
	require.True(t, r.OK(), r.Response.GetMessage())
	require.Greater(t, c.checked, before)
}

// TestCheckedResultsCatchesASchemaMismatch: the harness's check is not
// vacuous. A result whose JSON leaves out a field its schema requires (an
// omitempty field not tagged optional) is reported, while the text is
// still written.
func TestCheckedResultsCatchesASchemaMismatch(t *testing.T) {
	type result struct {
		Kept    string `json:"kept"`
		Omitted string `json:"omitted,omitempty"`
	}
	typ := reflect.TypeOf(result{})
	var components metadata.ComponentMetadata
	schema, err := metadata.GetSchema(typ, &components)
	require.NoError(t, err)
	ccm := metadata.ContractChaincodeMetadata{
		Contracts: map[string]metadata.ContractMetadata{"c": {Name: "c", Transactions: []metadata.TransactionMetadata{
			{Name: "T", Returns: metadata.ReturnMetadata{Schema: schema}},
		}}},
		Components: components,
	}
	require.NoError(t, ccm.CompileSchemas())
	returns := &ccm.Contracts["c"].Transactions[0].Returns
	for _, c := range []struct {
		value    result
		reported bool
	}{
		{value: result{Kept: "a", Omitted: "b"}},
		{value: result{Kept: "a"}, reported: true},
	} {
		var reports []string
		check := &checkedResults{errorf: func(format string, args ...any) { reports = append(reports, format) }}
		got, err := check.ToString(reflect.ValueOf(c.value), typ, returns, &components)
		require.NoError(t, err)
		require.Contains(t, got, `"kept":"a"`)
		require.Equal(t, c.reported, len(reports) > 0, "reports: %v", reports)
	}
}
