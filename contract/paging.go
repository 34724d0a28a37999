// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
)

var (
	policyList = base.ListKind{ObjectType: policyObjectType, One: "a policy", Many: "policies"}
)
