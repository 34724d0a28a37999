// SPDX-License-Identifier: Apache-2.0

// Command roguecc is a test chaincode for the real network
// (test-network/e2e/rogue.sh): the package that a rogue organisation
// installs under bbs's chaincode name and definition, as Fabric lets each
// organisation approve a package of its own. It serves every transaction
// of bbs by handing it to the real contract (so the organisation's peer
// endorses honest transactions as bbs would, and answers reads as bbs
// would), and adds transactions that write bbs's namespace around the
// contract:
//
//	RoguePut KEY VALUE POLICY   writes VALUE (text, as is) at KEY and sets POLICY
//	RogueSetVP KEY POLICY       sets only the key-level policy of KEY
//	RogueDelete KEY             deletes KEY
//	RogueGet KEY                {key, exists, value, policy, vp}: the stored value and policy
//	RogueList OBJECTTYPE [ATTR...]  the keys under that composite-key prefix (at most 500)
//
// KEY is a JSON array [objectType, attribute...] (a composite key; an empty
// objectType and one attribute name a simple key). POLICY is "keep" (the
// key-level policy is left as it is), "none" (removed), "nobody" (a policy
// no organisation of the channel satisfies: NobodyMSP's peer), "and:MSP,MSP"
// or "or:MSP,MSP" (the peers of those MSPs, all or any one; "and:" of one
// MSP is what the contract writes for one organisation), or "vpof:KEY" (the
// policy another key carries, byte for byte).
//
// The chaincode name for the contract's owner-only rule comes from
// BBS_CHAINCODE_NAME (the network's builder sets it from the package label,
// test-network/builders/bin/run), "bbs" when unset. It runs as
// internal/ccmain runs the other chaincodes of this module.
package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"sort"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/fabric-bbs/fabric-bbs/internal/ccmain"
	"github.com/hyperledger/fabric-chaincode-go/v2/pkg/statebased"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"github.com/hyperledger/fabric-protos-go-apiv2/msp"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/proto"
)

// rogue serves bbs's transactions through real and its own around it.
type rogue struct{ real shim.Chaincode }

func (r rogue) Init(stub shim.ChaincodeStubInterface) *peer.Response { return r.real.Init(stub) }

func (r rogue) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	fn, args := stub.GetFunctionAndParameters()
	var (
		out any
		err error
	)
	switch fn {
	case "RoguePut":
		err = nargs(fn, args, 3)
		if err == nil {
			err = put(stub, args[0], &args[1], args[2])
		}
	case "RogueSetVP":
		err = nargs(fn, args, 2)
		if err == nil {
			err = put(stub, args[0], nil, args[1])
		}
	case "RogueDelete":
		err = nargs(fn, args, 1)
		if err == nil {
			var key string
			if key, err = parseKey(stub, args[0]); err == nil {
				err = stub.DelState(key)
			}
		}
	case "RogueGet":
		err = nargs(fn, args, 1)
		if err == nil {
			out, err = get(stub, args[0])
		}
	case "RogueList":
		if len(args) < 1 {
			err = fmt.Errorf("RogueList: an object type, then attributes")
		} else {
			out, err = list(stub, args[0], args[1:])
		}
	default:
		return r.real.Invoke(stub)
	}
	if err != nil {
		return shim.Error("ROGUE: " + err.Error())
	}
	if out == nil {
		out = map[string]bool{"ok": true}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return shim.Error("ROGUE: " + err.Error())
	}
	return shim.Success(b)
}

func nargs(fn string, args []string, n int) error {
	if len(args) != n {
		return fmt.Errorf("%s: %d arguments, want %d", fn, len(args), n)
	}
	return nil
}

// parseKey turns a JSON array [objectType, attribute...] into the key.
func parseKey(stub shim.ChaincodeStubInterface, s string) (string, error) {
	var parts []string
	if err := json.Unmarshal([]byte(s), &parts); err != nil || len(parts) == 0 {
		return "", fmt.Errorf("key %q: want a JSON array [objectType, attribute...]", s)
	}
	if parts[0] == "" {
		if len(parts) != 2 {
			return "", fmt.Errorf("key %q: a simple key is [\"\", key]", s)
		}
		return parts[1], nil
	}
	return stub.CreateCompositeKey(parts[0], parts[1:])
}

// put writes value (if not nil) at the key and sets the policy spec.
func put(stub shim.ChaincodeStubInterface, keyArg string, value *string, spec string) error {
	key, err := parseKey(stub, keyArg)
	if err != nil {
		return err
	}
	if value != nil {
		if err := stub.PutState(key, []byte(*value)); err != nil {
			return err
		}
	}
	switch {
	case spec == "keep":
		return nil
	case spec == "none":
		return stub.SetStateValidationParameter(key, nil)
	case strings.HasPrefix(spec, "vpof:"):
		from, err := parseKey(stub, strings.TrimPrefix(spec, "vpof:"))
		if err != nil {
			return err
		}
		vp, err := stub.GetStateValidationParameter(from)
		if err != nil {
			return err
		}
		if len(vp) == 0 {
			return fmt.Errorf("vpof: %q carries no key-level policy", from)
		}
		return stub.SetStateValidationParameter(key, vp)
	}
	vp, err := policy(spec)
	if err != nil {
		return err
	}
	return stub.SetStateValidationParameter(key, vp)
}

