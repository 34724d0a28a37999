// SPDX-License-Identifier: Apache-2.0

package ledger

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"sort"
)

// State is a namespace's world state: key -> value.
type State map[string][]byte

// Replay rebuilds the world state from transactions in commit order: the
// writes of each valid transaction are applied in order (a deletion
// removes the key), invalid ones are skipped, as the peer's committer does.
func Replay(txs []Tx) State {
	st := State{}
	for _, tx := range txs {
		if !tx.Valid() {
			continue
		}
		for _, w := range tx.Writes {
			if w.Delete {
				delete(st, w.Key)
			} else {
				st[w.Key] = w.Value
			}
		}
	}
	return st
}

// Hash is the hex SHA-256 over every key and value of the state in key
// order, each length-prefixed (8-byte big-endian), so that two states hash
// alike exactly when they hold the same keys with the same values.
func (s State) Hash() string {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	h := sha256.New()
	var n [8]byte
	for _, k := range keys {
		binary.BigEndian.PutUint64(n[:], uint64(len(k)))
		h.Write(n[:])
		h.Write([]byte(k))
		binary.BigEndian.PutUint64(n[:], uint64(len(s[k])))
		h.Write(n[:])
		h.Write(s[k])
	}
	return hex.EncodeToString(h.Sum(nil))
}
