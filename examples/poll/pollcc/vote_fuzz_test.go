// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"bytes"
	"encoding/base64"
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/examples/poll/ballot"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// FuzzCheckRequest: CastVote's checks of a vote's request never panic,
// refuse with a classified error, and accept only a request for the poll's
// context whose ballot commits to the option, returned with the poll's
// pinned policy.
func FuzzCheckRequest(f *testing.F) {
	p := &Poll{ID: "poll-1", Options: []string{"yes", "no"}, Policy: PolicyPin{ID: "voters", Version: 2}}
	b, err := ballot.New("ch", "poll-1", "yes", bytes.Repeat([]byte{7}, ballot.MinSaltSize))
	if err != nil {
		f.Fatal(err)
	}
	nonce := base64.StdEncoding.EncodeToString(b)
	ctx := base64.StdEncoding.EncodeToString([]byte("poll-1"))
	for _, s := range []string{
		`{"issuer":"ministry","proof":"AAAA","nonce":"` + nonce + `","context":"` + ctx + `","pseudonym":"AAAA"}`,
		`{"issuer":"ministry","proof":"AAAA","nonce":"` + nonce + `","context":"` + ctx + `","policy":{"id":"voters","version":1}}`,
		`{"issuer":"ministry","proof":"AAAA","bindSubmitter":true,"salt":"` + nonce + `","nonce":"AAAA","context":"` + ctx + `","pseudonym":"AAAA"}`,
		`{}`, `null`, `[`, ``,
	} {
		f.Add(s, "yes")
	}
	f.Fuzz(func(t *testing.T, req, option string) {
		d, err := checkRequest(p, "ch", option, req)
		if err != nil {
			if !errors.Is(err, ErrInvalidArgument) && !errors.Is(err, ErrBallot) && !errors.Is(err, request.ErrInvalid) {
				t.Fatalf("unclassified error %v", err)
			}
			return
		}
		if !bytes.Equal(d.Context, []byte(p.ID)) || d.Policy == nil || d.Policy.ID != p.Policy.ID || d.Policy.Version != p.Policy.Version {
			t.Fatalf("accepted a request for context %q, policy %+v", d.Context, d.Policy)
		}
		carrier := d.Nonce
		if d.BindSubmitter {
			carrier = d.Salt
		}
		if ballot.Check(carrier, "ch", p.ID, option) != nil {
			t.Fatalf("accepted a request whose ballot is not for %q", option)
		}
	})
}
