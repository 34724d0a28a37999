// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSelectedStatements: the statements of one pointer's selection, as
// RDF under the document's contexts: a scalar gives its one literal
// statement (with the type statement of the path's node), a string and a
// number their datatypes, a key the contexts define its defined IRI, a
// missing pointer ErrDocument.
func TestSelectedStatements(t *testing.T) {
	l, err := NewLoader()
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(`{"@context":["https://www.w3.org/ns/credentials/v2",{"@vocab":"https://ex.example/v#"}],
	  "type":["VerifiableCredential"],"issuer":"did:example:i",
	  "credentialSubject":{"epoch":5,"name":"Alice","epochs":[1,2]}}`), &doc))
	lines, err := l.SelectedStatements(doc, "/credentialSubject/epoch", Limits{})
	require.NoError(t, err)
	require.Equal(t, []string{
		"_:c14n0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://www.w3.org/2018/credentials#VerifiableCredential> .\n",
		"_:c14n0 <https://www.w3.org/2018/credentials#credentialSubject> _:c14n1 .\n",
		"_:c14n1 <https://ex.example/v#epoch> \"5\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n",
	}, lines)
	lines, err = l.SelectedStatements(doc, "/credentialSubject/name", Limits{})
	require.NoError(t, err)
	// The VC 2.0 context defines name: the predicate is schema.org's, not
	// the @vocab one the JSON key alone would suggest.
	require.Contains(t, lines, "_:c14n0 <https://schema.org/name> \"Alice\" .\n")
	lines, err = l.SelectedStatements(doc, "/credentialSubject/epochs", Limits{})
	require.NoError(t, err)
	require.Len(t, lines, 4)
	_, err = l.SelectedStatements(doc, "/credentialSubject/nope", Limits{})
	require.ErrorIs(t, err, ErrDocument)
}
