// SPDX-License-Identifier: Apache-2.0

package ballot

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

var salt16 = bytes.Repeat([]byte{7}, 16)

// TestDigestLayout recomputes a ballot from its documented layout.
func TestDigestLayout(t *testing.T) {
	var in []byte
	for _, f := range []string{Domain, "ch", "poll-1", "yes", string(salt16)} {
		in = binary.BigEndian.AppendUint32(in, uint32(len(f)))
		in = append(in, f...)
	}
	d := sha256.Sum256(in)
	b, err := New("ch", "poll-1", "yes", salt16)
	require.NoError(t, err)
	require.Equal(t, hex.EncodeToString(append(salt16, d[:]...)), hex.EncodeToString(b))
}

func TestCheck(t *testing.T) {
	b, err := New("ch", "poll-1", "yes", salt16)
	require.NoError(t, err)
	long, err := New("ch", "poll-1", "yes", bytes.Repeat([]byte{1}, MaxSaltSize))
	require.NoError(t, err)
	for _, tc := range []struct {
		name                  string
		ballot                []byte
		channel, poll, option string
		want                  error
	}{
		{"match", b, "ch", "poll-1", "yes", nil},
		{"longest salt", long, "ch", "poll-1", "yes", nil},
		{"other option", b, "ch", "poll-1", "no", ErrMismatch},
		{"other poll", b, "ch", "poll-2", "yes", ErrMismatch},
		{"other channel", b, "ch2", "poll-1", "yes", ErrMismatch},
		{"fields shifted", b, "ch", "poll-1y", "es", ErrMismatch},
		{"salt changed", append([]byte{8}, b[1:]...), "ch", "poll-1", "yes", ErrMismatch},
		{"truncated", long[:len(long)-1], "ch", "poll-1", "yes", ErrMismatch},
		{"too short", b[:MinSaltSize+31], "ch", "poll-1", "yes", ErrMalformed},
		{"empty", nil, "ch", "poll-1", "yes", ErrMalformed},
		{"too long", append(bytes.Repeat([]byte{1}, MaxSaltSize+1), b[16:]...), "ch", "poll-1", "yes", ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(tc.ballot, tc.channel, tc.poll, tc.option)
			if tc.want == nil {
				require.NoError(t, err)
				return
			}
			require.True(t, errors.Is(err, tc.want), "%v", err)
		})
	}
	for _, n := range []int{0, MinSaltSize - 1, MaxSaltSize + 1} {
		_, err := New("ch", "p", "o", make([]byte, n))
		require.ErrorIs(t, err, ErrMalformed)
	}
}

func FuzzCheck(f *testing.F) {
	b, _ := New("ch", "poll-1", "yes", salt16)
	f.Add(b, "ch", "poll-1", "yes")
	f.Add([]byte{}, "", "", "")
	f.Fuzz(func(t *testing.T, b []byte, channel, poll, option string) {
		err := Check(b, channel, poll, option)
		if err == nil {
			// Only New's output passes.
			again, nerr := New(channel, poll, option, b[:len(b)-sha256.Size])
			if nerr != nil || !bytes.Equal(again, b) {
				t.Fatalf("Check accepted %x that New does not make", b)
			}
		} else if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrMismatch) {
			t.Fatalf("unclassified error %v", err)
		}
	})
}
