// SPDX-License-Identifier: Apache-2.0

package gatewaycli

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

func TestWaitPeerFlag(t *testing.T) {
	var w waitPeers
	for _, v := range []string{"127.0.0.1:7051=org1/ca.crt", "127.0.0.1:9051=org2/ca.crt=peer0.org2.example.com"} {
		if err := w.Set(v); err != nil {
			t.Fatal(err)
		}
	}
	want := waitPeers{{"127.0.0.1:7051", "org1/ca.crt", ""}, {"127.0.0.1:9051", "org2/ca.crt", "peer0.org2.example.com"}}
	if !reflect.DeepEqual(w, want) || w.String() != "127.0.0.1:7051,127.0.0.1:9051" {
		t.Fatalf("%+v %q", w, w.String())
	}
	for _, bad := range []string{"", "127.0.0.1:7051", "=ca.crt", "a:1=", "a:1=ca=", "a:1=ca=n=x"} {
		if err := w.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
}

// TestAwaitBlock: the wait ends at the wanted block or a later one, never
// at an earlier one; a closed stream or an ended context is an error.
func TestAwaitBlock(t *testing.T) {
	feed := func(ns ...uint64) chan *peer.FilteredBlock {
		c := make(chan *peer.FilteredBlock, len(ns))
		for _, n := range ns {
			c <- &peer.FilteredBlock{Number: n}
		}
		return c
	}
	ctx := context.Background()
	if err := awaitBlock(ctx, feed(7), 7); err != nil {
		t.Fatal(err)
	}
	if err := awaitBlock(ctx, feed(5, 6, 8), 7); err != nil {
		t.Fatal(err)
	}
	c := feed(5, 6)
	close(c)
	if err := awaitBlock(ctx, c, 7); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("closed before block 7: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := awaitBlock(cctx, feed(5), 7); err == nil {
		t.Fatal("ended context: no error")
	}
	// Block 6 delivered with the context still open must not end the
	// wait: only the cancelled context does.
	c = feed(6)
	done := make(chan error, 1)
	cctx, cancel = context.WithCancel(ctx)
	go func() { done <- awaitBlock(cctx, c, 7) }()
	c <- &peer.FilteredBlock{Number: 6}
	cancel()
	if err := <-done; err == nil {
		t.Fatal("returned without block 7")
	}
}
