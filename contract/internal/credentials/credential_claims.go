// SPDX-License-Identifier: Apache-2.0

package credentials

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// A credential's JSON is one of many shapes of its signed statements: the
// holder may nest any node at the top (@reverse), split or merge nodes,
// and order a property's values as it likes, and the proof still
// verifies. So the contract reads what a policy asks in the signed
// statements, from the credential node, and reads the JSON only to learn
// what its keys mean (the IRIs the credential's contexts give them),
// checking against the statements whatever of the JSON that meaning
// depends on (the types of each node on the way, for type-scoped
// contexts).

var _ policy.ClaimReader = (*signedClaims)(nil)

// signedGraph is the default graph of a credential's signed document
// statements (not the proof's), as edges between nodes.
type signedGraph struct {
	root  string                          // the key of the credential node
	out   map[string]map[string][]vc.Term // subject key → predicate → objects
	in    map[string]map[string][]vc.Term // object node key → predicate → subjects
	types map[string][]string             // node key → its rdf:type IRIs, sorted
	// maxTypes is the most types a node has: a JSON node showing more
	// types cannot show a signed node's, and is refused before any
	// expansion (its types would be copied into every probe).
	maxTypes int
}

// termKey is the key of a node term: "<iri>" or "_:label".
func termKey(t vc.Term) string {
	if t.Kind == vc.TermBlank {
		return "_:" + t.Value
	}
	return "<" + t.Value + ">"
}

func keyTerm(k string) vc.Term {
	if len(k) > 2 && k[:2] == "_:" {
		return vc.Term{Kind: vc.TermBlank, Value: k[2:]}
	}
	return vc.Term{Kind: vc.TermIRI, Value: k[1 : len(k)-1]}
}

// newSignedGraph reads lines, canonical N-Quads, into a graph, and finds
// the credential node: the one node of the default graph typed
// VerifiableCredential. It returns why there is none (a sentence) if the
// statements do not name exactly one.
func newSignedGraph(lines []string) (*signedGraph, string) {
	g := &signedGraph{out: map[string]map[string][]vc.Term{}, in: map[string]map[string][]vc.Term{}, types: map[string][]string{}}
	var vcNodes []string
	for _, line := range lines {
		st, err := vc.ParseStatement(line)
		if err != nil {
			return nil, "the credential's statements cannot be read: " + err.Error()
		}
		if st.Graph.Kind != vc.TermNone {
			continue
		}
		s, p := termKey(st.Subject), st.Predicate.Value
		if g.out[s] == nil {
			g.out[s] = map[string][]vc.Term{}
		}
		g.out[s][p] = append(g.out[s][p], st.Object)
		if st.Object.Kind == vc.TermIRI || st.Object.Kind == vc.TermBlank {
			o := termKey(st.Object)
			if g.in[o] == nil {
				g.in[o] = map[string][]vc.Term{}
			}
			g.in[o][p] = append(g.in[o][p], st.Subject)
			if p == iriType && st.Object.Kind == vc.TermIRI {
				g.types[s] = append(g.types[s], st.Object.Value)
				if st.Object.Value == iriVCType {
					vcNodes = append(vcNodes, s)
				}
			}
		}
	}
	for n, ts := range g.types { //bbs:maporder-ok each value is sorted in place and the maximum taken: no order reaches output
		sort.Strings(ts)
		g.types[n] = dedupe(ts)
		g.maxTypes = max(g.maxTypes, len(g.types[n]))
	}
	if len(vcNodes) != 1 {
		return nil, fmt.Sprintf("the credential's signed statements type %d nodes VerifiableCredential; the contract reads a credential with exactly one", len(vcNodes))
	}
	g.root = vcNodes[0]
	return g, ""
}

