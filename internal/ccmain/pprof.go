// SPDX-License-Identifier: Apache-2.0

package ccmain

import (
	"fmt"
	"log"
	"net"
	"net/http"
	"net/http/pprof"
	"strings"
)

// envPprofAddr turns on a Go pprof HTTP listener in the chaincode process,
// for profiling under load (docs/performance.md). Off by default; set it to a
// loopback address such as 127.0.0.1:0 (a free port, written to the log).
// It serves profiles only: no transaction runs through it and nothing it
// does reaches the ledger.
const envPprofAddr = "BBS_PPROF_ADDR"

// startPprof starts the pprof listener when BBS_PPROF_ADDR is set and
// returns its address ("" when off). Only loopback addresses are accepted:
// profiles show the process's memory.
func startPprof(getenv func(string) string) (string, error) {
	addr := getenv(envPprofAddr)
	if addr == "" {
		return "", nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("%s=%q: %w", envPprofAddr, addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return "", fmt.Errorf("%s=%q: only a loopback address is allowed (127.0.0.1:PORT)", envPprofAddr, addr)
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("%s: %w", envPprofAddr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	go func() {
		if err := http.Serve(l, mux); err != nil && !strings.Contains(err.Error(), "closed") {
			log.Printf("pprof listener on %s stopped: %v", l.Addr(), err)
		}
	}()
	return l.Addr().String(), nil
}
