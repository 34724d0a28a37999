// SPDX-License-Identifier: Apache-2.0

// Package ccpackage writes Hyperledger Fabric chaincode packages (the
// install packages of the chaincode lifecycle) without the peer binary.
//
// A package is a gzip-compressed tar of two regular files, metadata.json
// and code.tar.gz. Golang returns, byte for byte, what
// `peer lifecycle chaincode package --lang golang --path DIR --label L`
// writes for a Go module: the same entries in the same order, with the same
// headers (directories 0755 and files 0644, owner 500:500, zero times) and
// the same gzip stream, so the package ID that
// `peer lifecycle chaincode calculatepackageid` prints is the same. CCaaS
// returns a package of type ccaas holding connection.json, written the same
// way. ID computes a package's ID.
package ccpackage

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// File names at the top of a chaincode package.
const (
	MetadataFile = "metadata.json"
	CodeFile     = "code.tar.gz"
)

// The headers Fabric's Go platform gives the entries of code.tar.gz.
const (
	dirMode  = 0o40000 | 0o755
	fileMode = 0o100644
	ownerID  = 500
)

var labelRE = regexp.MustCompile(`^[[:alnum:]][[:alnum:]_.+-]*$`)

// ValidateLabel reports whether label is one the peer accepts: alphanumerics
// and ".+-_", starting with an alphanumeric.
func ValidateLabel(label string) error {
	if !labelRE.MatchString(label) {
		return fmt.Errorf("invalid label %q: only alphanumerics and '.+-_', starting with an alphanumeric", label)
	}
	return nil
}

// metadata is metadata.json as the peer CLI writes it (field order matters).
type metadata struct {
	Path  string `json:"path"`
	Type  string `json:"type"`
	Label string `json:"label"`
}

// ccaasMetadata is metadata.json of a ccaas package.
type ccaasMetadata struct {
	Type  string `json:"type"`
	Label string `json:"label"`
}

// Golang returns the chaincode package of type golang for the main package
// in directory pkgDir, as `peer lifecycle chaincode package --lang golang
// --path pkgDir --label label` writes it: pkgDir must be inside a Go module
// (the nearest go.mod at or above it), and the package holds every file of
// that module under src/ (hidden folders left out, symbolic links to files
// followed), metadata.json naming the main package's import path. It also
// returns that import path.
//
// A META-INF folder of statedb indexes next to the main package is not
// supported: Golang refuses it rather than write a different package than
// the peer would.
func Golang(pkgDir, label string) (pkg []byte, importPath string, err error) {
	if err := ValidateLabel(label); err != nil {
		return nil, "", err
	}
	pkgDir, err = filepath.Abs(pkgDir)
	if err != nil {
		return nil, "", err
	}
	if fi, err := os.Stat(pkgDir); err != nil {
		return nil, "", err
	} else if !fi.IsDir() {
		return nil, "", fmt.Errorf("%s is not a directory", pkgDir)
	}
	if gos, _ := filepath.Glob(filepath.Join(pkgDir, "*.go")); len(gos) == 0 {
		return nil, "", fmt.Errorf("%s holds no Go files", pkgDir)
	}
	root, modPath, err := findModule(pkgDir)
	if err != nil {
		return nil, "", err
	}
	rel, err := filepath.Rel(root, pkgDir)
	if err != nil {
		return nil, "", err
	}
	importPath = modPath
	if rel != "." {
		importPath = modPath + "/" + filepath.ToSlash(rel)
	}
	meta := filepath.Join(pkgDir, "META-INF")
	if _, err := os.Lstat(meta); err == nil {
		return nil, "", fmt.Errorf("%s: META-INF metadata is not supported here; package with the peer CLI", meta)
	}
	code, err := goCode(root)
	if err != nil {
		return nil, "", err
	}
	md, err := json.Marshal(metadata{Path: importPath, Type: "golang", Label: label})
	if err != nil {
		return nil, "", err
	}
	pkg, err = Package(md, code)
	return pkg, importPath, err
}

