// SPDX-License-Identifier: Apache-2.0

// Package base is the floor of the bbs contract's rooms: what every room
// of package contract shares and nothing else.
//
//   - the contract's error sentinels (ErrNotFound, ErrUntrusted, ...) and
//     their stable codes of package contract/codes (ErrorCode, WithCode,
//     Coded, CodeResponse; errcodes.go);
//   - world-state helpers: composite keys, JSON records read and written
//     (GetRecord, PutRecord), the transaction time, events (state.go);
//   - HeldStub, the transaction's stub that holds every write until the
//     transaction has succeeded (txstub.go);
//   - ListPage, paging through records of one kind by ID, bounded in count
//     and in bytes (paging.go);
//   - the submitter (SubmitterOf, Owner, the owner-or-admin and direct-call
//     checks; identity.go), the transaction context that keeps the request's
//     parse (TxContext; txcontext.go) and argument decoding (args.go).
//
// It imports only contract/records and contract/codes of the contract's
// packages; every room imports it. See package contract for the rooms and
// their layering.
package base
