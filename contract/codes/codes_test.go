// SPDX-License-Identifier: Apache-2.0

package codes

import "testing"

func TestFind(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{"BBS_REPLAY: replay: the nonce was already used", Replay},
		{`chaincode response 500, BBS_NOT_FOUND: issuer "x": not found`, NotFound},
		{`evaluate call to endorser returned error: chaincode response 500, BBS_INVALID_REQUEST: invalid verification request: x`, InvalidRequest},
		{`Error: endorsement failure during invoke. response: status:500 message:"BBS_EXISTS: issuer \"a\": already exists"`, Exists},
		{"BBS_FUTURE_CODE: something new", "BBS_FUTURE_CODE"},
		{"no code here", ""},
		{"BBS_: empty", ""},
		{"BBS_REPLAY without a colon", ""},
		{"XBBS_REPLAY: inside a word", ""},
		{"BBS_lower: not a code", ""},
		{"BBS_", ""},
		{"text BBS_ then BBS_REVOKED: revoked", Revoked},
	} {
		if got := Find(c.msg); got != c.want {
			t.Errorf("Find(%q) = %q, want %q", c.msg, got, c.want)
		}
	}
}

func TestRetryable(t *testing.T) {
	for _, c := range All {
		want := c == NotConfigured || c == Internal
		if Retryable(c) != want {
			t.Errorf("Retryable(%s) = %v", c, !want)
		}
	}
	if !Retryable("BBS_FUTURE_CODE") {
		t.Error("an unknown code must be retryable")
	}
}

// FuzzFind: Find never panics and returns "" or a code followed by ':' in
// msg.
func FuzzFind(f *testing.F) {
	f.Add("chaincode response 500, BBS_REPLAY: x")
	f.Add("BBS_BBS_:")
	f.Fuzz(func(t *testing.T, msg string) {
		c := Find(msg)
		if c == "" {
			return
		}
		if len(c) <= len("BBS_") || !contains(msg, c+":") {
			t.Fatalf("Find(%q) = %q", msg, c)
		}
	})
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