// policy makes the key-level policy of spec: nobody, and:MSP,..., or:MSP,...
func policy(spec string) ([]byte, error) {
	if spec == "nobody" {
		spec = "and:NobodyMSP"
	}
	mode, list, ok := strings.Cut(spec, ":")
	msps := strings.Split(list, ",")
	if !ok || list == "" || (mode != "and" && mode != "or") {
		return nil, fmt.Errorf("policy %q: want keep, none, nobody, and:MSP,..., or:MSP,... or vpof:KEY", spec)
	}
	if mode == "and" {
		// the same bytes as the contract's policies (statebased, sorted)
		ep, err := statebased.NewStateEP(nil)
		if err != nil {
			return nil, err
		}
		if err := ep.AddOrgs(statebased.RoleTypePeer, msps...); err != nil {
			return nil, err
		}
		return ep.Policy()
	}
	sort.Strings(msps)
	env := &common.SignaturePolicyEnvelope{Version: 0}
	rules := make([]*common.SignaturePolicy, 0, len(msps))
	for i, m := range msps {
		role, err := proto.Marshal(&msp.MSPRole{MspIdentifier: m, Role: msp.MSPRole_PEER})
		if err != nil {
			return nil, err
		}
		env.Identities = append(env.Identities, &msp.MSPPrincipal{PrincipalClassification: msp.MSPPrincipal_ROLE, Principal: role})
		rules = append(rules, &common.SignaturePolicy{Type: &common.SignaturePolicy_SignedBy{SignedBy: int32(i)}})
	}
	env.Rule = &common.SignaturePolicy{Type: &common.SignaturePolicy_NOutOf_{NOutOf: &common.SignaturePolicy_NOutOf{N: 1, Rules: rules}}}
	return proto.Marshal(env)
}

// describe renders a key-level policy as "N of MSP.peer, ...", or "" for none.
func describe(vp []byte) string {
	if len(vp) == 0 {
		return ""
	}
	var env common.SignaturePolicyEnvelope
	if err := proto.Unmarshal(vp, &env); err != nil {
		return "undecodable"
	}
	var ids []string
	for _, p := range env.GetIdentities() {
		var r msp.MSPRole
		if err := proto.Unmarshal(p.GetPrincipal(), &r); err != nil {
			ids = append(ids, "?")
			continue
		}
		ids = append(ids, r.GetMspIdentifier()+"."+strings.ToLower(r.GetRole().String()))
	}
	n := env.GetRule().GetNOutOf()
	if n == nil {
		return "signed by " + strings.Join(ids, ", ")
	}
	return fmt.Sprintf("%d of %s", n.GetN(), strings.Join(ids, ", "))
}

type record struct {
	Key    []string `json:"key"`
	Exists bool     `json:"exists"`
	Value  string   `json:"value,omitempty"`
	Policy string   `json:"policy,omitempty"`
	VP     string   `json:"vp,omitempty"`
}

func read(stub shim.ChaincodeStubInterface, key string, parts []string) (record, error) {
	v, err := stub.GetState(key)
	if err != nil {
		return record{}, err
	}
	vp, err := stub.GetStateValidationParameter(key)
	if err != nil {
		return record{}, err
	}
	return record{Key: parts, Exists: v != nil, Value: string(v), Policy: describe(vp), VP: base64.StdEncoding.EncodeToString(vp)}, nil
}

func get(stub shim.ChaincodeStubInterface, keyArg string) (record, error) {
	key, err := parseKey(stub, keyArg)
	if err != nil {
		return record{}, err
	}
	var parts []string
	_ = json.Unmarshal([]byte(keyArg), &parts)
	return read(stub, key, parts)
}

func list(stub shim.ChaincodeStubInterface, objectType string, attrs []string) ([]record, error) {
	it, err := stub.GetStateByPartialCompositeKey(objectType, attrs)
	if err != nil {
		return nil, err
	}
	defer it.Close()
	out := []record{}
	for it.HasNext() && len(out) < 500 {
		kv, err := it.Next()
		if err != nil {
			return nil, err
		}
		ot, as, err := stub.SplitCompositeKey(kv.GetKey())
		if err != nil {
			return nil, err
		}
		r, err := read(stub, kv.GetKey(), append([]string{ot}, as...))
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

func main() {
	name := os.Getenv("BBS_CHAINCODE_NAME")
	if name == "" {
		name = contract.Name
	}
	newCC := func() (shim.Chaincode, error) {
		real, err := contract.NewChaincodeAs(name)
		if err != nil {
			return nil, err
		}
		return rogue{real: real}, nil
	}
	if err := ccmain.Run("fabric-bbs rogue chaincode "+contract.Version, newCC, os.Getenv, os.ReadFile); err != nil {
		log.Fatalf("roguecc: %v", err)
	}
}
