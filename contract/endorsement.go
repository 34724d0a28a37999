// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

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

// MaxEndorsementOrgs is the most organisations an endorsement
// configuration may name; MaxMSPIDLength the longest MSP ID.
const (
	MaxEndorsementOrgs = 32
	MaxMSPIDLength     = 128
)

// endorsementObjectType is the object type of the channel's endorsement
// configuration, a composite key without attributes.
const endorsementObjectType = "bbs.endorsement"

// ErrNotConfigured means the channel has no endorsement configuration
// yet: SetEndorsementConfig must run before any issuer or policy is
// created.
var ErrNotConfigured = records.ErrNotConfigured

// EndorsementConfig is the channel's endorsement configuration: the
// key-level endorsement policy that the contract puts on every record an
// owner creates, and who may change the configuration.
type EndorsementConfig struct {
	// Mode is EndorsementModeAnd or EndorsementModeOwner.
	Mode string `json:"mode"`
	// Orgs are MSP IDs, ascending, without repeats: in mode "and" a peer
	// of each must endorse every change of an owned record, with a peer
	// of the owner's MSP; in either mode a peer of each must endorse a
	// change of the configuration itself. They should be the
	// organisations the chaincode's endorsement policy requires.
	Orgs []string `json:"orgs"`
	// UpdatedAt is the timestamp of the transaction that set it.
	UpdatedAt time.Time `json:"updatedAt"`
	// TxID is the transaction that set it.
	TxID string `json:"txId"`
}

// SetEndorsementConfig sets the channel's endorsement configuration from
// config, a JSON object {"mode": "and" | "owner", "orgs": [MSP ID, ...]}.
// It must run, directly (not through another chaincode), before any
// issuer or policy is created. The first configuration is endorsed under
// the chaincode's endorsement policy; the record then carries the
// key-level policy AND(a peer of each of its orgs), so that a later change
// needs all of them. The submitter must be of one of the organisations
// named, and of one of the current configuration's. Records keep the
// policy they were created or last changed with until their next change.
func (c *Contract) SetEndorsementConfig(ctx contractapi.TransactionContextInterface, config string) (_ *EndorsementConfig, err error) {
	defer coded(&err)
	cfg, err := parseEndorsementConfig(config)
	if err != nil {
		return nil, err
	}
	if err := requireDirect(ctx, "the endorsement configuration", nil); err != nil {
		return nil, err
	}
	sub, err := submitterOf(ctx)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	current, err := getEndorsementConfig(stub)
	if err != nil && !errors.Is(err, ErrNotConfigured) {
		return nil, err
	}
	if current != nil && !slices.Contains(current.Orgs, sub.mspID) {
		return nil, fmt.Errorf("%w: the endorsement configuration names %v; the submitter is of MSP %s", ErrAccessDenied, current.Orgs, sub.mspID)
	}
	if !slices.Contains(cfg.Orgs, sub.mspID) {
		return nil, fmt.Errorf("%w: the new endorsement configuration must name the submitter's MSP %s", ErrAccessDenied, sub.mspID)
	}
	if cfg.UpdatedAt, err = txTime(stub); err != nil {
		return nil, err
	}
	cfg.TxID = stub.GetTxID()
	stored := &records.StoredConfig{Mode: cfg.Mode, Orgs: cfg.Orgs, UpdatedAt: cfg.UpdatedAt, TxID: cfg.TxID}
	if current != nil {
		old, err := records.ReadConfig(stub)
		if err != nil {
			return nil, err
		}
		if len(old.History) >= records.MaxConfigHistory {
			return nil, fmt.Errorf("%w: the endorsement configuration was changed %d times, the most the contract keeps the history of", ErrInvalidArgument, records.MaxConfigHistory)
		}
		stored.Generation = old.Generation + 1
		stored.History = append(slices.Clone(old.History), old.Current())
	}
	key, err := records.ConfigKey(stub)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(stored)
	if err != nil {
		return nil, fmt.Errorf("the endorsement configuration: encoding it: %w", err)
	}
	policy, err := peersPolicy(cfg.Orgs...)
	if err != nil {
		return nil, err
	}
	if err := records.Endorsement.PutPolicy(stub, key, b, policy); err != nil {
		return nil, fmt.Errorf("the endorsement configuration: %w", err)
	}
	return cfg, nil
}

