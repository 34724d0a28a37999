// SPDX-License-Identifier: Apache-2.0

package endorsement

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// Modes of the endorsement configuration: who must endorse a change of an
// owned record (an issuer, its public-key index entries, a policy).
const (
	// EndorsementModeAnd requires a peer of the owner's MSP and a peer of
	// every organisation the configuration names.
	EndorsementModeAnd = "and"
	// EndorsementModeOwner requires a peer of the owner's MSP only: the
	// owner's organisation alone can then rewrite its records, whatever
	// the chaincode's endorsement policy.
	EndorsementModeOwner = "owner"
)

// EndorsementObjectType is the object type of the channel's endorsement
// configuration, a composite key without attributes.
const EndorsementObjectType = "bbs.endorsement"

// MaxEndorsementHistory is the most earlier endorsement configurations
// the stored configuration keeps (each distinct mode and organisations
// once): records written under any of them stay believed. A change that
// would need one more is refused.
const MaxEndorsementHistory = records.MaxConfigHistory

// EndorsementConfig is the channel's endorsement configuration: the
// key-level endorsement policy that the contract puts on every record an
// owner creates, and who may change the configuration.
type EndorsementConfig struct {
	// Mode is EndorsementModeAnd or EndorsementModeOwner.
	Mode string `json:"mode"`
	// Orgs are MSP IDs, ascending, without repeats: in mode "and" a peer
	// of each must endorse every change of an owned record, with a peer
	// of the owner's MSP; in either mode an admin of each must approve a
	// change of the configuration itself, and a peer of each must endorse
	// the transaction that applies it. They should be the organisations
	// the chaincode's endorsement policy requires.
	Orgs []string `json:"orgs"`
	// UpdatedAt is the timestamp of the transaction that set it.
	UpdatedAt time.Time `json:"updatedAt"`
	// TxID is the transaction that set it.
	TxID string `json:"txId"`
}

// EndorsementApprovals is GetEndorsementApprovals' answer: the current
// configuration, its generation (the number of changes applied) and, for
// each of its organisations, in its order, what its approval slot holds.
type EndorsementApprovals struct {
	Config     EndorsementConfig `json:"config"`
	Generation int               `json:"generation"`
	// Approvals has one entry per organisation of Config; empty for a
	// configuration stored by 0.2.0 that no admin has approved a change
	// of yet (it has no slots).
	Approvals []EndorsementApproval `json:"approvals"`
}

// EndorsementApproval is one organisation's approval slot: the last
// change of the configuration an admin of the organisation approved.
type EndorsementApproval struct {
	// MSPID is the organisation.
	MSPID string `json:"mspId"`
	// Generation is the generation of the configuration the approval was
	// made under; it counts only while it is the current generation.
	Generation int `json:"generation"`
	// ConfigSHA256 is the hex SHA-256 of the approved configuration in
	// its canonical form, {"mode":"...","orgs":["...",...]} (compact, in
	// that order); "" if the slot approves nothing yet.
	ConfigSHA256 string `json:"configSha256"`
	// TxID is the transaction that wrote the slot.
	TxID string `json:"txId"`
	// Submitter is the identity (its certificate's subject and issuer
	// names) of the admin who approved; "" if the slot approves nothing.
	Submitter string `json:"submitter"`
	// Current reports whether the approval is of the current generation
	// (so counts towards the change it names).
	Current bool `json:"current"`
}

// approvalSlot is the stored value of an approval slot (kind
// records.EndorsementApproval).
type approvalSlot struct {
	Generation   int    `json:"generation"`
	ConfigSHA256 string `json:"configSha256"`
	TxID         string `json:"txId"`
	Submitter    string `json:"submitter"`
}

