// SPDX-License-Identifier: Apache-2.0

// Package engine runs a bounded load of Fabric transactions and measures
// it: at most a given number in flight, a count and a time bound, retries
// with back-off of the answers that mean "not now" (the peer's "too many
// requests", an unavailable peer), never of a definitive answer, and a
// report of committed transactions per second, verified proofs per second,
// commit latency percentiles and outcomes by cause.
//
// It knows nothing of Fabric's types: a [Client] (the Fabric Gateway
// adapter of package gwclient, or a fake in tests) proposes, endorses, submits
// and reads the commit status of a transaction, stage by stage. A retry
// repeats only the stage that failed, with the same signed proposal or
// transaction, so it never makes a second transaction ID: a resubmitted
// transaction that did commit is rejected by the network as a duplicate.
//
// The network throughput tool (bbs-load) drives one mode at a
// time through [Run]; a soak tool can do the same and read the per
// transaction [Record]s (transaction IDs, outcomes) for its accounting.
package engine
