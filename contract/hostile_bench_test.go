// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// bbsPlusFixedPart is the size of the part of a BBS+ 2020 proof between
// its header and its VC2 responses: A', Ā, D, the VC1 length, commitment,
// response count and two responses, and the VC2 commitment.
const bbsPlusFixedPart = 3*48 + 4 + 48 + 4 + 2*32 + 48

// bogusBBSPlusProof makes a proof that parses as a BBS+ 2020 proof over
// count messages, none revealed, from the points and scalars of a real
// proof whose header is hdr bytes long: well formed, proving nothing.
func bogusBBSPlusProof(real []byte, hdr, count int) []byte {
	p := binary.BigEndian.AppendUint16(nil, uint16(count))
	p = append(p, make([]byte, count/8+1)...)
	p = append(p, real[hdr:hdr+bbsPlusFixedPart]...)
	p = binary.BigEndian.AppendUint32(p, uint32(count+2))
	scalar := real[hdr+bbsPlusFixedPart+4 : hdr+bbsPlusFixedPart+4+32]
	for range count + 2 {
		p = append(p, scalar...)
	}
	return p
}

// BenchmarkHostileProof measures, through the chaincode's VerifyProof (the
// whole contract path: argument checks, request parsing, state reads), a
// valid m10r2 BBS+ 2020 proof beside parseable bogus proofs at L = 1024
// and at a different L on every call, under an issuer whose settings pin
// messageCounts [10]: the bogus ones are refused before any generator is
// derived.
func BenchmarkHostileProof(b *testing.B) {
	t := &testing.T{}
	e := newEnv(t).asDeployed()
	s := bbs.BBSPlus2020()
	k := newKeyPair(t, s, 80)
	if r := e.register(e.alice, "uni", k, ""); !r.Committed {
		b.Fatal(r.Response.GetMessage())
	}
	if r := e.submit(e.alice, "SetIssuerSettings", "uni", `{"messageCounts":[10]}`); !r.Committed {
		b.Fatal(r.Response.GetMessage())
	}
	messages := make([][]byte, 10)
	for i := range messages {
		messages[i] = []byte{byte('a' + i)}
	}
	sig, err := s.Sign(k.sk, nil, messages)
	if err != nil {
		b.Fatal(err)
	}
	c := &credential{key: k, messages: messages, sig: sig}
	nonce := []byte("hostile benchmark nonce")
	valid := c.present(t, "uni", nonce, 2, 7)
	realProof, err := base64.StdEncoding.DecodeString(valid.Proof)
	if err != nil {
		b.Fatal(err)
	}
	arg := func(r *request.Request) string {
		j, err := json.Marshal(r)
		if err != nil {
			b.Fatal(err)
		}
		return string(j)
	}
	hostile := func(count int) string {
		p := bogusBBSPlusProof(realProof, 2+10/8+1, count)
		if _, err := s.ParseProof(p); err != nil {
			b.Fatalf("bogus proof at L=%d does not parse: %v", count, err)
		}
		return arg(&request.Request{Issuer: "uni", Proof: base64.StdEncoding.EncodeToString(p), Nonce: valid.Nonce})
	}
	distinct := make([]string, 0, bbs.MaxMessages-10)
	for l := 11; l <= bbs.MaxMessages; l++ {
		distinct = append(distinct, hostile(l))
	}
	run := func(b *testing.B, args func(i int) string, wantValid bool) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":VerifyProof", args(i))
			var res proofs.VerificationResult
			if err := json.Unmarshal(r.Response.Payload, &res); err != nil || res.Valid != wantValid {
				b.Fatalf("VerifyProof: %s %s", r.Response.GetMessage(), r.Response.Payload)
			}
		}
	}
	validArg, l1024 := arg(valid), hostile(bbs.MaxMessages)
	b.Run("valid-m10r2", func(b *testing.B) { run(b, func(int) string { return validArg }, true) })
	b.Run("hostile-L1024", func(b *testing.B) { run(b, func(int) string { return l1024 }, false) })
	b.Run("hostile-distinct-L", func(b *testing.B) {
		run(b, func(i int) string { return distinct[i%len(distinct)] }, false)
	})
}