// SetConfig is the SetEndorsementConfig transaction (see Contract.SetEndorsementConfig).
func SetConfig(ctx contractapi.TransactionContextInterface, config string) (_ *EndorsementConfig, err error) {
	defer base.Coded(&err)
	cfg, err := ParseConfig(config)
	if err != nil {
		return nil, err
	}
	if err := base.RequireDirect(ctx, "the endorsement configuration", nil); err != nil {
		return nil, err
	}
	sub, err := base.SubmitterOf(ctx)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	sc, err := records.ReadConfig(stub)
	if errors.Is(err, records.ErrNotConfigured) {
		return firstEndorsementConfig(stub, sub, cfg)
	}
	if err != nil {
		return nil, err
	}
	return approveEndorsementConfig(stub, sub, sc, cfg)
}

// firstEndorsementConfig stores cfg as the channel's first endorsement
// configuration, with an approval slot for each of its organisations.
func firstEndorsementConfig(stub shim.ChaincodeStubInterface, sub *base.Submitter, cfg *EndorsementConfig) (*EndorsementConfig, error) {
	if !slices.Contains(cfg.Orgs, sub.MSPID) {
		return nil, fmt.Errorf("%w: the new endorsement configuration must name the submitter's MSP %s", base.ErrAccessDenied, sub.MSPID)
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	txID := stub.GetTxID()
	sc := &records.StoredConfig{Mode: cfg.Mode, Orgs: cfg.Orgs, UpdatedAt: now, TxID: txID, Slots: map[string]string{}}
	for _, org := range cfg.Orgs {
		sc.Slots[org] = txID
		if err := putApprovalSlot(stub, org, txID, &approvalSlot{TxID: txID}); err != nil {
			return nil, err
		}
	}
	if err := putEndorsementConfig(stub, sc, sc.Orgs); err != nil {
		return nil, err
	}
	return configView(sc), nil
}

// approveEndorsementConfig records the approval by sub, an admin of an
// organisation of the stored configuration sc, of the change to cfg, and
// applies the change if every organisation of sc has approved it. A
// configuration stored by 0.2.0 gets its slots first, in the same
// transaction (which then rewrites the configuration, so needs a peer of
// each of its organisations).
func approveEndorsementConfig(stub shim.ChaincodeStubInterface, sub *base.Submitter, sc *records.StoredConfig, cfg *EndorsementConfig) (*EndorsementConfig, error) {
	if !slices.Contains(sc.Orgs, sub.MSPID) {
		return nil, fmt.Errorf("%w: the endorsement configuration names %v; the submitter is of MSP %s", base.ErrAccessDenied, sc.Orgs, sub.MSPID)
	}
	if !sub.OrgAdmin() {
		return nil, fmt.Errorf("%w: a change of the endorsement configuration needs an admin of each organisation it names (a certificate of NodeOU admin, or with attribute %s=true); the submitter is not an admin of MSP %s",
			base.ErrAccessDenied, base.AdminAttribute, sub.MSPID)
	}
	if sameConfig(sc.Current(), records.Config{Mode: cfg.Mode, Orgs: cfg.Orgs}) {
		return configView(sc), nil
	}
	history := nextConfigHistory(sc, cfg)
	if len(history) > MaxEndorsementHistory {
		return nil, fmt.Errorf("%w: the endorsement configuration keeps at most %d earlier configurations, so that records written under them stay believed, and this change would need %d: change to one of the earlier configurations instead",
			base.ErrInvalidArgument, MaxEndorsementHistory, len(history))
	}
	sum := ConfigDigest(cfg)
	txID := stub.GetTxID()
	legacy := sc.Slots == nil
	slots := map[string]string{}
	if legacy {
		// A configuration stored by 0.2.0: its slots are created now,
		// with the configuration rewritten, so that this transaction
		// needs a peer of each organisation it names.
		for _, org := range sc.Orgs {
			slots[org] = txID
		}
	} else {
		for _, org := range sc.Orgs {
			slot, ok := sc.Slots[org]
			if !ok {
				return nil, fmt.Errorf("%w: the endorsement configuration names no approval slot of its organisation %s", records.ErrUntrusted, org)
			}
			slots[org] = slot
		}
	}
	approved := true
	for _, org := range sc.Orgs {
		switch {
		case org == sub.MSPID:
			if err := putApprovalSlot(stub, org, slots[org], &approvalSlot{Generation: sc.Generation, ConfigSHA256: sum, TxID: txID, Submitter: sub.ID}); err != nil {
				return nil, err
			}
		case legacy:
			if err := putApprovalSlot(stub, org, slots[org], &approvalSlot{Generation: sc.Generation, TxID: txID}); err != nil {
				return nil, err
			}
			approved = false
		default:
			slot, err := getApprovalSlot(stub, org, slots[org])
			if err != nil {
				return nil, err
			}
			if slot == nil || slot.Generation != sc.Generation || slot.ConfigSHA256 != sum {
				approved = false
			}
		}
	}
	if !approved {
		if legacy {
			sc.Slots = slots
			if err := putEndorsementConfig(stub, sc, sc.Orgs); err != nil {
				return nil, err
			}
		}
		return configView(sc), nil
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	next := &records.StoredConfig{
		Mode: cfg.Mode, Orgs: cfg.Orgs, UpdatedAt: now, TxID: txID,
		Generation: sc.Generation + 1, History: history, Slots: map[string]string{},
	}
	for _, org := range cfg.Orgs {
		if slot, ok := slots[org]; ok {
			next.Slots[org] = slot
			continue
		}
		next.Slots[org] = txID
		if err := putApprovalSlot(stub, org, txID, &approvalSlot{Generation: next.Generation, TxID: txID}); err != nil {
			return nil, err
		}
	}
	if err := putEndorsementConfig(stub, next, next.Orgs); err != nil {
		return nil, err
	}
	return configView(next), nil
}

// GetConfig is the GetEndorsementConfig transaction (see Contract.GetEndorsementConfig).
func GetConfig(ctx contractapi.TransactionContextInterface) (_ *EndorsementConfig, err error) {
	defer base.Coded(&err)
	return getEndorsementConfig(ctx.GetStub())
}

// GetApprovals is the GetEndorsementApprovals transaction (see Contract.GetEndorsementApprovals).
func GetApprovals(ctx contractapi.TransactionContextInterface) (_ *EndorsementApprovals, err error) {
	defer base.Coded(&err)
	stub := ctx.GetStub()
	sc, err := records.ReadConfig(stub)
	if err != nil {
		return nil, err
	}
	out := &EndorsementApprovals{Config: *configView(sc), Generation: sc.Generation, Approvals: []EndorsementApproval{}}
	if sc.Slots == nil {
		return out, nil
	}
	for _, org := range sc.Orgs {
		a := EndorsementApproval{MSPID: org}
		slotID, ok := sc.Slots[org]
		if !ok {
			return nil, fmt.Errorf("%w: the endorsement configuration names no approval slot of its organisation %s", records.ErrUntrusted, org)
		}
		slot, err := getApprovalSlot(stub, org, slotID)
		if err != nil {
			return nil, err
		}
		if slot != nil {
			a.Generation, a.ConfigSHA256, a.TxID, a.Submitter = slot.Generation, slot.ConfigSHA256, slot.TxID, slot.Submitter
			a.Current = slot.ConfigSHA256 != "" && slot.Generation == sc.Generation
		}
		out.Approvals = append(out.Approvals, a)
	}
	return out, nil
}

// getEndorsementConfig reads the configuration; ErrNotConfigured if absent.
func getEndorsementConfig(stub shim.ChaincodeStubInterface) (*EndorsementConfig, error) {
	sc, err := records.ReadConfig(stub)
	if err != nil {
		return nil, err
	}
	return configView(sc), nil
}

// configView is the configuration as GetEndorsementConfig shows it.
func configView(sc *records.StoredConfig) *EndorsementConfig {
	return &EndorsementConfig{Mode: sc.Mode, Orgs: slices.Clone(sc.Orgs), UpdatedAt: sc.UpdatedAt, TxID: sc.TxID}
}

// putEndorsementConfig writes sc as the stored configuration, with the
// key-level policy of a peer of each of orgs, and drops what the
// transaction's record cache holds of the one it read.
func putEndorsementConfig(stub shim.ChaincodeStubInterface, sc *records.StoredConfig, orgs []string) error {
	key, err := records.ConfigKey(stub)
	if err != nil {
		return err
	}
	value, err := json.Marshal(sc)
	if err != nil {
		return fmt.Errorf("encoding the endorsement configuration: %w", err)
	}
	policy, err := records.PeersPolicy(orgs...)
	if err != nil {
		return err
	}
	if err := records.Endorsement.PutPolicy(stub, key, value, policy); err != nil {
		return fmt.Errorf("the endorsement configuration: %w", err)
	}
	if h, ok := stub.(records.CacheHolder); ok {
		h.RecordCache().Forget()
	}
	return nil
}

// ApprovalSlotKey is the key of organisation org's approval slot created
// by transaction slotID.
func ApprovalSlotKey(stub shim.ChaincodeStubInterface, org, slotID string) (string, error) {
	key, err := records.EndorsementApproval.Key(stub, org, slotID)
	if err != nil {
		return "", fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	return key, nil
}

// putApprovalSlot writes organisation org's approval slot slotID, under
// the key-level policy of a peer of org.
func putApprovalSlot(stub shim.ChaincodeStubInterface, org, slotID string, v *approvalSlot) error {
	key, err := ApprovalSlotKey(stub, org, slotID)
	if err != nil {
		return err
	}
	return records.PutJSON(records.EndorsementApproval, stub, key, org, v)
}

// getApprovalSlot reads organisation org's approval slot slotID: nil if
// absent, ErrUntrusted if it does not carry the key-level policy of a
// peer of org.
func getApprovalSlot(stub shim.ChaincodeStubInterface, org, slotID string) (*approvalSlot, error) {
	key, err := ApprovalSlotKey(stub, org, slotID)
	if err != nil {
		return nil, err
	}
	var slot approvalSlot
	found, err := records.GetJSON(records.EndorsementApproval, stub, key, org, &slot)
	if err != nil || !found {
		return nil, err
	}
	return &slot, nil
}

// ConfigDigest is the hex SHA-256 of cfg's canonical form,
// {"mode":"...","orgs":[...]}: what an approval approves.
func ConfigDigest(cfg *EndorsementConfig) string {
	b, _ := json.Marshal(struct {
		Mode string   `json:"mode"`
		Orgs []string `json:"orgs"`
	}{cfg.Mode, cfg.Orgs}) // strings only: cannot fail
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// sameConfig reports whether a and b have the same mode and
// organisations (the policies they give records).
func sameConfig(a, b records.Config) bool {
	return a.Mode == b.Mode && slices.Equal(a.Orgs, b.Orgs)
}

// nextConfigHistory is the history after the change of sc to cfg: sc's
// earlier configurations, oldest first, without those of cfg's mode and
// organisations and of sc's current ones, then sc's current one.
func nextConfigHistory(sc *records.StoredConfig, cfg *EndorsementConfig) []records.Config {
	current := sc.Current()
	next := records.Config{Mode: cfg.Mode, Orgs: cfg.Orgs}
	var out []records.Config
	for _, h := range sc.History {
		if !sameConfig(h, current) && !sameConfig(h, next) {
			out = append(out, h)
		}
	}
	return append(out, current)
}

// ParseConfig parses SetEndorsementConfig's argument strictly:
// one JSON object with exactly the fields mode and orgs, none twice, no
// trailing data; a known mode; 1 to MaxEndorsementOrgs MSP IDs, ascending
// without repeats, each 1 to MaxMSPIDLength printable ASCII bytes.
func ParseConfig(text string) (*EndorsementConfig, error) {
	const want = `{"mode": "and" | "owner", "orgs": ["Org1MSP", ...]}`
	if len(text) > base.MaxSettingsSize {
		return nil, fmt.Errorf("%w: endorsement configuration is %d bytes, over the limit of %d", base.ErrInvalidArgument, len(text), base.MaxSettingsSize)
	}
	body := []byte(text)
	var raw struct {
		Mode *string  `json:"mode"`
		Orgs []string `json:"orgs"`
	}
	if err := request.CheckStrictKeys(body, &raw); err != nil {
		return nil, fmt.Errorf("%w: endorsement configuration: %v", base.ErrInvalidArgument, err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil || raw.Mode == nil || raw.Orgs == nil {
		return nil, fmt.Errorf("%w: endorsement configuration: malformed (want %s)", base.ErrInvalidArgument, want)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: endorsement configuration: data after the object", base.ErrInvalidArgument)
	}
	if *raw.Mode != EndorsementModeAnd && *raw.Mode != EndorsementModeOwner {
		return nil, fmt.Errorf("%w: endorsement configuration: mode %s is not %q or %q", base.ErrInvalidArgument, request.Excerpt(*raw.Mode), EndorsementModeAnd, EndorsementModeOwner)
	}
	if len(raw.Orgs) < 1 || len(raw.Orgs) > base.MaxEndorsementOrgs {
		return nil, fmt.Errorf("%w: endorsement configuration: %d orgs, want 1 to %d", base.ErrInvalidArgument, len(raw.Orgs), base.MaxEndorsementOrgs)
	}
	for i, o := range raw.Orgs {
		if !ValidMSPID(o) {
			return nil, fmt.Errorf("%w: endorsement configuration: orgs[%d] %s is not an MSP ID (1 to %d printable ASCII characters)", base.ErrInvalidArgument, i, request.Excerpt(o), base.MaxMSPIDLength)
		}
		if i > 0 && o <= raw.Orgs[i-1] {
			return nil, fmt.Errorf("%w: endorsement configuration: orgs must be ascending without repeats (%s follows %s)", base.ErrInvalidArgument, request.Excerpt(o), request.Excerpt(raw.Orgs[i-1]))
		}
	}
	return &EndorsementConfig{Mode: *raw.Mode, Orgs: raw.Orgs}, nil
}

// ValidMSPID reports whether id is 1 to MaxMSPIDLength printable ASCII
// characters other than space.
func ValidMSPID(id string) bool {
	if id == "" || len(id) > base.MaxMSPIDLength {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] <= ' ' || id[i] > '~' {
			return false
		}
	}
	return true
}

// PeersPolicy is the signature policy that a peer of each MSP must
// endorse (records.PeersPolicy).
func PeersPolicy(mspIDs ...string) ([]byte, error) { return records.PeersPolicy(mspIDs...) }

// setOwnerEndorsement sets the key-level endorsement policy of key, a
// record owned by MSP mspID, as the channel's endorsement configuration
// says: in mode "and", a peer of the owner's MSP and of every organisation
// it names; in mode "owner", a peer of the owner's MSP. The committing
// peers then demand it of every later change of the record, whatever the
// chaincode's endorsement policy; the owner checks run in the endorsing
// peers' chaincode. Without a configuration it fails (ErrNotConfigured).
func setOwnerEndorsement(stub shim.ChaincodeStubInterface, key, mspID string) error {
	cfgs, err := records.Configs(stub)
	if err != nil {
		return err
	}
	policy, err := records.OwnerPolicy(mspID, cfgs[0])
	if err != nil {
		return err
	}
	if err := stub.SetStateValidationParameter(key, policy); err != nil {
		return fmt.Errorf("setting the key-level endorsement policy: %w", err)
	}
	return nil
}
