// SPDX-License-Identifier: Apache-2.0

package engine

import "context"

// Client sends transactions as one identity through one peer. Propose is
// local (build and sign); the other stages talk to the network and may be
// repeated: a retry calls the same stage again on the same value.
type Client interface {
	// Name identifies the client in records ("Org1MSP/User1@127.0.0.1:7051").
	Name() string
	// Propose builds and signs the proposal of tx.
	Propose(tx Tx) (Proposal, error)
}

// Proposal is a signed transaction proposal.
type Proposal interface {
	TxID() string
	// Endorse asks the gateway to endorse; the result is the chaincode's
	// return value.
	Endorse(ctx context.Context) (Endorsed, error)
}

// Endorsed is an endorsed, signed transaction.
type Endorsed interface {
	Result() []byte
	// Submit sends it to the orderer through the gateway.
	Submit(ctx context.Context) (Pending, error)
}

// Pending is a submitted transaction awaiting its commit status.
type Pending interface {
	// Status waits for the transaction's block and returns its validation
	// code ("VALID", "MVCC_READ_CONFLICT", ...) and block number.
	Status(ctx context.Context) (code string, block uint64, err error)
}
