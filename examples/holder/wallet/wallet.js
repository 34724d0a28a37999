// SPDX-License-Identifier: Apache-2.0

// A holder's wallet for fabric-bbs, the way a bbs-2023 wallet does it: the
// relying application sends a presentation request (a nonce, the claims it
// needs, the policy it will check), and the wallet answers with a derived
// credential, made by Digital Bazaar's @digitalbazaar/bbs-2023-cryptosuite,
// that discloses those claims only and carries the nonce as its presentation
// header; the answer is the request the contract's VerifyCredential and
// SubmitCredential take.
//
//   node wallet.js present --credential signed.json --request presentation-request.json \
//     [--context URL=FILE]... --out request.json
//
// presentation-request.json: {"nonce": B64, "reveal": [JSON pointers], "policy": {"id": ...}}
// (policy optional). Offline: the W3C contexts come from Digital Bazaar's context
// packages, the issuer's own from --context, did:key is resolved from the DID itself.
// Exit status 0: written; 1: the wallet refuses (its own check fails); 2: usage.
import * as bbs2023 from '@digitalbazaar/bbs-2023-cryptosuite';
import {contexts as credentialsContexts} from '@digitalbazaar/credentials-context';
import {DataIntegrityProof} from '@digitalbazaar/data-integrity';
import {contexts as dataIntegrityContexts} from '@digitalbazaar/data-integrity-context';
import {contexts as multikeyContexts} from '@digitalbazaar/multikey-context';
import jsigs from 'jsonld-signatures';
import {readFileSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const {purposes: {AssertionProofPurpose}} = jsigs;

// MIN_NONCE is the shortest nonce the contract accepts by default
// (docs/contract.md#limits): the wallet refuses a shorter one rather than
// make a presentation the ledger will refuse.
export const MIN_NONCE = 16;

export class UsageError extends Error {}

// parseArgs reads "present --credential F --request F [--context URL=FILE]... --out F".
export function parseArgs(argv) {
  const [command, ...rest] = argv;
  if(command !== 'present') {
    throw new UsageError('usage: node wallet.js present --credential F --request F [--context URL=FILE]... --out F');
  }
  const args = {context: []};
  for(let i = 0; i < rest.length; i += 2) {
    const k = rest[i].replace(/^--/, ''), v = rest[i + 1];
    if(!['credential', 'request', 'context', 'out'].includes(k)) {
      throw new UsageError(`unknown flag ${rest[i]}`);
    }
    if(v === undefined) {
      throw new UsageError(`--${k}: a value is needed`);
    }
    if(k === 'context') {
      if(!v.includes('=')) {
        throw new UsageError(`--context ${v}: URL=FILE`);
      }
      args.context.push(v);
    } else {
      args[k] = v;
    }
  }
  for(const k of ['credential', 'request', 'out']) {
    if(!args[k]) {
      throw new UsageError(`--${k} is required`);
    }
  }
  return args;
}

// parseRequest checks the relying application's presentation request.
export function parsePresentationRequest(text) {
  const r = JSON.parse(text);
  if(typeof r !== 'object' || r === null || Array.isArray(r)) {
    throw new Error('the presentation request is not a JSON object');
  }
  for(const k of Object.keys(r)) {
    if(!['nonce', 'reveal', 'policy'].includes(k)) {
      throw new Error(`the presentation request has an unknown field "${k}"`);
    }
  }
  if(typeof r.nonce !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(r.nonce)) {
    throw new Error('the presentation request\'s nonce is not base64');
  }
  const nonce = Buffer.from(r.nonce, 'base64');
  if(nonce.length < MIN_NONCE) {
    throw new Error(`the nonce is ${nonce.length} bytes, fewer than the ${MIN_NONCE} the ledger requires`);
  }
  if(!Array.isArray(r.reveal) || r.reveal.some(p => typeof p !== 'string' || !p.startsWith('/'))) {
    throw new Error('the presentation request\'s reveal is not a list of JSON pointers');
  }
  if(r.policy !== undefined && (typeof r.policy !== 'object' || typeof r.policy.id !== 'string')) {
    throw new Error('the presentation request\'s policy is not {"id": ...}');
  }
  return {nonce, reveal: r.reveal, policy: r.policy};
}

// DID_TERMS are the two terms of a DID document the proof purpose reads (the
// DID v1 context itself is not held offline).
const DID_TERMS = {
  verificationMethod: {'@id': 'https://w3id.org/security#verificationMethod', '@type': '@id'},
  assertionMethod: {'@id': 'https://w3id.org/security#assertionMethod', '@type': '@id', '@container': '@set'}
};

// documentLoader serves the W3C contexts from Digital Bazaar's packages, the
// issuer's contexts given with --context, and did:key documents.
export function documentLoader(extra) {
  const held = new Map([...credentialsContexts, ...dataIntegrityContexts, ...multikeyContexts]);
  for(const [url, doc] of extra) {
    held.set(url, doc);
  }
  return async url => {
    if(held.has(url)) {
      return {contextUrl: null, documentUrl: url, document: structuredClone(held.get(url))};
    }
    if(url.startsWith('did:key:')) {
      const [did] = url.split('#');
      const key = did.slice('did:key:'.length);
      const method = {
        '@context': 'https://w3id.org/security/multikey/v1',
        id: `${did}#${key}`, type: 'Multikey', controller: did, publicKeyMultibase: key
      };
      if(url.includes('#')) {
        return {contextUrl: null, documentUrl: url, document: method};
      }
      return {contextUrl: null, documentUrl: url, document: {
        '@context': ['https://w3id.org/security/multikey/v1', DID_TERMS],
        id: did, verificationMethod: [method], assertionMethod: [method.id]
      }};
    }
    throw new Error(`the wallet works offline and does not hold ${url}`);
  };
}

// present derives the credential for the request and checks it as a
// verifier would.
export async function present(signed, request, loader) {
  const suite = new DataIntegrityProof({cryptosuite: bbs2023.createDiscloseCryptosuite({
    selectivePointers: request.reveal, presentationHeader: new Uint8Array(request.nonce)
  })});
  const derived = await jsigs.derive(signed, {suite, purpose: new AssertionProofPurpose(), documentLoader: loader});
  const check = await jsigs.verify(derived, {
    suite: new DataIntegrityProof({cryptosuite: bbs2023.createVerifyCryptosuite()}),
    purpose: new AssertionProofPurpose(), documentLoader: loader
  });
  if(!check.verified) {
    throw new Error(`the derived credential does not verify: ${check.error?.message ?? 'unknown'}`);
  }
  const out = {credential: derived};
  if(request.policy) {
    out.policy = request.policy;
  }
  return out;
}

async function main(argv) {
  let args;
  try {
    args = parseArgs(argv);
  } catch(e) {
    console.error(`wallet: ${e.message}`);
    return 2;
  }
  try {
    const extra = args.context.map(c => {
      const at = c.indexOf('=');
      return [c.slice(0, at), JSON.parse(readFileSync(c.slice(at + 1)))];
    });
    const request = parsePresentationRequest(readFileSync(args.request, 'utf8'));
    const signed = JSON.parse(readFileSync(args.credential, 'utf8'));
    const answer = await present(signed, request, documentLoader(extra));
    writeFileSync(args.out, JSON.stringify(answer) + '\n');
    console.log(`wallet: disclosed ${request.reveal.join(', ') || 'nothing'} for nonce ${request.nonce.toString('base64')}: ${args.out}`);
    return 0;
  } catch(e) {
    console.error(`wallet: ${e.message}`);
    return 1;
  }
}

if(process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
