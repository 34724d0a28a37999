// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// The probes of the growth benchmark (test-network/growth/growth.sh), with
// -growth K, in DIR/bbs-bls12381-sha256/growth/ (that scheme only): what
// a ledger growing by K fills is measured with, besides SubmitProof.
//
//	setup.jsonl       (in order, one at a time) the growth issuers: a bare
//	                  BBS issuer with two status lists, "small" (131072
//	                  entries) and "large" (1,048,576), and a policy reading
//	                  each (status index: message growthStatusIndex); an
//	                  accumulator issuer (SetAccumulator, handle message
//	                  accHandleIndex) and its policy of grace 0; a bbs-2023
//	                  issuer and its application context
//	acc-credential.json  the accumulator holder's credential, as "bbs sign"
//	                  writes it (for "bbs update-witness")
//	step-K/           for step K = 1..-growth (one per ledger size):
//	  cred.jsonl      -growth-probe SubmitCredential, a derived bbs-2023
//	                  credential each (its own presentation header)
//	  status.jsonl    -growth-probe VerifyProof under the small list's policy
//	                  (entry growthStatusIndex, not set), endorse only
//	  status-update.jsonl  min(-growth-probe, 16) UpdateStatusList of the
//	                  small list, one entry each, each on a page of its own
//	  revoke.jsonl    -growth-revoke RevokeHandle (one at a time: each
//	                  rewrites the accumulator record)
//	  removals.jsonl  GetAccumulatorRemoval of those versions, endorse only
//	  witness.json    the holder's witness before them ("bbs update-witness")
//	  acc.jsonl       -growth-probe SubmitProof with non-revocation against
//	                  the version after them (the policy of grace 0)
//	shape/            after the last step:
//	  status-fill.jsonl    UpdateStatusList setting -growth-bits entries of
//	                  the large list (at most 64 per transaction, one page
//	                  each, pages in turn)
//	  status.jsonl, status-update.jsonl  as a step's, on the large list
//	  revoke.jsonl    -growth-revocations handles in RevokeHandles batches
//	                  of at most revocation.MaxBatch (one at a time)
//	  removals.jsonl, witness.json  the removal records of those batches and
//	                  the holder's witness from before them: a holder offline
//	                  for all of them
//	  acc.jsonl       presentations against the version after them
//
// Every nonce is distinct across the steps. The accumulator's versions are
// computed here in the order growth.sh commits them: step 1's revocations,
// its presentations, step 2's, ..., then the shape's.
type growthPlan struct {
	steps, probe, revoke, bits, revocations int
}

const (
	growthStatusIndex  = 3 // the status index's message in the bare credentials
	growthSmallEntries = 131072
	growthLargeEntries = 1048576
	statusPage         = 8192
	growthUpdatePages  = 16 // status-update.jsonl: at most one entry per page
)

func growthIssuerID(t string) string        { return "grow-bbs-" + t }
func growthAccIssuerID(t string) string     { return "grow-acc-" + t }
func growthCredIssuerID(t string) string    { return "grow-cred-bbs-2023-" + t }
func growthStatusPolicy(t, l string) string { return "grow-status-" + l + "-" + t }
func growthAccPolicy(t string) string       { return "grow-acc-" + t }

