// SPDX-License-Identifier: Apache-2.0

package ccpackage

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

type entry struct {
	name, uname, gname string
	typ                byte
	mode               int64
	uid, gid           int
	mtime              time.Time
	format             tar.Format
	body               []byte
}

// readTarGz lists a tar.gz and checks its gzip header is the one Go's
// gzip.Writer writes by default (no name, no time, OS unknown), as the peer's.
func readTarGz(t *testing.T, data []byte) []entry {
	t.Helper()
	gr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if gr.Name != "" || gr.Comment != "" || !gr.ModTime.IsZero() || gr.OS != 255 || len(gr.Extra) != 0 {
		t.Fatalf("gzip header: name %q comment %q mtime %v OS %d extra %x", gr.Name, gr.Comment, gr.ModTime, gr.OS, gr.Extra)
	}
	tr := tar.NewReader(gr)
	var out []entry
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, entry{name: h.Name, uname: h.Uname, gname: h.Gname, typ: h.Typeflag, mode: h.Mode,
			uid: h.Uid, gid: h.Gid, mtime: h.ModTime, format: h.Format, body: body})
	}
}

func write(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

// testModule is a module with what the peer's walk must treat each its own
// way: hidden folders (left out), hidden files (kept), an executable (0644
// in the package), a symbolic link to a file (followed), an empty folder
// (absent), a name longer than a ustar header holds (PAX), and a nested
// folder whose parents have no files of their own.
func testModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	write(t, filepath.Join(root, "go.mod"), "module example.com/chain // the module\n\ngo 1.21\n", 0o644)
	write(t, filepath.Join(root, "cc", "main.go"), "package main\n\nfunc main() {}\n", 0o644)
	write(t, filepath.Join(root, ".gitignore"), "/bin/\n", 0o644)
	write(t, filepath.Join(root, ".git", "HEAD"), "ref: refs/heads/main\n", 0o644)
	write(t, filepath.Join(root, "lib", ".cache", "x"), "x", 0o644)
	write(t, filepath.Join(root, "scripts", "run.sh"), "#!/bin/sh\n", 0o755)
	write(t, filepath.Join(root, "a", "b", "c", "deep.txt"), "deep", 0o600)
	long := strings.Repeat("long-folder-name/", 15) + "file-with-a-long-name.txt"
	write(t, filepath.Join(root, filepath.FromSlash(long)), "long", 0o644)
	if err := os.MkdirAll(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../scripts/run.sh", filepath.Join(root, "cc", "link.sh")); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestGolangLayout(t *testing.T) {
	root := testModule(t)
	pkg, importPath, err := Golang(filepath.Join(root, "cc"), "chain_1.0")
	if err != nil {
		t.Fatal(err)
	}
	if importPath != "example.com/chain/cc" {
		t.Fatalf("import path %q", importPath)
	}
	top := readTarGz(t, pkg)
	if len(top) != 2 || top[0].name != MetadataFile || top[1].name != CodeFile {
		t.Fatalf("top-level entries: %+v", top)
	}
	for _, e := range top {
		if e.typ != tar.TypeReg || e.mode != 0o100644 || e.uid != 0 || e.gid != 0 || e.mtime.Unix() != 0 || e.format != tar.FormatUSTAR {
			t.Fatalf("top-level header of %s: %+v", e.name, e)
		}
	}
	if got, want := string(top[0].body), `{"path":"example.com/chain/cc","type":"golang","label":"chain_1.0"}`; got != want {
		t.Fatalf("metadata.json %s, want %s", got, want)
	}

	long := "src/" + strings.Repeat("long-folder-name/", 15) + "file-with-a-long-name.txt"
	var wantDirs []string
	for d := "src/" + strings.Repeat("long-folder-name/", 15); d != "src/"; d = d[:strings.LastIndex(d[:len(d)-1], "/")+1] {
		wantDirs = append(wantDirs, d)
	}
	wantDirs = append(wantDirs, "src/", "src/a/", "src/a/b/", "src/a/b/c/", "src/cc/", "src/scripts/")
	sort.Strings(wantDirs)
	wantFiles := map[string]string{
		"src/.gitignore":     "/bin/\n",
		"src/a/b/c/deep.txt": "deep",
		"src/cc/link.sh":     "#!/bin/sh\n",
		"src/cc/main.go":     "package main\n\nfunc main() {}\n",
		"src/go.mod":         "module example.com/chain // the module\n\ngo 1.21\n",
		long:                 "long",
		"src/scripts/run.sh": "#!/bin/sh\n",
	}
	wantOrder := append([]string{}, wantDirs...)
	files := make([]string, 0, len(wantFiles))
	for name := range wantFiles {
		files = append(files, name)
	}
	sort.Strings(files)
	wantOrder = append(wantOrder, files...)

	code := readTarGz(t, top[1].body)
	var gotOrder []string
	for _, e := range code {
		gotOrder = append(gotOrder, e.name)
		if e.uid != 500 || e.gid != 500 || e.uname != "" || e.gname != "" || !e.mtime.Equal(time.Unix(0, 0)) && !e.mtime.IsZero() {
			t.Errorf("%s: owner %d:%d %q:%q mtime %v", e.name, e.uid, e.gid, e.uname, e.gname, e.mtime)
		}
		if strings.HasSuffix(e.name, "/") {
			if e.typ != tar.TypeDir || e.mode != 0o40755 {
				t.Errorf("%s: type %c mode %o, want directory 040755", e.name, e.typ, e.mode)
			}
			continue
		}
		if e.typ != tar.TypeReg || e.mode != 0o100644 {
			t.Errorf("%s: type %c mode %o, want regular 0100644", e.name, e.typ, e.mode)
		}
		if string(e.body) != wantFiles[e.name] {
			t.Errorf("%s: body %q, want %q", e.name, e.body, wantFiles[e.name])
		}
		if e.name == long && e.format != tar.FormatPAX {
			t.Errorf("%s: format %v, want PAX", e.name, e.format)
		}
	}
	if strings.Join(gotOrder, "\n") != strings.Join(wantOrder, "\n") {
		t.Fatalf("code.tar.gz entries:\n%s\nwant:\n%s", strings.Join(gotOrder, "\n"), strings.Join(wantOrder, "\n"))
	}

	id, err := ID(pkg)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(pkg)
	if id != "chain_1.0:"+hex.EncodeToString(sum[:]) {
		t.Fatalf("ID %s", id)
	}
	again, _, err := Golang(filepath.Join(root, "cc"), "chain_1.0")
	if err != nil || !bytes.Equal(again, pkg) {
		t.Fatalf("a second run wrote other bytes (err %v)", err)
	}
}

func TestGolangRefuses(t *testing.T) {
	root := testModule(t)
	for _, tc := range []struct {
		name, dir, label, err string
		prep                  func()
	}{
		{name: "bad label", dir: "cc", label: "_x", err: "invalid label"},
		{name: "label with a colon", dir: "cc", label: "a:b", err: "invalid label"},
		{name: "no Go files", dir: "scripts", label: "x", err: "holds no Go files"},
		{name: "missing folder", dir: "nope", label: "x", err: "no such file"},
		{name: "META-INF", dir: "cc", label: "x", err: "META-INF", prep: func() {
			write(t, filepath.Join(root, "cc", "META-INF", "statedb", "couchdb", "indexes", "i.json"), "{}", 0o644)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.prep != nil {
				tc.prep()
			}
			_, _, err := Golang(filepath.Join(root, tc.dir), tc.label)
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err %v, want %q", err, tc.err)
			}
		})
	}
	outside := t.TempDir()
	write(t, filepath.Join(outside, "main.go"), "package main\n", 0o644)
	if _, _, err := Golang(outside, "x"); err == nil || !strings.Contains(err.Error(), "not inside a Go module") {
		t.Fatalf("outside a module: %v", err)
	}
	root = testModule(t)
	if err := os.Symlink(root, filepath.Join(root, "loop")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Golang(filepath.Join(root, "cc"), "x"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("symbolic link to a folder: %v", err)
	}
}

func TestModulePath(t *testing.T) {
	for in, want := range map[string]string{
		"module a.b/c\n":                       "a.b/c",
		"// x\nmodule \"a.b/q\" // y\ngo 1.21": "a.b/q",
		"go 1.21\n\nmodule   a/b  \n":          "a/b",
	} {
		if got, err := modulePath([]byte(in)); err != nil || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "go 1.21\n", "module\n", "module \"a\n", "module a b\n"} {
		if got, err := modulePath([]byte(in)); err == nil {
			t.Errorf("%q: %q, want an error", in, got)
		}
	}
}

func TestCCaaS(t *testing.T) {
	yes := true
	conn := Connection{Address: "bbs.org1.example.com:9999", DialTimeout: "10s", TLSRequired: true,
		ClientAuthRequired: &yes, RootCert: "-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----\n",
		ClientKey: "{{.client_key}}", ClientCert: "{{.client_cert}}"}
	pkg, err := CCaaS("bbs_ccaas_1.0", conn)
	if err != nil {
		t.Fatal(err)
	}
	top := readTarGz(t, pkg)
	if len(top) != 2 || top[0].name != MetadataFile || top[1].name != CodeFile {
		t.Fatalf("top-level entries: %+v", top)
	}
	if got := string(top[0].body); got != `{"type":"ccaas","label":"bbs_ccaas_1.0"}` {
		t.Fatalf("metadata.json %s", got)
	}
	code := readTarGz(t, top[1].body)
	if len(code) != 1 || code[0].name != "connection.json" || code[0].mode != 0o100644 || code[0].typ != tar.TypeReg {
		t.Fatalf("code.tar.gz: %+v", code)
	}
	var got map[string]any
	if err := json.Unmarshal(code[0].body, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"address": conn.Address, "dial_timeout": "10s", "tls_required": true,
		"client_auth_required": true, "root_cert": conn.RootCert, "client_key": "{{.client_key}}", "client_cert": "{{.client_cert}}"}
	if len(got) != len(want) {
		t.Fatalf("connection.json %v", got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("connection.json %s = %v, want %v", k, got[k], v)
		}
	}
	plain, err := CCaaS("bbs_1.0", Connection{Address: "peer0org1_bbs_ccaas:9999", DialTimeout: "10s"})
	if err != nil {
		t.Fatal(err)
	}
	if body := readTarGz(t, readTarGz(t, plain)[1].body)[0].body; string(body) !=
		"{\n  \"address\": \"peer0org1_bbs_ccaas:9999\",\n  \"dial_timeout\": \"10s\",\n  \"tls_required\": false\n}\n" {
		t.Fatalf("plaintext connection.json %s", body)
	}
	if _, err := CCaaS("bbs", Connection{Address: "a:1", TLSRequired: true}); err == nil {
		t.Fatal("TLS without a root certificate was accepted")
	}
	if _, err := CCaaS("bbs", Connection{}); err == nil {
		t.Fatal("an empty address was accepted")
	}
}

func TestIDRefuses(t *testing.T) {
	gz := func(entries ...tar.Header) []byte {
		var buf bytes.Buffer
		gw := gzip.NewWriter(&buf)
		tw := tar.NewWriter(gw)
		for _, h := range entries {
			if err := tw.WriteHeader(&h); err != nil {
				t.Fatal(err)
			}
			if h.Size > 0 {
				body := `{"label":"ok"}`
				if h.Name == "metadata.json" && h.Size == 15 {
					body = `{"label":"_no"}`
				}
				if _, err := tw.Write([]byte(body)); err != nil {
					t.Fatal(err)
				}
			}
		}
		tw.Close()
		gw.Close()
		return buf.Bytes()
	}
	md := tar.Header{Name: "metadata.json", Mode: 0o644, Size: 14}
	code := tar.Header{Name: "code.tar.gz", Mode: 0o644}
	for name, tc := range map[string]struct {
		pkg []byte
		err string
	}{
		"not gzip":       {[]byte("plain"), "not a gzip stream"},
		"no metadata":    {gz(code), "no metadata.json"},
		"no code":        {gz(md), "no code package"},
		"a folder entry": {gz(md, tar.Header{Name: "d/", Typeflag: tar.TypeDir, Mode: 0o755}, code), "not a regular file"},
		"bad label":      {gz(tar.Header{Name: "metadata.json", Mode: 0o644, Size: 15}, code), "invalid label"},
	} {
		if _, err := ID(tc.pkg); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: %v, want %q", name, err, tc.err)
		}
	}
	if id, err := ID(gz(md, code)); err != nil || !strings.HasPrefix(id, "ok:") {
		t.Fatalf("a minimal package: %q %v", id, err)
	}
}