// GetEndorsementConfig returns the channel's endorsement configuration
// (ErrNotConfigured if there is none).
func (c *Contract) GetEndorsementConfig(ctx contractapi.TransactionContextInterface) (_ *EndorsementConfig, err error) {
	defer coded(&err)
	return getEndorsementConfig(ctx.GetStub())
}

// getEndorsementConfig reads the configuration through the record layer;
// ErrNotConfigured if absent, ErrUntrusted if it does not carry the
// key-level policy of its organisations.
func getEndorsementConfig(stub shim.ChaincodeStubInterface) (*EndorsementConfig, error) {
	sc, err := records.ReadConfig(stub)
	if err != nil {
		return nil, err
	}
	return &EndorsementConfig{Mode: sc.Mode, Orgs: sc.Orgs, UpdatedAt: sc.UpdatedAt, TxID: sc.TxID}, nil
}

// parseEndorsementConfig parses SetEndorsementConfig's argument strictly:
// one JSON object with exactly the fields mode and orgs, none twice, no
// trailing data; a known mode; 1 to MaxEndorsementOrgs MSP IDs, ascending
// without repeats, each 1 to MaxMSPIDLength printable ASCII bytes.
func parseEndorsementConfig(text string) (*EndorsementConfig, error) {
	const want = `{"mode": "and" | "owner", "orgs": ["Org1MSP", ...]}`
	if len(text) > MaxSettingsSize {
		return nil, fmt.Errorf("%w: endorsement configuration is %d bytes, over the limit of %d", ErrInvalidArgument, len(text), MaxSettingsSize)
	}
	body := []byte(text)
	var raw struct {
		Mode *string  `json:"mode"`
		Orgs []string `json:"orgs"`
	}
	if err := request.CheckStrictKeys(body, &raw); err != nil {
		return nil, fmt.Errorf("%w: endorsement configuration: %v", ErrInvalidArgument, err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil || raw.Mode == nil || raw.Orgs == nil {
		return nil, fmt.Errorf("%w: endorsement configuration: malformed (want %s)", ErrInvalidArgument, want)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: endorsement configuration: data after the object", ErrInvalidArgument)
	}
	if *raw.Mode != EndorsementModeAnd && *raw.Mode != EndorsementModeOwner {
		return nil, fmt.Errorf("%w: endorsement configuration: mode %s is not %q or %q", ErrInvalidArgument, request.Excerpt(*raw.Mode), EndorsementModeAnd, EndorsementModeOwner)
	}
	if len(raw.Orgs) < 1 || len(raw.Orgs) > MaxEndorsementOrgs {
		return nil, fmt.Errorf("%w: endorsement configuration: %d orgs, want 1 to %d", ErrInvalidArgument, len(raw.Orgs), MaxEndorsementOrgs)
	}
	for i, o := range raw.Orgs {
		if !validMSPID(o) {
			return nil, fmt.Errorf("%w: endorsement configuration: orgs[%d] %s is not an MSP ID (1 to %d printable ASCII characters)", ErrInvalidArgument, i, request.Excerpt(o), MaxMSPIDLength)
		}
		if i > 0 && o <= raw.Orgs[i-1] {
			return nil, fmt.Errorf("%w: endorsement configuration: orgs must be ascending without repeats (%s follows %s)", ErrInvalidArgument, request.Excerpt(o), request.Excerpt(raw.Orgs[i-1]))
		}
	}
	return &EndorsementConfig{Mode: *raw.Mode, Orgs: raw.Orgs}, nil
}

// validMSPID reports whether id is 1 to MaxMSPIDLength printable ASCII
// characters other than space.
func validMSPID(id string) bool {
	if id == "" || len(id) > MaxMSPIDLength {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] <= ' ' || id[i] > '~' {
			return false
		}
	}
	return true
}

// peersPolicy is the signature policy that a peer of each MSP must
// endorse (statebased: AND of the MSPs' peer roles, sorted, each once).
func peersPolicy(mspIDs ...string) ([]byte, error) { return records.PeersPolicy(mspIDs...) }

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
