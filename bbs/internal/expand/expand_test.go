// SPDX-License-Identifier: Apache-2.0

package expand

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/consensys/gnark-crypto/field/hash"
	"golang.org/x/crypto/sha3"
)

// RFC 9380 Appendix K.1 and K.6 (32-byte outputs), and cross-checks.

func TestExpandMessageRFC9380(t *testing.T) {
	const (
		xmdDST = "QUUX-V01-CS02-with-expander-SHA256-128"
		xofDST = "QUUX-V01-CS02-with-expander-SHAKE256"
	)
	for _, c := range []struct {
		name, msg, dst, want string
		f                    Expander
	}{
		{"xmd empty", "", xmdDST, "68a985b87eb6b46952128911f2a4412bbc302a9d759667f87f7a21d803f07235", expandSHA256},
		{"xmd abc", "abc", xmdDST, "d8ccab23b5985ccea865c6c97b6e5b8350e794e603b4b97902f53a8a0d605615", expandSHA256},
		{"xmd abcdef", "abcdef0123456789", xmdDST, "eff31487c770a893cfb36f912fbfcbff40d5661771ca4b2cb4eafe524333f5c1", expandSHA256},
		{"xof empty", "", xofDST, "2ffc05c48ed32b95d72e807f6eab9f7530dd1c2f013914c8fed38c5ccc15ad76", expandSHAKE256},
		{"xof abc", "abc", xofDST, "b39e493867e2767216792abce1f2676c197c0692aed061560ead251821808e07", expandSHAKE256},
		{"xof abcdef", "abcdef0123456789", xofDST, "245389cf44a13f0e70af8665fe5337ec2dcd138890bb7901c4ad9cfceb054b65", expandSHAKE256},
	} {
		got, err := c.f([]byte(c.msg), []byte(c.dst), len(c.want)/2)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if hex.EncodeToString(got) != c.want {
			t.Errorf("%s = %x, want %s", c.name, got, c.want)
		}
	}
}

// TestExpandMessageXMDGnark compares with gnark-crypto's ExpandMsgXmd for
// every length it supports without panicking (multiples of 32 and more).
func TestExpandMessageXMDGnark(t *testing.T) {
	dst := []byte("fabric-bbs expand test")
	for _, n := range []int{32, 33, 48, 64, 96, 128, 255, 256, 1000, 255 * 32} {
		msg := []byte(strings.Repeat("m", n%97))
		got, err := expandSHA256(msg, dst, n)
		if err != nil {
			t.Fatal(err)
		}
		want, err := hash.ExpandMsgXmd(msg, dst, n)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("n=%d: differs from gnark-crypto", n)
		}
	}
}

// TestExpandMessageLengths checks that outputs of different lengths are
// unrelated (the length is bound) and that every length is honoured.
func TestExpandMessageLengths(t *testing.T) {
	for name, f := range map[string]Expander{"xmd": expandSHA256, "xof": expandSHAKE256} {
		prev := []byte{}
		for _, n := range []int{1, 31, 32, 33, 47, 48, 64, 65, 200} {
			out, err := f([]byte("msg"), []byte("dst"), n)
			if err != nil || len(out) != n {
				t.Fatalf("%s n=%d: %d bytes, %v", name, n, len(out), err)
			}
			if bytes.HasPrefix(out, prev) && len(prev) > 0 {
				t.Errorf("%s: output of %d bytes extends that of %d", name, n, len(prev))
			}
			prev = out
		}
	}
}

func TestExpandMessageLimits(t *testing.T) {
	long := make([]byte, 256)
	for _, c := range []struct {
		name string
		f    Expander
		dst  []byte
		n    int
		ok   bool
	}{
		{"xmd n=0", expandSHA256, nil, 0, false},
		{"xmd n<0", expandSHA256, nil, -1, false},
		{"xmd max", expandSHA256, nil, 255 * 32, true},
		{"xmd max+1", expandSHA256, nil, 255*32 + 1, false},
		{"xmd dst 255", expandSHA256, long[:255], 32, true},
		{"xmd dst 256", expandSHA256, long, 32, false},
		{"xof n=0", expandSHAKE256, nil, 0, false},
		{"xof max", expandSHAKE256, nil, 0xffff, true},
		{"xof max+1", expandSHAKE256, nil, 0x10000, false},
		{"xof dst 255", expandSHAKE256, long[:255], 32, true},
		{"xof dst 256", expandSHAKE256, long, 32, false},
	} {
		out, err := c.f([]byte("m"), c.dst, c.n)
		if c.ok != (err == nil) || (c.ok && len(out) != c.n) {
			t.Errorf("%s: %d bytes, %v", c.name, len(out), err)
		}
	}
}

// TestExpandMessageDefinition recomputes both expanders from RFC 9380's
// definitions with the standard library, for one odd length.
func TestExpandMessageDefinition(t *testing.T) {
	msg, dst, n := []byte("definition"), []byte("DST"), 77
	dstPrime := append(append([]byte{}, dst...), byte(len(dst)))

	sh := sha3.NewShake256()
	sh.Write(msg)
	sh.Write([]byte{0, byte(n)})
	sh.Write(dstPrime)
	wantXOF := make([]byte, n)
	sh.Read(wantXOF)

	b0 := sha256.Sum256(bytes.Join([][]byte{make([]byte, 64), msg, {0, byte(n), 0}, dstPrime}, nil))
	var wantXMD, prev []byte
	for i := 1; len(wantXMD) < n; i++ {
		x := make([]byte, 32)
		for j := range x {
			x[j] = b0[j]
			if prev != nil {
				x[j] ^= prev[j]
			}
		}
		bi := sha256.Sum256(bytes.Join([][]byte{x, {byte(i)}, dstPrime}, nil))
		prev = bi[:]
		wantXMD = append(wantXMD, bi[:]...)
	}
	for name, c := range map[string]struct {
		f    Expander
		want []byte
	}{"xmd": {expandSHA256, wantXMD[:n]}, "xof": {expandSHAKE256, wantXOF}} {
		got, err := c.f(msg, dst, n)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("%s: %x, %v; want %x", name, got, err, c.want)
		}
	}
}

// The expanders of the two IETF BBS ciphersuites.
func expandSHA256(msg, dst []byte, n int) ([]byte, error) { return XMD(sha256.New, msg, dst, n) }

func expandSHAKE256(msg, dst []byte, n int) ([]byte, error) {
	return XOF(sha3.NewShake256, msg, dst, n)
}
