package contract

import (
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// FuzzCredentialRequest: parseCredentialRequest never panics; every error
// wraps request.ErrInvalid; what it accepts is a credential object within
// the size limit, and a salt only with bindSubmitter, within its limit.
func FuzzCredentialRequest(f *testing.F) {
	f.Add([]byte(`{"credential":{"a":1}}`))
	f.Add([]byte(`{"credential":{},"bindSubmitter":true,"salt":"AAEC"}`))
	f.Add([]byte(`{"credential":{},"Credential":{}}`))
	f.Add([]byte(`{"credential":{},"credential":{}}`))
	f.Add([]byte(`{"credential":[],"salt":"!"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := parseCredentialRequest(string(data))
		if err != nil {
			if !errors.Is(err, request.ErrInvalid) {
				t.Fatalf("error does not wrap ErrInvalid: %v", err)
			}
			return
		}
		if len(data) > MaxCredentialRequestSize || len(r.credential) == 0 || r.credential[0] != '{' ||
			(len(r.salt) > 0 && !r.bindSubmitter) || len(r.salt) > request.MaxSaltSize {
			t.Fatalf("accepted outside the rules: %q", data)
		}
	})
}
