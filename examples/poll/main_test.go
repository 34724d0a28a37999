// SPDX-License-Identifier: Apache-2.0

package main

import (
	"errors"
	"strings"
	"testing"
)

func TestServerTLS(t *testing.T) {
	files := map[string]string{"/k": "KEY", "/c": "CERT", "/ca": "CA", "/empty": ""}
	readFile := func(p string) ([]byte, error) {
		if v, ok := files[p]; ok {
			return []byte(v), nil
		}
		return nil, errors.New("no such file")
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		mode string
		err  string
	}{
		{name: "no TLS fails closed", env: map[string]string{}, err: "CHAINCODE_TLS_DISABLED=true to serve plaintext"},
		{name: "false is not an opt-out", env: map[string]string{"CHAINCODE_TLS_DISABLED": "false"}, err: "no TLS configured"},
		{name: "a typo is an error", env: map[string]string{"CHAINCODE_TLS_DISABLED": "yes"}, err: "must be \"true\" or \"false\""},
		{name: "plaintext opt-out", env: map[string]string{"CHAINCODE_TLS_DISABLED": "true"}, mode: "off (CHAINCODE_TLS_DISABLED=true)"},
		{name: "opt-out with a key", env: map[string]string{"CHAINCODE_TLS_DISABLED": "true", "CHAINCODE_TLS_KEY": "/k"}, err: "contradicts"},
		{name: "key without cert", env: map[string]string{"CHAINCODE_TLS_KEY": "/k"}, err: "no TLS configured"},
		{name: "TLS", env: map[string]string{"CHAINCODE_TLS_KEY": "/k", "CHAINCODE_TLS_CERT": "/c"}, mode: "on"},
		{name: "mutual TLS", env: map[string]string{"CHAINCODE_TLS_KEY": "/k", "CHAINCODE_TLS_CERT": "/c", "CHAINCODE_CLIENT_CA_CERT": "/ca"},
			mode: "on, client certificates required"},
		{name: "empty file", env: map[string]string{"CHAINCODE_TLS_KEY": "/empty", "CHAINCODE_TLS_CERT": "/c"}, err: "is empty"},
		{name: "missing file", env: map[string]string{"CHAINCODE_TLS_KEY": "/k", "CHAINCODE_TLS_CERT": "/nope"}, err: "reading CHAINCODE_TLS_CERT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, mode, err := serverTLS(func(k string) string { return tc.env[k] }, readFile)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || mode != tc.mode {
				t.Fatalf("mode %q err %v, want %q", mode, err, tc.mode)
			}
			if tc.mode != "off (CHAINCODE_TLS_DISABLED=true)" && (string(p.Key) != "KEY" || string(p.Cert) != "CERT") {
				t.Fatalf("key pair %q %q", p.Key, p.Cert)
			}
		})
	}
	if err := run(func(k string) string {
		return map[string]string{"CHAINCODE_SERVER_ADDRESS": "127.0.0.1:0"}[k]
	}, readFile); err == nil || !strings.Contains(err.Error(), "set both") {
		t.Fatalf("address without ID: %v", err)
	}
}
