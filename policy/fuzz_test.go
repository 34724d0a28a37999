// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// FuzzParse checks that Parse never panics, that every error wraps
// ErrInvalid, and that an accepted policy has a stable canonical form:
// Marshal succeeds, its bytes parse to the same policy, and marshalling
// again gives the same bytes. It also evaluates the policy on a statement
// built from the input, which must not panic and must be deterministic.
func FuzzParse(f *testing.F) {
	f.Add([]byte(fullDoc))
	f.Add([]byte(pollDoc))
	f.Add([]byte(revocationDoc))
	f.Add([]byte(accumulatorDoc))
	f.Add([]byte(credentialRevocationDoc))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}],"credential":{"epoch":{"pointer":"/a~1b","grace":0},"status":{"list":"l","statusListCredential":"urn:x:\u00e9"}}}`))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}],"epoch":{"index":1},"credential":{"status":{"list":"l","statusListCredential":"a:"}}}`))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}]}`))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}],"disclosed":[{"index":1,"equals":""}],"header":{"equals":""},"pseudonym":{"context":"eA=="}}`))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a","id":"b"}]}`))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}],"description":"\u2028<&>"}`))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}],"disclosed":[{"index":1,"equals":"QkU=","oneOf":["QkU="],"prefix":"Qg=="}]}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`null`))
	f.Add([]byte(predicatesDoc))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":1,"range":{"minDate":{"yearsBeforeTx":200},"max":-9223372036854775808}},{"index":1,"inSet":"s"}]}`))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":0,"range":{"min":1,"maxDate":{"yearsBeforeTx":0}},"params":"x"}]}`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		p, err := Parse(doc)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error does not wrap ErrInvalid: %v", err)
			}
			return
		}
		canonical, err := p.Marshal()
		if err != nil {
			t.Fatalf("Marshal refuses a parsed policy: %v", err)
		}
		if len(canonical) > MaxPolicySize {
			t.Fatalf("canonical form is %d bytes", len(canonical))
		}
		p2, err := Parse(canonical)
		if err != nil {
			t.Fatalf("canonical form %s does not parse: %v", canonical, err)
		}
		again, err := p2.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(canonical, again) {
			t.Fatalf("canonical form is not stable:\n%s\n%s", canonical, again)
		}
		if p.AllowedUses() != p2.AllowedUses() {
			t.Fatalf("allowed uses changed: %d, %d", p.AllowedUses(), p2.AllowedUses())
		}

		st := Statement{Issuer: p.Issuers[0].ID, KeyVersion: 1, MessageCount: p.MessageCount,
			Header: doc, NonceLength: len(doc), BoundToSubmitter: len(doc)%2 == 0, Pseudonym: true, Context: doc}
		for i, r := range p.Disclosed {
			msg := doc[:len(doc)*i/len(p.Disclosed)]
			if r.Equals != nil && i%2 == 0 {
				msg = r.Equals
			}
			st.Disclosed = append(st.Disclosed, request.Message{Index: r.Index, Message: msg})
		}
		st.Time = time.Date(2000+len(doc)%50, 2, 29, 0, 0, 0, 0, time.UTC)
		for i, r := range p.Predicates {
			q := request.Predicate{Kind: r.kind(), Index: r.Index, Params: r.InSet}
			if r.Range != nil {
				min, max, _ := r.Range.bounds(st.Time)
				if i%2 == 1 && min < max {
					min++
				}
				q.Min, q.Max, q.Params = &min, &max, r.Params
			}
			st.Predicates = append(st.Predicates, q)
		}
		u1, u2 := p.Evaluate(st), p2.Evaluate(st)
		if (u1 == nil) != (u2 == nil) || (u1 != nil && *u1 != *u2) {
			t.Fatalf("a policy and its canonical form evaluate differently: %v, %v", u1, u2)
		}
	})
}
