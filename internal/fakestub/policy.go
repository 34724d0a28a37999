// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"fmt"

	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"github.com/hyperledger/fabric-protos-go-apiv2/msp"
	"google.golang.org/protobuf/proto"
)

// satisfies reports whether an endorsement by one peer of each MSP in
// endorsers satisfies policy, a serialized common.SignaturePolicyEnvelope
// whose principals are MSP roles (as pkg/statebased and the peer CLI's
// policy language make them). A peer satisfies a PEER or MEMBER role of its
// MSP. Unlike Fabric, one endorsement may satisfy several principals: the
// policies the fake is used with name each MSP once.
func satisfies(policy []byte, endorsers []string) (bool, error) {
	var env common.SignaturePolicyEnvelope
	if err := proto.Unmarshal(policy, &env); err != nil {
		return false, fmt.Errorf("fakestub: decoding an endorsement policy: %w", err)
	}
	if env.Rule == nil {
		return false, fmt.Errorf("fakestub: endorsement policy without a rule")
	}
	principals := make([]bool, len(env.Identities))
	for i, p := range env.Identities {
		if p.PrincipalClassification != msp.MSPPrincipal_ROLE {
			return false, fmt.Errorf("fakestub: principal %d is not an MSP role", i)
		}
		var role msp.MSPRole
		if err := proto.Unmarshal(p.Principal, &role); err != nil {
			return false, fmt.Errorf("fakestub: principal %d: %w", i, err)
		}
		if role.Role != msp.MSPRole_PEER && role.Role != msp.MSPRole_MEMBER {
			continue
		}
		for _, e := range endorsers {
			if e == role.MspIdentifier {
				principals[i] = true
			}
		}
	}
	return evalRule(env.Rule, principals)
}

func evalRule(r *common.SignaturePolicy, principals []bool) (bool, error) {
	switch t := r.Type.(type) {
	case *common.SignaturePolicy_SignedBy:
		if int(t.SignedBy) < 0 || int(t.SignedBy) >= len(principals) {
			return false, fmt.Errorf("fakestub: rule names principal %d of %d", t.SignedBy, len(principals))
		}
		return principals[t.SignedBy], nil
	case *common.SignaturePolicy_NOutOf_:
		n := 0
		for _, sub := range t.NOutOf.Rules {
			ok, err := evalRule(sub, principals)
			if err != nil {
				return false, err
			}
			if ok {
				n++
			}
		}
		return n >= int(t.NOutOf.N), nil
	}
	return false, fmt.Errorf("fakestub: unknown signature policy rule %T", r.Type)
}

// MSPPolicy returns the serialized signature policy that n peers of the
// given MSPs must endorse: OutOf(n, 'msp1.peer', 'msp2.peer', ...).
// MSPPolicy(1, "Org1MSP", "Org2MSP") is the policy
// OR('Org1MSP.peer','Org2MSP.peer'), MSPPolicy(2, ...) is AND.
func MSPPolicy(n int, msps ...string) []byte {
	env := &common.SignaturePolicyEnvelope{
		Rule: &common.SignaturePolicy{Type: &common.SignaturePolicy_NOutOf_{NOutOf: &common.SignaturePolicy_NOutOf{N: int32(n)}}},
	}
	rules := &env.Rule.Type.(*common.SignaturePolicy_NOutOf_).NOutOf.Rules
	for i, m := range msps {
		role, err := proto.Marshal(&msp.MSPRole{MspIdentifier: m, Role: msp.MSPRole_PEER})
		if err != nil {
			panic(err)
		}
		env.Identities = append(env.Identities, &msp.MSPPrincipal{PrincipalClassification: msp.MSPPrincipal_ROLE, Principal: role})
		*rules = append(*rules, &common.SignaturePolicy{Type: &common.SignaturePolicy_SignedBy{SignedBy: int32(i)}})
	}
	b, err := proto.Marshal(env)
	if err != nil {
		panic(err)
	}
	return b
}
