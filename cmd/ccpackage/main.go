// SPDX-License-Identifier: Apache-2.0

// Command ccpackage writes the chaincode packages that
// `peer lifecycle chaincode install` takes, without the Fabric peer binary,
// and prints their package IDs:
//
//	ccpackage -lang golang -path ./chaincode -label bbs_1.0 -o bbs_1.0.tar.gz
//	ccpackage -lang ccaas -address bbs.org1.example.com:9999 -root-cert tls-ca.pem \
//	    -label bbs_ccaas_1.0 -o bbs_ccaas_1.0.tar.gz
//	ccpackage -id bbs_1.0.tar.gz
//
// A golang package is byte for byte the one that
// `peer lifecycle chaincode package --lang golang --path DIR --label L`
// writes for the same files (every file of the Go module holding DIR, hidden
// folders left out), so it has the same package ID. -id prints the package
// ID of a package file, as `peer lifecycle chaincode calculatepackageid`
// does. The output line is "<package ID>".
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/fabric-bbs/fabric-bbs/internal/ccpackage"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "ccpackage:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ccpackage", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lang := fs.String("lang", "golang", "package type: golang or ccaas")
	dir := fs.String("path", "./chaincode", "golang: the chaincode's main package folder")
	label := fs.String("label", "", "the package label (alphanumerics and .+-_)")
	out := fs.String("o", "", "the package file to write")
	idOf := fs.String("id", "", "print the package ID of this package file and exit")
	addr := fs.String("address", "", "ccaas: host:port where every peer dials the chaincode server")
	rootCert := fs.String("root-cert", "", "ccaas: PEM file of the CA that issued the server's TLS certificate")
	useTLS := fs.Bool("tls", true, "ccaas: the peers dial with TLS")
	mtls := fs.Bool("mtls", true, "ccaas: the server requires the peers' client certificates")
	templates := fs.Bool("client-templates", false,
		"ccaas: client_key and client_cert as {{.client_key}}/{{.client_cert}}, filled by Fabric's ccaas builder")
	dial := fs.String("dial-timeout", "10s", "ccaas: the peers' dial timeout")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *idOf != "" {
		data, err := os.ReadFile(*idOf)
		if err != nil {
			return err
		}
		id, err := ccpackage.ID(data)
		if err != nil {
			return fmt.Errorf("%s: %w", *idOf, err)
		}
		fmt.Fprintln(stdout, id)
		return nil
	}
	if *label == "" || *out == "" {
		return errors.New("-label and -o are required")
	}
	var pkg []byte
	var err error
	switch *lang {
	case "golang":
		pkg, _, err = ccpackage.Golang(*dir, *label)
	case "ccaas":
		conn := ccpackage.Connection{Address: *addr, DialTimeout: *dial, TLSRequired: *useTLS}
		if *useTLS {
			if *rootCert == "" {
				return errors.New("-root-cert is required with TLS (or -tls=false for plaintext)")
			}
			pem, err := os.ReadFile(*rootCert)
			if err != nil {
				return err
			}
			conn.RootCert = string(pem)
			conn.ClientAuthRequired = mtls
			if *mtls && *templates {
				conn.ClientKey, conn.ClientCert = "{{.client_key}}", "{{.client_cert}}"
			}
		}
		pkg, err = ccpackage.CCaaS(*label, conn)
	default:
		return fmt.Errorf("unknown -lang %q (golang or ccaas)", *lang)
	}
	if err != nil {
		return err
	}
	id, err := ccpackage.ID(pkg)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(*out), ".ccpackage-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(pkg); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), *out); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	fmt.Fprintln(stdout, id)
	return nil
}