// findModule returns the folder of the nearest go.mod at or above dir and
// the module path it declares.
func findModule(dir string) (root, modPath string, err error) {
	for d := dir; ; d = filepath.Dir(d) {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			p, err := modulePath(data)
			if err != nil {
				return "", "", fmt.Errorf("%s: %w", filepath.Join(d, "go.mod"), err)
			}
			return d, p, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return "", "", err
		}
		if filepath.Dir(d) == d {
			return "", "", fmt.Errorf("%s is not inside a Go module (no go.mod at or above it)", dir)
		}
	}
}

// modulePath returns the path of the module directive of a go.mod file.
func modulePath(gomod []byte) (string, error) {
	for _, line := range strings.Split(string(gomod), "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) != 2 || f[0] != "module" {
			continue
		}
		p := f[1]
		if strings.HasPrefix(p, `"`) || strings.HasPrefix(p, "`") {
			u, err := strconv.Unquote(p)
			if err != nil {
				return "", fmt.Errorf("bad module path %s", p)
			}
			p = u
		}
		if p == "" {
			break
		}
		return p, nil
	}
	return "", errors.New("no module directive")
}

type source struct{ name, path string }

// goCode is code.tar.gz of Fabric's Go platform for a module at root: the
// directories of the files first, sorted, then the files sorted by name.
func goCode(root string) ([]byte, error) {
	files := map[string]source{}
	walk := func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.IsDir() {
			if p == root || !strings.HasPrefix(info.Name(), ".") {
				return nil
			}
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(filepath.Join("src", rel))
		files[name] = source{name: name, path: p}
		return nil
	}
	if err := filepath.Walk(root, walk); err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}

	dirSet := map[string]bool{}
	for name := range files {
		for d := path.Dir(name); d != "." && !dirSet[d]; d = path.Dir(d) {
			dirSet[d] = true
		}
	}
	dirs := make([]string, 0, len(dirSet))
	for d := range dirSet {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	srcs := make([]source, 0, len(files))
	for _, s := range files {
		srcs = append(srcs, s)
	}
	sort.Slice(srcs, func(i, j int) bool { return srcs[i].name < srcs[j].name })

	var buf bytes.Buffer
	gw, err := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(gw)
	for _, d := range dirs {
		if err := tw.WriteHeader(&tar.Header{
			Typeflag: tar.TypeDir,
			Name:     d + "/",
			Mode:     dirMode,
			Uid:      ownerID,
			Gid:      ownerID,
		}); err != nil {
			return nil, err
		}
	}
	for _, s := range srcs {
		if err := writeFile(tw, s); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeFile writes one file with the header Fabric gives it.
func writeFile(tw *tar.Writer, s source) error {
	f, err := os.Open(s.path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file (%s)", s.path, fi.Mode().Type())
	}
	h, err := tar.FileInfoHeader(fi, s.path)
	if err != nil {
		return fmt.Errorf("%s: %w", s.path, err)
	}
	var zero time.Time
	h.AccessTime, h.ModTime, h.ChangeTime = zero, zero, zero
	h.Name = s.name
	h.Mode = fileMode
	h.Uid, h.Gid = ownerID, ownerID
	h.Uname, h.Gname = "", ""
	if err := tw.WriteHeader(h); err != nil {
		return fmt.Errorf("%s: %w", s.path, err)
	}
	n, err := io.Copy(tw, bufio.NewReader(f))
	if err != nil {
		return fmt.Errorf("%s: %w", s.path, err)
	}
	if n != h.Size {
		return fmt.Errorf("%s changed while it was read", s.path)
	}
	return nil
}

// Package returns the chaincode package of the given metadata.json and
// code.tar.gz, as the peer CLI writes it.
func Package(metadataJSON, codeTarGz []byte) ([]byte, error) {
	var buf bytes.Buffer
	gw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gw)
	if err := writeBytes(tw, MetadataFile, metadataJSON); err != nil {
		return nil, err
	}
	if err := writeBytes(tw, CodeFile, codeTarGz); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeBytes(tw *tar.Writer, name string, data []byte) error {
	if err := tw.WriteHeader(&tar.Header{Name: name, Size: int64(len(data)), Mode: fileMode}); err != nil {
		return err
	}
	_, err := tw.Write(data)
	return err
}

// Connection is connection.json of a ccaas package: where the peers dial
// the chaincode server and how. Fabric's ccaas builder treats each string
// field as a Go template filled from the peer's
// CHAINCODE_AS_A_SERVICE_BUILDER_CONFIG.
type Connection struct {
	Address            string `json:"address"`
	DialTimeout        string `json:"dial_timeout"`
	TLSRequired        bool   `json:"tls_required"`
	ClientAuthRequired *bool  `json:"client_auth_required,omitempty"`
	RootCert           string `json:"root_cert,omitempty"`
	ClientKey          string `json:"client_key,omitempty"`
	ClientCert         string `json:"client_cert,omitempty"`
}

// CCaaS returns the chaincode package of type ccaas whose code.tar.gz holds
// connection.json (indented JSON), written with the peer CLI's headers.
func CCaaS(label string, conn Connection) ([]byte, error) {
	if err := ValidateLabel(label); err != nil {
		return nil, err
	}
	if conn.Address == "" {
		return nil, errors.New("ccaas package: empty address")
	}
	if conn.TLSRequired && conn.RootCert == "" {
		return nil, errors.New("ccaas package: TLS without a root certificate")
	}
	cj, err := json.MarshalIndent(conn, "", "  ")
	if err != nil {
		return nil, err
	}
	cj = append(cj, '\n')
	var code bytes.Buffer
	gw := gzip.NewWriter(&code)
	tw := tar.NewWriter(gw)
	if err := writeBytes(tw, "connection.json", cj); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gw.Close(); err != nil {
		return nil, err
	}
	md, err := json.Marshal(ccaasMetadata{Type: "ccaas", Label: label})
	if err != nil {
		return nil, err
	}
	return Package(md, code.Bytes())
}

// ID returns the package ID of a chaincode package, as
// `peer lifecycle chaincode calculatepackageid` prints it: the label of its
// metadata.json, a colon, and the hex SHA-256 of the package's bytes. It
// checks the package as the peer does when it installs one.
func ID(pkg []byte) (string, error) {
	label, err := parse(pkg)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(pkg)
	return label + ":" + hex.EncodeToString(sum[:]), nil
}

// maxEntry bounds what parse reads of one top-level entry (the peer reads
// the whole package in memory; this is well above any chaincode).
const maxEntry = 256 << 20

// parse checks a package as Fabric's persistence.ParseChaincodePackage
// does and returns its label.
func parse(pkg []byte) (string, error) {
	gr, err := gzip.NewReader(bytes.NewReader(pkg))
	if err != nil {
		return "", fmt.Errorf("not a gzip stream: %w", err)
	}
	tr := tar.NewReader(gr)
	var md *metadata
	var haveCode bool
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", fmt.Errorf("tar: %w", err)
		}
		if h.Typeflag != tar.TypeReg {
			return "", fmt.Errorf("tar entry %s is not a regular file", h.Name)
		}
		data, err := io.ReadAll(io.LimitReader(tr, maxEntry+1))
		if err != nil {
			return "", fmt.Errorf("read %s: %w", h.Name, err)
		}
		if len(data) > maxEntry {
			return "", fmt.Errorf("%s is larger than %d bytes", h.Name, maxEntry)
		}
		switch h.Name {
		case MetadataFile:
			md = &metadata{}
			if err := json.Unmarshal(data, md); err != nil {
				return "", fmt.Errorf("%s: %w", MetadataFile, err)
			}
		case CodeFile:
			haveCode = true
		}
	}
	if !haveCode {
		return "", errors.New("no code package (code.tar.gz) in the package")
	}
	if md == nil {
		return "", errors.New("no metadata.json in the package")
	}
	if err := ValidateLabel(md.Label); err != nil {
		return "", err
	}
	return md.Label, nil
}
