package bbs

import "testing"

// TestProofMessageCount: every scheme's proof reports the number of signed
// messages it covers, whatever it reveals, without verifying anything.
func TestProofMessageCount(t *testing.T) {
	for _, s := range Schemes() {
		for _, tc := range []struct {
			n        int
			revealed []int
		}{{1, nil}, {1, []int{0}}, {5, []int{1, 3}}, {10, nil}, {10, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}} {
			f := newProofFixture(t, s, tc.n, tc.revealed, []byte("nonce"))
			if got := f.proof.MessageCount(len(tc.revealed)); got != tc.n {
				t.Errorf("%s: %d messages, %d revealed: MessageCount = %d", s.Name(), tc.n, len(tc.revealed), got)
			}
		}
	}
	if got := (&Proof{}).MessageCount(3); got != 0 {
		t.Errorf("MessageCount of a proof of no scheme = %d, want 0", got)
	}
}
