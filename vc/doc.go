// SPDX-License-Identifier: Apache-2.0

// Package vc implements the W3C Data Integrity BBS cryptosuite bbs-2023
// (vc-di-bbs, baseline feature) over package bbs's IETF
// BLS12-381-SHA-256 scheme: verifying derived credentials, and (issue.go,
// derive.go) creating base proofs and deriving from them.
//
// A credential is a JSON-LD document. Its statements are the canonical
// N-Quads (RDFC-1.0) of the document, each a BBS message; the BBS header
// is SHA-256 of the canonical proof configuration followed by SHA-256 of
// the mandatory statements. Everything a verifier does is deterministic:
// no clock, no randomness, no network, no map order in any output or
// error text.
//
// JSON-LD contexts come only from a [Loader]: the core contexts built in
// and pinned by SHA-256, and the contexts its owner adds. Documents are
// processed in safe mode (see [ErrDocument]) and within [Limits].
//
// The package imports bbs and no Fabric package.
package vc