// growthFiles writes the growth probes of scheme s (bbs-bls12381-sha256
// only) into dir/growth.
func growthFiles(o *options, s bbs.Scheme, dir string) error {
	g := o.growth
	if s.Name() != bbs.BLS12381SHA256Name || g.steps <= 0 {
		return nil
	}
	dir = filepath.Join(dir, "growth")
	t := tag(o.seed)
	var setup []Tx

	// The bare issuer, its lists and policies.
	id := growthIssuerID(t)
	sk, err := key(o.seed, s, "growth", 1)
	if err != nil {
		return err
	}
	doc, err := registrationDoc(o, sk, id, "fabric-bbs growth: status lists", o.submitters[0], "growth", 0)
	if err != nil {
		return err
	}
	setup = append(setup, Tx{Name: "RegisterIssuer", Args: []string{doc}})
	for _, l := range []struct {
		name string
		size int
	}{{"small", growthSmallEntries}, {"large", growthLargeEntries}} {
		pol, err := json.Marshal(map[string]any{"id": growthStatusPolicy(t, l.name), "issuers": []any{map[string]any{"id": id}},
			"messageCount": messageCount, "status": map[string]any{"index": growthStatusIndex, "list": l.name}})
		if err != nil {
			return err
		}
		setup = append(setup, Tx{Name: "CreateStatusList", Args: []string{id, l.name, "revocation", strconv.Itoa(l.size)}},
			Tx{Name: "CreatePolicy", Args: []string{string(pol)}})
	}

	// The accumulator issuer.
	accID := growthAccIssuerID(t)
	accBBS, err := key(o.seed, s, "growth-acc", 1)
	if err != nil {
		return err
	}
	if doc, err = registrationDoc(o, accBBS, accID, "fabric-bbs growth: accumulator", o.submitters[0], "growth-acc", 0); err != nil {
		return err
	}
	accSK, v0, err := revocation.GenerateKey(stream(o.seed, "growth/accumulator", 0))
	if err != nil {
		return err
	}
	pol, err := json.Marshal(map[string]any{"id": growthAccPolicy(t), "issuers": []any{map[string]any{"id": accID}},
		"accumulator": map[string]any{"index": accHandleIndex, "grace": 0}})
	if err != nil {
		return err
	}
	setup = append(setup, Tx{Name: "RegisterIssuer", Args: []string{doc}},
		Tx{Name: "SetAccumulator", Args: []string{accID, base64.StdEncoding.EncodeToString(accSK.PublicKey().Bytes()),
			base64.StdEncoding.EncodeToString(v0), strconv.Itoa(accHandleIndex)}},
		Tx{Name: "CreatePolicy", Args: []string{string(pol)}})

	// The bbs-2023 issuer.
	credID := growthCredIssuerID(t)
	credSK, err := key(o.seed, s, "growth-cred", 1)
	if err != nil {
		return err
	}
	if doc, err = registrationDoc(o, credSK, credID, "fabric-bbs growth: bbs-2023 credentials", o.submitters[0], "growth-cred", 0); err != nil {
		return err
	}
	ctxURL, ctxDoc := "https://growth.fabric-bbs.example/ctx/"+t, `{"@context":{"@vocab":"https://growth.fabric-bbs.example/vocab#"}}`
	setup = append(setup, Tx{Name: "RegisterIssuer", Args: []string{doc}}, Tx{Name: "RegisterContext", Args: []string{credID, ctxURL, ctxDoc}})
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeTxs(filepath.Join(dir, "setup.jsonl"), setup); err != nil {
		return err
	}

	// The status credentials: one per list, entry not set.
	header := []byte("fabric-bbs growth " + o.seed)
	statusCred := func(index int) (*credential, error) {
		c := &credential{scheme: s, issuerID: id, sk: sk, header: header}
		for j := 0; j < messageCount; j++ {
			c.messages = append(c.messages, []byte(fmt.Sprintf("growth claim %d of %s", j, id)))
		}
		c.messages[growthStatusIndex] = []byte(strconv.Itoa(index))
		var err error
		c.sig, err = s.Sign(sk, header, c.messages)
		return c, err
	}
	smallIndex, largeIndex := 77, growthLargeEntries-7
	small, err := statusCred(smallIndex)
	if err != nil {
		return err
	}
	large, err := statusCred(largeIndex)
	if err != nil {
		return err
	}
	statusReveal := []int{0, growthStatusIndex, 5}
	statusTxs := func(c *credential, policy, kind string, from, n int) ([]Tx, error) {
		out := make([]Tx, n)
		err := parallel(o.workers, n, func(i int) error {
			nc := nonce(o.seed, s, kind, from+i)
			proof, err := s.DeriveProof(stream(o.seed, "proof/"+s.Name()+"/"+kind, from+i), sk.PublicKey(), c.sig, header, nc, c.messages, statusReveal)
			if err != nil {
				return err
			}
			d := &request.Decoded{Issuer: id, Scheme: s.Name(), Proof: proof.Bytes(), Nonce: nc, Header: header,
				Policy: &request.PolicyRef{ID: policy}}
			for _, idx := range statusReveal {
				d.Disclosed = append(d.Disclosed, request.Message{Index: idx, Message: c.messages[idx]})
			}
			b, err := encodeRequest(d)
			if err != nil {
				return fmt.Errorf("%s request %d: %w", kind, i, err)
			}
			out[i] = Tx{Name: "VerifyProof", Args: []string{string(b)}, Proofs: 1, EndorseOnly: true}
			return nil
		})
		return out, err
	}
	update := func(list string, indices []int) Tx {
		b, _ := json.Marshal(map[string]any{"set": indices})
		return Tx{Name: "UpdateStatusList", Args: []string{id, list, string(b)}}
	}

	// The accumulator's holders and history.
	holders := make([]*revocation.Credential, accHolders)
	handles := make([][]byte, accHolders)
	accHeader := []byte("fabric-bbs growth accumulator " + o.seed)
	for h := range holders {
		var messages [][]byte
		for j := 0; j < messageCount; j++ {
			messages = append(messages, []byte(fmt.Sprintf("growth acc claim %d of holder %d of %s", j, h, accID)))
		}
		hm := digest(o.seed, "growth/holder-handle", h)
		messages[accHandleIndex] = hm[:]
		sig, err := s.Sign(accBBS, accHeader, messages)
		if err != nil {
			return err
		}
		holders[h] = &revocation.Credential{Scheme: s, PublicKey: accBBS.PublicKey(), Signature: sig, Header: accHeader,
			Messages: messages, HandleIndex: accHandleIndex}
		if handles[h], err = holders[h].Handle(); err != nil {
			return err
		}
	}
	if err := writeCredentialFile(filepath.Join(dir, "acc-credential.json"), holders[0]); err != nil {
		return err
	}
	revoked := 0
	nextHandle := func() ([]byte, error) {
		d := digest(o.seed, "growth/revoked-handle", revoked)
		revoked++
		return revocation.HandleScalar(s, d[:])
	}
	version, value := uint64(0), v0
	accKey := accSK.PublicKey()
	witnessFile := func(path string) error {
		w, err := accSK.Witness(value, handles[0])
		if err != nil {
			return err
		}
		return writeJSON(path, map[string]any{"handleIndex": accHandleIndex, "accumulatorKey": base64.StdEncoding.EncodeToString(accKey.Bytes()),
			"version": version, "value": base64.StdEncoding.EncodeToString(value), "witness": base64.StdEncoding.EncodeToString(w)})
	}
	// removals are the GetAccumulatorRemoval reads of versions from+1..version.
	removals := func(from uint64) []Tx {
		var out []Tx
		for v := from + 1; v <= version; v++ {
			out = append(out, Tx{Name: "GetAccumulatorRemoval", Args: []string{accID, strconv.FormatUint(v, 10)}, EndorseOnly: true})
		}
		return out
	}
	presentations := func(kind string, from, n int) ([]Tx, error) {
		out := make([]Tx, n)
		ws := make([][]byte, accHolders)
		for h := range ws {
			var err error
			if ws[h], err = accSK.Witness(value, handles[h]); err != nil {
				return nil, err
			}
		}
		err := parallel(o.workers, n, func(i int) error {
			h := i % accHolders
			c := *holders[h]
			c.Version, c.Witness = version, ws[h]
			nc := nonce(o.seed, s, kind, from+i)
			pres, err := revocation.Present(stream(o.seed, kind+"/present", from+i), &c, accKey, value, nc, revealed)
			if err != nil {
				return fmt.Errorf("%s presentation %d: %w", kind, i, err)
			}
			d := &request.Decoded{Issuer: accID, Scheme: s.Name(), Proof: pres.Bytes(), Nonce: nc, Header: accHeader, NonRevoked: true,
				Policy: &request.PolicyRef{ID: growthAccPolicy(t)}}
			for _, idx := range revealed {
				d.Disclosed = append(d.Disclosed, request.Message{Index: idx, Message: c.Messages[idx]})
			}
			b, err := encodeRequest(d)
			if err != nil {
				return fmt.Errorf("%s request %d: %w", kind, i, err)
			}
			out[i] = Tx{Name: "SubmitProof", Args: []string{string(b)}, Proofs: 1}
			return nil
		})
		return out, err
	}

	// The bbs-2023 credential.
	l, err := vc.NewLoader()
	if err != nil {
		return err
	}
	if err := l.Add(ctxURL, []byte(ctxDoc), ""); err != nil {
		return err
	}
	did, _, err := vc.DIDKey(credSK.PublicKey().Bytes())
	if err != nil {
		return err
	}
	signed, err := l.Issue(map[string]any{
		"@context":          []any{"https://www.w3.org/ns/credentials/v2", ctxURL},
		"type":              []any{"VerifiableCredential"},
		"issuer":            did,
		"credentialSubject": map[string]any{"name": "fabric-bbs growth holder " + t, "level": "3", "org": "growth"},
	}, vc.IssueOptions{SecretKey: credSK, Created: "2026-12-01T00:00:00Z", MandatoryPointers: []string{"/issuer", "/type"},
		Rand: stream(o.seed, "growth-cred/issue", 0)}, vc.Limits{})
	if err != nil {
		return fmt.Errorf("issuing the growth credential: %w", err)
	}
	credTxs := func(from, n int) ([]Tx, error) {
		out := make([]Tx, n)
		err := parallel(o.workers, n, func(i int) error {
			ph := nonce(o.seed, s, "growth-cred", from+i)
			derived, err := l.Derive(signed, vc.DeriveOptions{SelectivePointers: []string{"/credentialSubject/level"}, PresentationHeader: ph,
				Rand: stream(o.seed, "growth-cred/derive", from+i)}, vc.Limits{})
			if err != nil {
				return fmt.Errorf("deriving growth credential %d: %w", from+i, err)
			}
			b, err := json.Marshal(map[string]any{"credential": derived})
			if err != nil {
				return err
			}
			out[i] = Tx{Name: "SubmitCredential", Args: []string{string(b)}, Proofs: 1}
			return nil
		})
		return out, err
	}

	updates := min(g.probe, growthUpdatePages)
	for k := 1; k <= g.steps; k++ {
		sd := filepath.Join(dir, fmt.Sprintf("step-%d", k))
		if err := os.MkdirAll(sd, 0o755); err != nil {
			return err
		}
		from := (k - 1) * g.probe
		cred, err := credTxs(from, g.probe)
		if err != nil {
			return err
		}
		status, err := statusTxs(small, growthStatusPolicy(t, "small"), "growth-status", from, g.probe)
		if err != nil {
			return err
		}
		var ups []Tx
		for j := 0; j < updates; j++ { // entry 100 + k of page j: never smallIndex
			ups = append(ups, update("small", []int{j*statusPage + 100 + k}))
		}
		if err := witnessFile(filepath.Join(sd, "witness.json")); err != nil {
			return err
		}
		before := version
		var revokes []Tx
		for r := 0; r < g.revoke; r++ {
			y, err := nextHandle()
			if err != nil {
				return err
			}
			rem, err := accSK.Remove(version, value, y)
			if err != nil {
				return err
			}
			version, value = version+1, rem.Value()
			revokes = append(revokes, Tx{Name: "RevokeHandle", Args: []string{accID, base64.StdEncoding.EncodeToString(rem.Bytes())}})
		}
		acc, err := presentations("growth-acc", from, g.probe)
		if err != nil {
			return err
		}
		for name, txs := range map[string][]Tx{"cred": cred, "status": status, "status-update": ups, "revoke": revokes,
			"removals": removals(before), "acc": acc} {
			if err := writeTxs(filepath.Join(sd, name+".jsonl"), txs); err != nil {
				return err
			}
		}
	}

	// The shape: the large list with g.bits entries set, the accumulator
	// after g.revocations more.
	sd := filepath.Join(dir, "shape")
	if err := os.MkdirAll(sd, 0o755); err != nil {
		return err
	}
	fill, set := statusFill(g.bits, largeIndex)
	var ups []Tx
	for j := 0; j < updates; j++ { // the first entry of page j not set, not largeIndex
		for e := j * statusPage; e < (j+1)*statusPage; e++ {
			if !set[e] && e != largeIndex {
				ups = append(ups, update("large", []int{e}))
				break
			}
		}
	}
	var fillTxs []Tx
	for _, idx := range fill {
		fillTxs = append(fillTxs, update("large", idx))
	}
	from := g.steps * g.probe
	status, err := statusTxs(large, growthStatusPolicy(t, "large"), "growth-status", from, g.probe)
	if err != nil {
		return err
	}
	if err := witnessFile(filepath.Join(sd, "witness.json")); err != nil {
		return err
	}
	before := version
	var revokes []Tx
	for left := g.revocations; left > 0; {
		m := min(left, revocation.MaxBatch)
		left -= m
		ys := make([][]byte, m)
		for i := range ys {
			if ys[i], err = nextHandle(); err != nil {
				return err
			}
		}
		b, err := accSK.RemoveBatch(version, value, ys)
		if err != nil {
			return err
		}
		version, value = version+1, b.Value()
		revokes = append(revokes, Tx{Name: "RevokeHandles", Args: []string{accID, base64.StdEncoding.EncodeToString(b.Bytes())}})
	}
	acc, err := presentations("growth-acc", from, g.probe)
	if err != nil {
		return err
	}
	for name, txs := range map[string][]Tx{"status-fill": fillTxs, "status": status, "status-update": ups, "revoke": revokes,
		"removals": removals(before), "acc": acc} {
		if err := writeTxs(filepath.Join(sd, name+".jsonl"), txs); err != nil {
			return err
		}
	}
	return nil
}

