package contract

import (
	"reflect"
	"sync"
	"testing"

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
	t *testing.T
	resultSerializer
	mu      sync.Mutex
	checked int
}

func (c *checkedResults) ToString(result reflect.Value, resultType reflect.Type, returns *metadata.ReturnMetadata, components *metadata.ComponentMetadata) (string, error) {
	got, err := c.resultSerializer.ToString(result, resultType, returns, components)
	want, wantErr := new(serializer.JSONSerializer).ToString(result, resultType, returns, components)
	if wantErr != nil {
		c.t.Errorf("a %v result does not match its schema: %v", resultType, wantErr)
	}
	if err != nil || got != want {
		c.t.Errorf("resultSerializer gave %q (%v), JSONSerializer %q", got, err, want)
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

	// Arguments keep contract-api's checks: FromString is JSONSerializer's
	// own (promoted, not overridden), with the parameter's compiled schema.
	r := newEnv(t).evaluate(testIdentities.alice, "ListIssuers", "ten", "")
	require.False(t, r.OK())

	// A result is written as JSONSerializer writes it.
	rec := &Verification{TxID: "tx1", Issuer: "acme", KeyVersion: 2, Disclosed: []request.DisclosedMessage{{Index: 1, Message: "YQ=="}}}
	for _, v := range []any{rec, []IssuerKey{{Version: 1}}, "text", 42, true} {
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