// peerBin is the Fabric peer CLI: $CCPACKAGE_PEER, else the one that make
// network-bins builds, or "".
func peerBin(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", "test-network", ".bin", "peer"))
	if env := os.Getenv("CCPACKAGE_PEER"); env != "" {
		p = env
	}
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// runPeer runs the peer CLI in dir with an empty core.yaml, Go modules off
// the network.
func runPeer(t *testing.T, peer, dir string, args ...string) string {
	t.Helper()
	cfg := t.TempDir()
	write(t, filepath.Join(cfg, "core.yaml"), "", 0o644)
	cmd := exec.Command(peer, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "FABRIC_CFG_PATH="+cfg, "GOPROXY=off", "GOFLAGS=-mod=mod -buildvcs=false", "GOWORK=off", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("peer %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestGolangMatchesPeer: the package is the peer CLI's, byte for byte, and
// so is its package ID (where make network-bins has built the peer).
func TestGolangMatchesPeer(t *testing.T) {
	peer := peerBin(t)
	if peer == "" {
		t.Skip("no test-network/.bin/peer (make network-bins): the layout is checked by TestGolangLayout")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the peer CLI needs the go command to package Go chaincode")
	}
	root := testModule(t)
	ours, _, err := Golang(filepath.Join(root, "cc"), "chain_1.0")
	if err != nil {
		t.Fatal(err)
	}
	theirs := filepath.Join(t.TempDir(), "peer.tar.gz")
	runPeer(t, peer, root, "lifecycle", "chaincode", "package", theirs, "--lang", "golang", "--path", "./cc", "--label", "chain_1.0")
	data, err := os.ReadFile(theirs)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, ours) {
		t.Fatalf("the peer wrote %d bytes, Golang %d, and they differ", len(data), len(ours))
	}
	mine := filepath.Join(t.TempDir(), "ours.tar.gz")
	if err := os.WriteFile(mine, ours, 0o644); err != nil {
		t.Fatal(err)
	}
	want := runPeer(t, peer, root, "lifecycle", "chaincode", "calculatepackageid", mine)
	if id, err := ID(ours); err != nil || id != want {
		t.Fatalf("ID %q %v, peer calculatepackageid %q", id, err, want)
	}
}

func TestCCaaSMatchesPeerID(t *testing.T) {
	peer := peerBin(t)
	if peer == "" {
		t.Skip("no test-network/.bin/peer (make network-bins)")
	}
	pkg, err := CCaaS("bbs_ccaas_1.0", Connection{Address: "127.0.0.1:9999", DialTimeout: "10s"})
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "ccaas.tar.gz")
	if err := os.WriteFile(f, pkg, 0o644); err != nil {
		t.Fatal(err)
	}
	want := runPeer(t, peer, t.TempDir(), "lifecycle", "chaincode", "calculatepackageid", f)
	if id, err := ID(pkg); err != nil || id != want {
		t.Fatalf("ID %q %v, peer calculatepackageid %q", id, err, want)
	}
}