// objects returns the terms related to the nodes by predicate p: their
// objects (forward), or the subjects of which they are objects.
func (g *signedGraph) related(nodes []string, p string, forward bool) []vc.Term {
	var out []vc.Term
	seen := map[vc.Term]bool{}
	for _, n := range nodes {
		edges := g.out[n]
		if !forward {
			edges = g.in[n]
		}
		for _, t := range edges[p] {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	sortTerms(out)
	return out
}

func sortTerms(ts []vc.Term) {
	sort.Slice(ts, func(i, j int) bool {
		a, b := ts[i], ts[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Value != b.Value {
			return a.Value < b.Value
		}
		if a.Datatype != b.Datatype {
			return a.Datatype < b.Datatype
		}
		return a.Lang < b.Lang
	})
}

// The IRIs of the nodes of a probe document (see probe).
const (
	probeNodePrefix = "urn:fabric-bbs:probe:node:"
	probeValue      = "urn:fabric-bbs:probe:value"
)

func probeNode(i int) string { return probeNodePrefix + strconv.Itoa(i) }

// jsonTypes returns the type member of a JSON node ("type", or "@type"),
// as a list, or nil.
func jsonTypes(v any) []any {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	t, ok := m["type"]
	if !ok {
		t = m["@type"]
	}
	switch x := t.(type) {
	case string:
		return []any{x}
	case []any:
		return x
	}
	return nil
}

// probeTypes returns the rdf:type objects of node in statements, sorted.
func probeTypes(sts []vc.Statement, node string) []string {
	var out []string
	for _, st := range sts {
		if st.Subject.Kind == vc.TermIRI && st.Subject.Value == node && st.Predicate.Value == iriType && st.Object.Kind == vc.TermIRI {
			out = append(out, st.Object.Value)
		}
	}
	sort.Strings(out)
	return dedupe(out)
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkRootTypes reports why the credential's JSON type member does not
// give exactly the types of the credential node ("" when it does): the
// member, expanded with the credential's contexts, must be the node's
// signed types. A holder who moves another node to the top of the JSON
// (with @reverse, say) shows that node's types there; the records and the
// type rule read the JSON type member only once it is the credential
// node's.
func (c *credentialCheck) checkRootTypes() string {
	const why = "the credential's JSON type member does not give the types of the credential node of its signed statements (the JSON's top-level object must be the credential)"
	probe := map[string]any{"@context": c.document["@context"], "@id": probeNode(0)}
	types := jsonTypes(c.document)
	if len(types) > len(c.graph.types[c.graph.root]) {
		return why
	}
	if len(types) > 0 {
		probe["@type"] = types
	}
	sts, err := c.loader.Statements(probe, vc.Limits{})
	if err != nil {
		return "the credential's type member cannot be read with its contexts: " + clipText(err.Error(), 160)
	}
	if !equalStrings(probeTypes(sts, probeNode(0)), c.graph.types[c.graph.root]) {
		return why
	}
	c.pinTypeNames(types)
	return ""
}

// pinTypeNames replaces, in c.types, each type name that the credential's
// inline contexts (objects in its @context, added by anyone) define by
// its IRI: a holder may add {"DriverLicense": <the IRI of
// AlumniCredential>} and rename the type without changing a statement.
// A name is kept when the context URLs alone (the built-in and the
// issuer's registered contexts) give it the same IRI.
func (c *credentialCheck) pinTypeNames(types []any) {
	ctx := c.document["@context"]
	list, _ := ctx.([]any)
	if _, ok := ctx.(string); ok {
		return
	}
	if ctx != nil && list == nil {
		list = []any{ctx}
	}
	urls := make([]any, 0, len(list))
	for _, x := range list {
		if _, ok := x.(string); ok {
			urls = append(urls, x)
		}
	}
	if len(urls) == len(list) {
		return
	}
	full, err := c.typeIRIs(ctx, types)
	if err != nil {
		return // checkRootTypes expanded them: not reached
	}
	pinned, err := c.typeIRIs(urls, types)
	c.types = c.types[:0]
	for i := range types {
		name, _ := types[i].(string)
		if err != nil || pinned[i] != full[i] {
			name = full[i]
		}
		c.types = append(c.types, name)
	}
}

// typeIRIs expands each of types, as the type of a node of its own, under
// ctx.
func (c *credentialCheck) typeIRIs(ctx any, types []any) ([]string, error) {
	nodes := make([]any, len(types))
	for i, t := range types {
		nodes[i] = map[string]any{"@id": probeNode(i), "@type": t}
	}
	sts, err := c.loader.Statements(map[string]any{"@context": ctx, "@graph": nodes}, vc.Limits{})
	if err != nil {
		return nil, err
	}
	out := make([]string, len(types))
	for i := range types {
		ts := probeTypes(sts, probeNode(i))
		if len(ts) != 1 {
			return nil, fmt.Errorf("type %d does not expand to one IRI", i)
		}
		out[i] = ts[0]
	}
	return out, nil
}

// signedClaims reads claim rules in a credential's signed statements
// (policy.ClaimReader). It reads the rules of its policy together, in one
// probe document (see readClaims), the first time one is asked for.
type signedClaims struct {
	c     *credentialCheck
	rules []policy.ClaimRule
	reads []policy.ClaimRead // by rule, once read
	preds []string
}

func newSignedClaims(c *credentialCheck, rules []policy.ClaimRule) *signedClaims {
	return &signedClaims{c: c, rules: rules}
}

// pathStep is one token of a pointer as a probe expanded it: the property
// IRI and its direction (a reverse property relates a value to the node).
type pathStep struct {
	predicate string
	forward   bool
}

// ReadClaim reads r's pointer in the signed statements. The pointer's
// tokens are expanded to property IRIs by a probe document: under the
// credential's @context, one object per token, nested along the pointer,
// each with an @id of its own and the types the credential's JSON shows at
// that place (for type-scoped contexts), and the rule's equals or oneOf
// values (or a placeholder) under the last token. The probe's statements
// give the path of IRIs, the types each node on the way must have, and the
// RDF terms of the rule's values. The path is then followed in the signed
// graph from the credential node, every value of each property (a set: no
// order), and every node reached must have exactly the types the probe
// assumed.
func (s *signedClaims) ReadClaim(r *policy.ClaimRule) policy.ClaimRead {
	if s.reads == nil {
		s.reads, s.preds = s.c.readClaims(s.rules)
	}
	for i := range s.rules {
		if s.rules[i].Pointer == r.Pointer {
			return s.reads[i]
		}
	}
	return policy.ClaimRead{Problem: "cannot be read: not a rule of the policy"}
}

// claimProbe is one rule's part of a probe document.
type claimProbe struct {
	toks   []string
	prefix string           // of the @id of its nodes: prefix + level
	doc    map[string]any   // the chain of nodes, level 0 first
	types  map[string]any   // for a last token "type" with values: the chain again, the values as the last node's types
	levels []map[string]any // doc's nodes
	// problem, when not empty, is why the rule cannot be read, found
	// while building the probe (which is then left out).
	problem string
}

func (p *claimProbe) node(i int) string { return p.prefix + strconv.Itoa(i) }

func ruleValues(r *policy.ClaimRule) []any {
	if r.Equals != nil {
		return []any{r.Equals}
	}
	return r.OneOf
}

// newClaimProbe builds rule k's probe.
func (c *credentialCheck) newClaimProbe(k int, r *policy.ClaimRule) *claimProbe {
	p := &claimProbe{toks: policy.PointerTokens(r.Pointer), prefix: probeNodePrefix + strconv.Itoa(k) + ":"}
	n := len(p.toks)
	p.levels = make([]map[string]any, n)
	var jsonAt any = c.document
	for i := 0; i < n; i++ {
		if i > 0 {
			m, _ := jsonAt.(map[string]any)
			jsonAt = m[p.toks[i-1]]
			if arr, ok := jsonAt.([]any); ok {
				jsonAt = nil
				for _, x := range arr {
					if _, ok := x.(map[string]any); ok {
						jsonAt = x
						break
					}
				}
			}
		}
		p.levels[i] = map[string]any{"@id": p.node(i)}
		if t := jsonTypes(jsonAt); len(t) > c.graph.maxTypes {
			p.problem = fmt.Sprintf("cannot be read: the credential's JSON shows %d types at %s, more than any signed node has", len(t), request.Excerpt(pointerPrefix(p.toks[:i])))
			return p
		} else if len(t) > 0 {
			p.levels[i]["@type"] = t
		}
		if i > 0 {
			p.levels[i-1][p.toks[i-1]] = p.levels[i]
		}
	}
	p.doc = p.levels[0]
	values := ruleValues(r)
	switch last := p.toks[n-1]; {
	case last == "type" && len(values) > 0:
		// The values as the types of a node at the same place; its @id
		// differs (prefix + "t" + level).
		var prev map[string]any
		for i := 0; i < n; i++ {
			m := map[string]any{"@id": p.prefix + "t" + strconv.Itoa(i)}
			if t, ok := p.levels[i]["@type"]; ok && i < n-1 {
				m["@type"] = t
			}
			if i == n-1 {
				m["@type"] = values
			}
			if prev != nil {
				prev[p.toks[i-1]] = m
			} else {
				p.types = m
			}
			prev = m
		}
	case last != "id" && last != "type":
		p.levels[n-1][last] = append([]any{probeValue}, values...)
	}
	return p
}

// probeStatements expands the probes together, under the credential's
// @context, as one document whose top-level @graph holds them (the
// default graph).
func (c *credentialCheck) probeStatements(probes []*claimProbe) ([]vc.Statement, error) {
	var nodes []any
	for _, p := range probes {
		if p.problem != "" {
			continue
		}
		nodes = append(nodes, p.doc)
		if p.types != nil {
			nodes = append(nodes, p.types)
		}
	}
	return c.loader.Statements(map[string]any{"@context": c.document["@context"], "@graph": nodes}, vc.Limits{})
}

// readClaims reads rules with one probe document. If it does not expand,
// or gives statements no rule accounts for (a @list, say), no rule can be
// read: each is unmet with that reason (one expansion, whatever the
// credential: no fallback whose cost a holder could multiply).
func (c *credentialCheck) readClaims(rules []policy.ClaimRule) ([]policy.ClaimRead, []string) {
	reads, preds := make([]policy.ClaimRead, len(rules)), make([]string, len(rules))
	probes := make([]*claimProbe, len(rules))
	for k := range rules {
		probes[k] = c.newClaimProbe(k, &rules[k])
	}
	fail := func(why string) ([]policy.ClaimRead, []string) {
		for k := range rules {
			if probes[k].problem != "" {
				reads[k] = policy.ClaimRead{Problem: probes[k].problem}
			} else {
				reads[k] = policy.ClaimRead{Problem: why}
			}
		}
		return reads, preds
	}
	sts, err := c.probeStatements(probes)
	if err != nil {
		return fail("cannot be read with the credential's contexts: " + clipText(err.Error(), 160))
	}
	used := make([]bool, len(sts))
	for k := range rules {
		if probes[k].problem != "" {
			reads[k] = policy.ClaimRead{Problem: probes[k].problem}
			continue
		}
		reads[k], preds[k] = c.readProbe(&rules[k], probes[k], sts, used)
	}
	for _, u := range used {
		if !u {
			return fail("cannot be read: in the credential's contexts the policy's pointers do not all name paths of properties (their probe gives other statements)")
		}
	}
	return reads, preds
}

// readProbe reads rule r with its probe p, whose statements are among
// sts; it marks in used the statements it accounts for.
func (c *credentialCheck) readProbe(r *policy.ClaimRule, p *claimProbe, sts []vc.Statement, used []bool) (policy.ClaimRead, string) {
	toks := p.toks
	n := len(toks)
	last := toks[n-1]
	values := ruleValues(r)
	isNode := func(t vc.Term, i int) bool { return t.Kind == vc.TermIRI && t.Value == p.node(i) }
	notOne := func(tok string) (policy.ClaimRead, string) {
		return policy.ClaimRead{Problem: fmt.Sprintf("cannot be read: the token %s does not name one property in the credential's contexts", request.Excerpt(tok))}, ""
	}
	steps := make([]pathStep, 0, n)
	for i := 1; i < n; i++ {
		var found []int
		for j, st := range sts {
			if st.Graph.Kind == vc.TermNone && st.Predicate.Value != iriType &&
				(isNode(st.Subject, i-1) && isNode(st.Object, i) || isNode(st.Subject, i) && isNode(st.Object, i-1)) {
				found = append(found, j)
			}
		}
		if len(found) != 1 {
			return notOne(toks[i-1])
		}
		st := sts[found[0]]
		used[found[0]] = true
		steps = append(steps, pathStep{st.Predicate.Value, isNode(st.Subject, i-1)})
	}
	levelTypes := make([][]string, n)
	for i := range levelTypes {
		levelTypes[i] = probeTypes(sts, p.node(i))
		for j, st := range sts {
			if isNode(st.Subject, i) && st.Predicate.Value == iriType {
				used[j] = true
			}
		}
	}
	var final pathStep
	var accepted []policy.ClaimValue
	switch last {
	case "id":
		for _, v := range values {
			if s, ok := v.(string); ok {
				accepted = append(accepted, policy.ClaimValue{Value: s})
			}
		}
	case "type":
		if p.types != nil {
			tnode := func(i int) string { return p.prefix + "t" + strconv.Itoa(i) }
			for j, st := range sts {
				if st.Subject.Kind == vc.TermIRI && len(st.Subject.Value) > len(p.prefix) && st.Subject.Value[:len(p.prefix)+1] == p.prefix+"t" {
					used[j] = true
				}
			}
			for _, t := range probeTypes(sts, tnode(n-1)) {
				accepted = append(accepted, policy.ClaimValue{Value: t})
			}
		}
	default:
		var found []int
		for j, st := range sts {
			if used[j] || st.Graph.Kind != vc.TermNone {
				continue
			}
			if isNode(st.Subject, n-1) || isNode(st.Object, n-1) {
				found = append(found, j)
			}
		}
		for k, j := range found {
			st := sts[j]
			step := pathStep{st.Predicate.Value, isNode(st.Subject, n-1)}
			if k == 0 {
				final = step
			} else if step != final {
				return notOne(last)
			}
			used[j] = true
			far := st.Object
			if !step.forward {
				far = st.Subject
			}
			if far.Value == probeValue && far.Kind != vc.TermBlank {
				continue // the placeholder, whatever the property makes of it
			}
			accepted = append(accepted, claimValue(far))
		}
		if len(found) == 0 || final.predicate == iriType {
			return policy.ClaimRead{Problem: fmt.Sprintf("cannot be read: the token %s does not name a property in the credential's contexts", request.Excerpt(last))}, ""
		}
	}

	// The walk.
	g := c.graph
	nodes := []string{g.root}
	for i := 0; ; i++ {
		for _, nd := range nodes {
			if !equalStrings(g.types[nd], levelTypes[i]) {
				return policy.ClaimRead{Problem: fmt.Sprintf("cannot be read: the credential's JSON does not show, at %s, the types of the signed node there (the keys of a rule mean what the contexts of that node's types say)",
					request.Excerpt(pointerPrefix(toks[:i])))}, ""
			}
		}
		if i == n-1 {
			break
		}
		var next []string
		for _, t := range g.related(nodes, steps[i].predicate, steps[i].forward) {
			if t.Kind == vc.TermIRI || t.Kind == vc.TermBlank {
				next = append(next, termKey(t))
			}
		}
		if len(next) == 0 {
			return policy.ClaimRead{Accepted: accepted}, final.predicate
		}
		nodes = next
	}
	read := policy.ClaimRead{Accepted: accepted}
	switch last {
	case "id":
		for _, nd := range nodes {
			if t := keyTerm(nd); t.Kind == vc.TermIRI {
				read.Values = append(read.Values, policy.ClaimValue{Value: t.Value})
			}
		}
	case "type":
		seen := map[string]bool{}
		var ts []string
		for _, nd := range nodes {
			for _, t := range g.types[nd] {
				if !seen[t] {
					seen[t] = true
					ts = append(ts, t)
				}
			}
		}
		sort.Strings(ts)
		for _, t := range ts {
			read.Values = append(read.Values, policy.ClaimValue{Value: t})
		}
	default:
		for _, t := range g.related(nodes, final.predicate, final.forward) {
			read.Values = append(read.Values, claimValue(t))
		}
	}
	return read, final.predicate
}

func claimValue(t vc.Term) policy.ClaimValue {
	switch t.Kind {
	case vc.TermLiteral:
		return policy.ClaimValue{Literal: true, Value: t.Value, Datatype: t.Datatype, Lang: t.Lang}
	case vc.TermIRI:
		return policy.ClaimValue{Value: t.Value}
	}
	return policy.ClaimValue{} // a blank node: a node without an IRI
}

func pointerPrefix(toks []string) string {
	if len(toks) == 0 {
		return "the credential"
	}
	p := ""
	for _, t := range toks {
		p += "/" + t
	}
	return p
}

// epochFacts reads the epoch rule's pointer as a claim rule: exactly one
// value, a literal, in the signed statements.
func (c *credentialCheck) epochFacts(pointer string) *policy.CredentialEpochFacts {
	f := &policy.CredentialEpochFacts{}
	reads, preds := c.readClaims([]policy.ClaimRule{{Pointer: pointer}})
	read, predicate := reads[0], preds[0]
	switch {
	case read.Problem != "":
		f.Problem = read.Problem
	case len(read.Values) == 0:
		f.Problem = "is not disclosed"
	case len(read.Values) > 1:
		f.Problem = fmt.Sprintf("selects %d values; an epoch is one", len(read.Values))
	case !read.Values[0].Literal:
		f.Problem = "is not a value (it selects no literal statement)"
	default:
		v := read.Values[0]
		f.Predicate, f.Lexical, f.Datatype = predicate, v.Value, v.Datatype
		if f.Datatype == xsdStringIRI {
			f.Datatype = ""
		}
	}
	return f
}

const xsdStringIRI = "http://www.w3.org/2001/XMLSchema#string"
