// SPDX-License-Identifier: Apache-2.0

package records

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// Modes of the endorsement configuration.
const (
	// ModeAnd: an owned record needs a peer of its owner's MSP and of every
	// configured organisation.
	ModeAnd = "and"
	// ModeOwner: an owned record needs a peer of its owner's MSP.
	ModeOwner = "owner"
)

// MaxConfigHistory is the most earlier configurations the stored
// configuration keeps, so the most changes a channel can make.
const MaxConfigHistory = 32

// ErrNotConfigured means the channel has no endorsement configuration yet.
var ErrNotConfigured = errors.New("not configured")

// Config is one endorsement configuration: its mode, its organisations
// (MSP IDs, ascending, without repeats) and the transaction that set it.
type Config struct {
	Mode string   `json:"mode"`
	Orgs []string `json:"orgs"`
	TxID string   `json:"txId"`
}

// StoredConfig is the stored endorsement configuration, under the key of
// kind Endorsement without attributes: the current configuration, the
// number of changes applied (Generation, 0 for the first one) and the
// earlier configurations, oldest first (at most MaxConfigHistory).
type StoredConfig struct {
	Mode       string    `json:"mode"`
	Orgs       []string  `json:"orgs"`
	UpdatedAt  time.Time `json:"updatedAt"`
	TxID       string    `json:"txId"`
	Generation int       `json:"generation,omitempty"`
	History    []Config  `json:"history,omitempty"`
	// Slots names, for each organisation of Orgs, the approval slot of
	// kind EndorsementApproval it approves changes in: the transaction ID
	// that created the slot, its key's second attribute. A configuration
	// stored by 0.2.0 has none (nil) until its first change is approved.
	Slots map[string]string `json:"slots,omitempty"`
}

// Current returns the current configuration of s.
func (s *StoredConfig) Current() Config { return Config{Mode: s.Mode, Orgs: s.Orgs, TxID: s.TxID} }

// ConfigKey returns the key of the stored endorsement configuration.
func ConfigKey(stub shim.ChaincodeStubInterface) (string, error) { return Endorsement.Key(stub) }

// ReadConfig reads the stored endorsement configuration; an error wrapping
// ErrNotConfigured if there is none, ErrUntrusted if its key-level policy
// is not PeersPolicy of its own organisations (it was written around the
// contract).
func ReadConfig(stub shim.ChaincodeStubInterface) (*StoredConfig, error) {
	if c := cacheOf(stub); c != nil && c.config != nil {
		return c.config, nil
	}
	key, err := ConfigKey(stub)
	if err != nil {
		return nil, err
	}
	b, err := stub.GetState(key)
	if err != nil {
		return nil, fmt.Errorf("reading the endorsement configuration: %w", err)
	}
	if b == nil {
		return nil, fmt.Errorf("%w: the channel has no endorsement configuration: its organisations must first run SetEndorsementConfig", ErrNotConfigured)
	}
	var sc StoredConfig
	if err := json.Unmarshal(b, &sc); err != nil {
		return nil, fmt.Errorf("decoding the endorsement configuration: %w", err)
	}
	if len(sc.Orgs) == 0 || (sc.Mode != ModeAnd && sc.Mode != ModeOwner) {
		return nil, fmt.Errorf("%w: the stored endorsement configuration names mode %q and %d organisations", ErrUntrusted, sc.Mode, len(sc.Orgs))
	}
	want, err := PeersPolicy(sc.Orgs...)
	if err != nil {
		return nil, err
	}
	if err := CheckPolicy(stub, key, want, fmt.Sprintf("a peer of each of its organisations %v", sc.Orgs)); err != nil {
		return nil, fmt.Errorf("the endorsement configuration: %w", err)
	}
	if c := cacheOf(stub); c != nil {
		c.config = &sc
	}
	return &sc, nil
}

// Configs returns the channel's endorsement configurations: the current one
// first, then the earlier ones, newest first.
func Configs(stub shim.ChaincodeStubInterface) ([]Config, error) {
	sc, err := ReadConfig(stub)
	if err != nil {
		return nil, err
	}
	out := []Config{sc.Current()}
	for i := len(sc.History) - 1; i >= 0; i-- {
		out = append(out, sc.History[i])
	}
	return out, nil
}

// OwnerPolicy is the key-level policy of a record owned by MSP owner under
// configuration c: in mode "and" a peer of owner and of every configured
// organisation, in mode "owner" a peer of owner.
func OwnerPolicy(owner string, c Config) ([]byte, error) {
	orgs := []string{owner}
	if c.Mode == ModeAnd {
		orgs = append(orgs, c.Orgs...)
	}
	return PeersPolicy(orgs...)
}

// OwnerPolicies returns every key-level policy a believed record owned by
// MSP owner may carry: OwnerPolicy(owner, c) for the current configuration
// and each earlier one (a record keeps the policy of its last write until
// its next one). Each contains a peer of owner: no organisation other than
// the owner's can have written a record that carries one.
func OwnerPolicies(stub shim.ChaincodeStubInterface, owner string) ([][]byte, error) {
	c := cacheOf(stub)
	if c != nil {
		if p, ok := c.owners[owner]; ok {
			return p, nil
		}
	}
	cfgs, err := Configs(stub)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, cfg := range cfgs {
		p, err := OwnerPolicy(owner, cfg)
		if err != nil {
			return nil, err
		}
		dup := false
		for _, q := range out {
			if bytes.Equal(p, q) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, p)
		}
	}
	if c != nil {
		if c.owners == nil {
			c.owners = map[string][][]byte{}
		}
		c.owners[owner] = out
	}
	return out, nil
}

// Cache keeps, within one transaction, the stored configuration and the
// owners' policies computed from it. The world state a transaction reads
// does not change during it.
type Cache struct {
	config *StoredConfig
	owners map[string][][]byte
}

// CacheHolder is a stub that carries a transaction's Cache.
type CacheHolder interface {
	RecordCache() *Cache
}

// Forget drops what the cache holds (after the transaction changed the
// configuration it read).
func (c *Cache) Forget() {
	if c != nil {
		c.config, c.owners = nil, nil
	}
}

func cacheOf(stub shim.ChaincodeStubInterface) *Cache {
	if h, ok := stub.(CacheHolder); ok {
		return h.RecordCache()
	}
	return nil
}
