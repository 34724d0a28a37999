// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// TestStrictParsersRefuseCaseVariants: every strict document of the
// contract refuses two keys equal under case folding, at the top and
// nested, and a field name in another case, with the keys in the error
// (encoding/json would take the last, or fill the field from the
// miscased key).
func TestStrictParsersRefuseCaseVariants(t *testing.T) {
	endorsement := func(s string) error { _, err := endorsement.ParseConfig(s); return err }
	settings := func(s string) error { _, err := issuers.ParseSettings(s); return err }
	change := func(s string) error { _, _, err := revstate.ParseStatusChange(s); return err }
	reg := func(s string) error { _, err := registration.ParseRegistration(s); return err }
	rot := func(s string) error { _, err := registration.ParseRotation(s); return err }
	req := func(s string) error { _, err := request.Parse([]byte(s)); return err }
	pol := func(s string) error { _, err := policy.Parse([]byte(s)); return err }
	const regDoc = `"scheme":"bbs","publicKey":"AA==","proofOfPossession":"AA=="`
	for _, tt := range []struct {
		name  string
		parse func(string) error
		doc   string
		want  string
	}{
		{"endorsement MODE/mode", endorsement, `{"mode":"and","MODE":"owner","orgs":["Org1MSP"]}`, `duplicate field "MODE": the same name as "mode"`},
		{"endorsement Mode alone", endorsement, `{"Mode":"and","orgs":["Org1MSP"]}`, `unknown field "Mode" (field names are case-sensitive: "mode")`},
		{"endorsement orgs/ORGS", endorsement, `{"mode":"and","orgs":["Org1MSP"],"ORGS":["Org2MSP"]}`, `duplicate field "ORGS"`},
		{"settings", settings, `{"requireBoundNonce":true,"REQUIREBOUNDNONCE":false}`, `duplicate field "REQUIREBOUNDNONCE"`},
		{"status change", change, `{"set":[1],"SET":[2]}`, `duplicate field "SET"`},
		{"status change Set", change, `{"Set":[1]}`, `unknown field "Set"`},
		{"registration ID/id", reg, `{"id":"a","ID":"b",` + regDoc + `}`, `duplicate field "ID": the same name as "id"`},
		{"registration Id alone", reg, `{"Id":"a",` + regDoc + `}`, `unknown field "Id" (field names are case-sensitive: "id")`},
		{"registration nested settings", reg, `{"id":"a",` + regDoc + `,"settings":{"messageCounts":[1],"MessageCounts":[2]}}`, `duplicate field "MessageCounts"`},
		{"rotation", rot, `{"id":"a","keyVersion":2,"KEYVERSION":3,"publicKey":"AA==","proofOfPossession":"AA=="}`, `duplicate field "KEYVERSION"`},
		{"request", req, `{"issuer":"a","ISSUER":"b","proof":"AA==","nonce":""}`, `duplicate field "ISSUER"`},
		{"request nested", req, `{"issuer":"a","proof":"AA==","nonce":"","disclosed":[{"index":0,"INDEX":1,"message":""}]}`, `duplicate field "INDEX"`},
		{"policy", pol, `{"id":"p","ID":"q","issuers":[{"id":"a"}]}`, `duplicate key "ID": the same name as "id"`},
		{"policy nested", pol, `{"id":"p","issuers":[{"id":"a","Id":"b"}]}`, `duplicate key "Id"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse(tt.doc)
			require.Error(t, err)
			require.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestSetEndorsementConfigCaseVariant: the transaction refuses
// {"mode":"and","MODE":"owner"} with an invalid-argument code, and the
// configuration stays as it was.
func TestSetEndorsementConfigCaseVariant(t *testing.T) {
	e := newEnv(t)
	before := e.ledger.Keys()
	r := e.ledger.SubmitAs(e.cc, []string{"Org1MSP", "Org2MSP"}, e.admin1.Creator, Name+":SetEndorsementConfig",
		`{"mode":"and","orgs":["Org1MSP","Org2MSP"],"MODE":"owner"}`)
	requireFailure(t, r, "BBS_INVALID_ARGUMENT", `duplicate field "MODE"`)
	require.Equal(t, before, e.ledger.Keys())
	cfg := decode[endorsement.EndorsementConfig](t, e.evaluate(e.bob, "GetEndorsementConfig"))
	require.Equal(t, endorsement.EndorsementModeOwner, cfg.Mode)
}