// BenchmarkHostileProofUnconfigured measures the worst case, through
// VerifyProof, for issuers whose owners set nothing beyond what
// registration requires, beside a valid m10r2 proof under each:
//
//   - bbs+2020 registered with the counts registration requires (here
//     [10]): a bogus proof reusing a valid proof's A' and Ā with a new L on
//     every call is refused before any curve arithmetic;
//   - a bbs+2020 record without pinned counts (written before they were
//     required): every proof is refused before any curve arithmetic;
//   - an IETF issuer (bbs-bls12381-sha256) without pinned counts: the
//     real proof's 8 hidden responses with k disclosed messages in the
//     request, k from 1 to 128 on successive calls, so L = 8+k is new on
//     every call up to 136. IETF generators are one key-independent prefix
//     sequence, derived once per process: a new L costs no derivation once
//     the longest prefix is derived, only work that grows with the
//     request's size (k messages to hash, an MSM of L points), as a valid
//     proof of that size costs. At k = 128 the request is 20 times the
//     valid one's size.
func BenchmarkHostileProofUnconfigured(b *testing.B) {
	t := &testing.T{}
	e := newEnv(t).asDeployed()
	messages := make([][]byte, 10)
	for i := range messages {
		messages[i] = []byte{byte('a' + i)}
	}
	arg := func(r any) string {
		j, err := json.Marshal(r)
		if err != nil {
			b.Fatal(err)
		}
		return string(j)
	}
	run := func(b *testing.B, args func(i int) string, wantValid bool) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":VerifyProof", args(i))
			var res proofs.VerificationResult
			if err := json.Unmarshal(r.Response.Payload, &res); err != nil || res.Valid != wantValid {
				b.Fatalf("VerifyProof: %s %s", r.Response.GetMessage(), r.Response.Payload)
			}
		}
	}
	nonce := []byte("hostile benchmark nonce")

	plus := bbs.BBSPlus2020()
	kp := newKeyPair(t, plus, 81)
	if r := e.register(e.alice, "plus", kp, "", 10); !r.Committed {
		b.Fatal(r.Response.GetMessage())
	}
	legacy := newKeyPair(t, plus, 82)
	if err := e.seedIssuer("legacy", plus.Name(), legacy.publicKeyText(), "", nil); err != nil {
		b.Fatal(err)
	}
	plusSig, err := plus.Sign(kp.sk, nil, messages)
	if err != nil {
		b.Fatal(err)
	}
	plusValid := (&credential{key: kp, messages: messages, sig: plusSig}).present(t, "plus", nonce, 2, 7)
	realProof, err := base64.StdEncoding.DecodeString(plusValid.Proof)
	if err != nil {
		b.Fatal(err)
	}
	var plusDistinct, legacyDistinct []string
	for l := 11; l <= bbs.MaxMessages; l++ {
		p := base64.StdEncoding.EncodeToString(bogusBBSPlusProof(realProof, 2+10/8+1, l))
		plusDistinct = append(plusDistinct, arg(&request.Request{Issuer: "plus", Proof: p, Nonce: plusValid.Nonce}))
		legacyDistinct = append(legacyDistinct, arg(&request.Request{Issuer: "legacy", Proof: p, Nonce: plusValid.Nonce}))
	}

	ietf := bbs.BLS12381SHA256()
	ki := newKeyPair(t, ietf, 83)
	if r := e.register(e.alice, "ietf", ki, ""); !r.Committed {
		b.Fatal(r.Response.GetMessage())
	}
	ietfSig, err := ietf.Sign(ki.sk, nil, messages)
	if err != nil {
		b.Fatal(err)
	}
	ietfValid := (&credential{key: ki, messages: messages, sig: ietfSig}).present(t, "ietf", nonce, 2, 7)
	var ietfDistinct []string
	for k := 1; k <= 128; k++ {
		r := request.Request{Issuer: "ietf", Proof: ietfValid.Proof, Nonce: ietfValid.Nonce}
		for j := range k {
			r.Disclosed = append(r.Disclosed, request.DisclosedMessage{Index: j, Message: base64.StdEncoding.EncodeToString([]byte{byte(j)})})
		}
		ietfDistinct = append(ietfDistinct, arg(&r))
	}

	plusValidArg, ietfValidArg := arg(plusValid), arg(ietfValid)
	b.Run("bbs+2020/valid-m10r2", func(b *testing.B) { run(b, func(int) string { return plusValidArg }, true) })
	b.Run("bbs+2020/registered-distinct-L", func(b *testing.B) {
		run(b, func(i int) string { return plusDistinct[i%len(plusDistinct)] }, false)
	})
	b.Run("bbs+2020/unpinned-record-distinct-L", func(b *testing.B) {
		run(b, func(i int) string { return legacyDistinct[i%len(legacyDistinct)] }, false)
	})
	b.Run("ietf-sha256/valid-m10r2", func(b *testing.B) { run(b, func(int) string { return ietfValidArg }, true) })
	b.Run("ietf-sha256/unpinned-distinct-L", func(b *testing.B) {
		run(b, func(i int) string { return ietfDistinct[i%len(ietfDistinct)] }, false)
	})
}