// statusFill chooses n distinct entries of the large list, never skip:
// entry i·104729 mod 2^20 for i = 0, 1, ... (104729 is odd, so these are
// distinct), grouped by page into changes, ascending, of at most MaxStatusChanges
// entries, the pages taken in turn (a page's second change comes after
// every page's first), so that changes in flight together touch different
// pages. It also returns the set of chosen entries.
func statusFill(n, skip int) ([][]int, map[int]bool) {
	set := map[int]bool{}
	pages := make([][]int, growthLargeEntries/statusPage)
	for i := 0; len(set) < n && i < growthLargeEntries; i++ {
		e := i * 104729 % growthLargeEntries
		if e == skip {
			continue
		}
		set[e] = true
		pages[e/statusPage] = append(pages[e/statusPage], e)
	}
	for _, p := range pages {
		sort.Ints(p) // a change's entries ascending (UpdateStatusList)
	}
	var out [][]int
	for round := 0; ; round++ {
		added := false
		for _, p := range pages {
			lo := round * 64
			if lo < len(p) {
				out = append(out, p[lo:min(lo+64, len(p))])
				added = true
			}
		}
		if !added {
			return out, set
		}
	}
}

// writeCredentialFile writes c as "bbs sign" writes a credential
// (cmd/bbs CredentialFile): messages as {"b64": ...}.
func writeCredentialFile(path string, c *revocation.Credential) error {
	msgs := make([]map[string]string, len(c.Messages))
	for i, m := range c.Messages {
		msgs[i] = map[string]string{"b64": base64.StdEncoding.EncodeToString(m)}
	}
	return writeJSON(path, map[string]any{"scheme": c.Scheme.Name(), "publicKey": base64.StdEncoding.EncodeToString(c.PublicKey.Bytes()),
		"header": base64.StdEncoding.EncodeToString(c.Header), "messages": msgs,
		"signature": base64.StdEncoding.EncodeToString(c.Signature.Bytes())})
}
