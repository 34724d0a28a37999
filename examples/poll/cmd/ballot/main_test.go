// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/examples/poll/ballot"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	var out bytes.Buffer
	salt := base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{1}, 16))
	require.NoError(t, run([]string{"--channel", "ch", "--poll", "p", "--option", "yes", "--salt", salt}, &out, nil))
	b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(out.String()))
	require.NoError(t, err)
	require.NoError(t, ballot.Check(b, "ch", "p", "yes"))

	out.Reset()
	require.NoError(t, run([]string{"--channel", "ch", "--poll", "p", "--option", "no"}, &out, bytes.NewReader(bytes.Repeat([]byte{2}, 32))))
	b, err = base64.StdEncoding.DecodeString(strings.TrimSpace(out.String()))
	require.NoError(t, err)
	require.NoError(t, ballot.Check(b, "ch", "p", "no"))
	require.Len(t, b, 64)

	for _, args := range [][]string{
		{"--channel", "ch", "--poll", "p"},
		{"--channel", "ch", "--poll", "p", "--option", "o", "--salt", "AAAA"},
		{"--channel", "ch", "--poll", "p", "--option", "o", "--salt", "%%"},
		{"--channel", "ch", "--poll", "p", "--option", "o", "extra"},
	} {
		require.Error(t, run(args, &out, nil), "%v", args)
	}
}
