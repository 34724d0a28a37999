// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"syscall"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/stretchr/testify/require"
)

// BenchmarkCredentialRevocationTx runs, through the fake stub,
// VerifyCredential of one credential carrying an epoch claim and a status
// entry: under a credential policy with one claim rule, under one that
// adds credential.epoch and credential.status (the statements the pointer
// selects, the entry, the epoch record, the list head and one page), and
// a hostile credential under the revocation policy (three status entries
// and an epoch of three values, refused before any pairing). Ratio
// alternates the first two in one loop, so both see the same load, and
// reports their time ratio.
func BenchmarkCredentialRevocationTx(b *testing.B) {
	t := &testing.T{}
	e := newCredRevEnv(t)
	e.env = e.asDeployed()
	e.t = t
	for id, rules := range map[string]string{
		"claim":      `"claims":[{"pointer":"/credentialSubject/sailNumber","equals":"Earth101"}]`,
		"revocation": `"claims":[{"pointer":"/credentialSubject/sailNumber","equals":"Earth101"}],"epoch":{"pointer":"/credentialSubject/epoch"},"status":{"list":"revocation","statusListCredential":"` + windRevocationList + `"}`,
	} {
		r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`","issuers":[{"id":"windsurf"}],"credential":{`+rules+`}}`)
		require.True(t, r.Committed, r.Response.GetMessage())
	}
	require.True(t, e.submit(e.alice, "CreateStatusList", "windsurf", "revocation", "revocation", "131072").Committed)
	require.True(t, e.submit(e.alice, "SetIssuerEpoch", "windsurf", "5").Committed)
	cred := e.credential(5, statusEntryOf(windRevocationList, "revocation", "70000"), false, false)
	hostile := e.credential([]any{5, 6, 7}, []any{statusEntryOf(windRevocationList, "revocation", "1"),
		statusEntryOf(windRevocationList, "revocation", "2"), statusEntryOf(windRevocationList, "revocation", "3")}, false, false)
	args := map[string]string{
		"claim":      credentialPolicyArg(t, cred, "claim", 0),
		"revocation": credentialPolicyArg(t, cred, "revocation", 0),
		"hostile":    credentialPolicyArg(t, hostile, "revocation", 0),
	}
	run := func(arg string, valid bool) {
		r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":VerifyCredential", arg)
		require.True(b, r.OK(), r.Response.GetMessage())
		require.Equal(b, valid, decode[credentials.CredentialResult](t, r).Valid)
	}
	for _, name := range []string{"claim", "revocation", "hostile"} {
		arg := args[name]
		b.Run("VerifyCredential/policy="+name, func(b *testing.B) {
			c0 := processCPU(b)
			for b.Loop() {
				run(arg, name != "hostile")
			}
			b.ReportMetric(float64(processCPU(b)-c0)/float64(b.N), "cpu-ns/op")
		})
	}
	b.Run("Ratio/revocation:claim", func(b *testing.B) {
		var plain, rules time.Duration
		for b.Loop() {
			c0 := processCPU(b)
			run(args["claim"], true)
			c1 := processCPU(b)
			run(args["revocation"], true)
			plain, rules = plain+c1-c0, rules+processCPU(b)-c1
		}
		b.ReportMetric(float64(rules)/float64(plain), "cpu-ratio")
	})
}

// processCPU is the process's user and system CPU time so far.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
