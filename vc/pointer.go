// SPDX-License-Identifier: Apache-2.0

package vc

// SelectedStatements returns the canonical N-Quads (RDFC-1.0, sorted) of
// what the JSON pointer selects in doc: bbs-2023's selectJsonLd of that one
// pointer (the @context, and the id and type of every object on the way),
// as RDF. It is how a verifier reads a claim named by a pointer in the
// statements rather than in the JSON: a literal the pointer selects has
// the predicate and object of a statement of doc, under the same contexts
// (blank node labels differ: the selection is canonicalized on its own).
// doc is not modified; lim bounds the work as for Verify.
func (l *Loader) SelectedStatements(doc map[string]any, pointer string, lim Limits) ([]string, error) {
	sel, err := selectJSONLD(doc, []string{pointer})
	if err != nil {
		return nil, err
	}
	quads, err := l.toQuads(sel, lim)
	if err != nil {
		return nil, err
	}
	return canonicalNQuads(quads, lim)
}
