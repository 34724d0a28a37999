// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"runtime"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"
)

// BenchmarkNonRevocation measures, through the chaincode (simulated, not
// committed), VerifyProof of one credential of 3 messages (1 disclosed)
// as a plain proof and as a presentation with non-revocation:
//
//   - Ratio alternates the two in every iteration on one locked thread and
//     reports each one's median thread CPU time over batches of 5 and
//     their ratio, so both see the same load;
//   - Verify/... are the wall times of: plain; non-revoked at the current
//     version; non-revoked one version behind under grace 1 (one more read,
//     the removal record); hostile: a changed membership response, and a
//     stale presentation refused by the policy before any pairing.
func BenchmarkNonRevocation(b *testing.B) {
	e := newNREnv(&testing.T{})
	e.asDeployed()
	alice, bob := e.issue("alice"), e.issue("bob")
	behind := e.presentation(alice, "nr1") // version 0
	stale := e.presentation(alice, "nr0")
	if r := e.revoke(bob); !r.Committed {
		b.Fatal(r.Response.GetMessage())
	}
	if err := e.update(alice); err != nil {
		b.Fatal(err)
	}
	plain := e.plainProof(alice, "plain")
	nr := e.presentation(alice, "nr0")
	bad := e.presentation(alice, "nr0")
	pb, _ := base64.StdEncoding.DecodeString(bad.Proof)
	pb[len(pb)-20] ^= 1
	bad.Proof = base64.StdEncoding.EncodeToString(pb)
	args := map[string]string{"plain": plain, "non-revoked": jsonArg(e.t, nr), "non-revoked-1-behind-grace-1": jsonArg(e.t, behind),
		"hostile-membership-response": jsonArg(e.t, bad), "hostile-stale-refused-by-policy": jsonArg(e.t, stale)}
	want := map[string]bool{"plain": true, "non-revoked": true, "non-revoked-1-behind-grace-1": true}
	verify := func(b *testing.B, name string) {
		r := e.evaluate(e.alice, "VerifyProof", args[name])
		res := decode[proofs.VerificationResult](e.t, r)
		if res.Valid != want[name] {
			b.Fatalf("%s: valid %v: %s", name, res.Valid, res.Reason)
		}
	}
	b.Run("Ratio", func(b *testing.B) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		var tp, tn []float64
		for b.Loop() {
			var sp, sn time.Duration
			for range 5 {
				t0 := threadCPUTime()
				verify(b, "plain")
				t1 := threadCPUTime()
				verify(b, "non-revoked")
				t2 := threadCPUTime()
				sp += t1 - t0
				sn += t2 - t1
			}
			tp = append(tp, float64(sp.Microseconds())/5)
			tn = append(tn, float64(sn.Microseconds())/5)
		}
		mp, mn := medianOf(tp), medianOf(tn)
		b.ReportMetric(mp, "plain-cpu-µs")
		b.ReportMetric(mn, "nonrevoked-cpu-µs")
		b.ReportMetric(mn/mp, "ratio")
	})
	for _, name := range []string{"plain", "non-revoked", "non-revoked-1-behind-grace-1", "hostile-membership-response", "hostile-stale-refused-by-policy"} {
		b.Run("Verify/"+name, func(b *testing.B) {
			for b.Loop() {
				verify(b, name)
			}
		})
	}
}

// threadCPUTime is the calling thread's CPU time (locked to it).
func threadCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func medianOf(x []float64) float64 {
	sort.Float64s(x)
	return x[len(x)/2]
}
