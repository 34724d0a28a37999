// SPDX-License-Identifier: Apache-2.0

// Package contexts is the room of JSON-LD contexts: the application
// contexts an issuer registers for its credentials (RegisterContext,
// GetContext; content-addressed, immutable, each named in the issuer's
// directory), the built-in W3C contexts (CoreLoader), and the document
// loader a credential of an issuer is expanded with (LoaderFor), which
// never loads another issuer's context.
//
// It imports base, issuers and records.
package contexts
