// SPDX-License-Identifier: Apache-2.0

// A bbs-2023 credential issued and derived by Digital Bazaar's library
// (@digitalbazaar/bbs-2023-cryptosuite, versions pinned in package-lock.json),
// for the network test test-network/e2e/credentials-db.sh. Offline: JSON-LD
// contexts come from ../../vc/contexts and --context URL=FILE, did:key is
// resolved locally.
//
//   node db-credential.js --seed HEX --unsigned FILE --mandatory P1,P2 --reveal P1,P2 \
//     --context URL=FILE --nonce B64 [--nonce B64]... --out-dir DIR
//
// The issuer key is Digital Bazaar's generateBbsKeyPair (BBS-BLS12-381-SHA-256)
// from the 32-byte --seed; its raw key pair is exported as a bbs key file
// (DIR/db-key.json: scheme, publicKey, secretKey in base64) for bbs
// register-request's proof of possession, its did:key to DIR/db-did.txt. The
// credential's issuer is set to that did:key; DIR/db-signed.json is the base
// credential, DIR/db-derived-N.json (N = 1, 2, ...) a derived credential for
// the N-th --nonce (the presentation header), each checked with their verifier.
import * as bbs2023 from '@digitalbazaar/bbs-2023-cryptosuite';
import * as Bls12381Multikey from '@digitalbazaar/bls12-381-multikey';
import {DataIntegrityProof} from '@digitalbazaar/data-integrity';
import jsigs from 'jsonld-signatures';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';

const {purposes: {AssertionProofPurpose}} = jsigs;

const args = {nonce: [], context: []};
for(let i = 2; i < process.argv.length; i += 2) {
  const k = process.argv[i].replace(/^--/, ''), v = process.argv[i + 1];
  if(v === undefined) {
    throw new Error(`--${k}: a value is needed`);
  }
  if(Array.isArray(args[k])) {
    args[k].push(v);
  } else {
    args[k] = v;
  }
}
for(const k of ['seed', 'unsigned', 'out-dir']) {
  if(!args[k]) {
    console.error(`usage: node db-credential.js --seed HEX --unsigned FILE --mandatory P,.. --reveal P,.. --context URL=FILE --nonce B64 --out-dir DIR (--${k} missing)`);
    process.exit(2);
  }
}
const list = s => (s ? s.split(',').filter(p => p !== '') : []);

const ctxDir = new URL('../../vc/contexts/', import.meta.url);
const index = JSON.parse(readFileSync(new URL('index.json', ctxDir)));
const contexts = {};
for(const [url, {file}] of Object.entries(index)) {
  contexts[url] = JSON.parse(readFileSync(new URL(file, ctxDir)));
}
for(const c of args.context) {
  const at = c.indexOf('=');
  contexts[c.slice(0, at)] = JSON.parse(readFileSync(c.slice(at + 1)));
}
const didTerms = {
  verificationMethod: {'@id': 'https://w3id.org/security#verificationMethod', '@type': '@id'},
  assertionMethod: {'@id': 'https://w3id.org/security#assertionMethod', '@type': '@id', '@container': '@set'}
};
async function documentLoader(url) {
  if(contexts[url]) {
    return {contextUrl: null, documentUrl: url, document: structuredClone(contexts[url])};
  }
  if(url.startsWith('did:key:')) {
    const [did, frag] = url.split('#');
    const mk = did.slice('did:key:'.length);
    const vm = {
      '@context': 'https://w3id.org/security/multikey/v1',
      id: did + '#' + mk, type: 'Multikey', controller: did, publicKeyMultibase: mk
    };
    if(frag !== undefined) {
      return {contextUrl: null, documentUrl: url, document: vm};
    }
    return {contextUrl: null, documentUrl: url, document: {
      '@context': ['https://w3id.org/security/multikey/v1', didTerms],
      id: did, verificationMethod: [vm], assertionMethod: [vm.id]
    }};
  }
  throw new Error(`offline document loader: ${url} is not held`);
}

const seed = Uint8Array.from(Buffer.from(args.seed, 'hex'));
if(seed.length !== 32) {
  throw new Error('--seed: 32 bytes of hex');
}
const keyPair = await Bls12381Multikey.generateBbsKeyPair({algorithm: Bls12381Multikey.ALGORITHMS.BBS_BLS12381_SHA256, seed});
const did = 'did:key:' + keyPair.publicKeyMultibase;
keyPair.controller = did;
keyPair.id = did + '#' + keyPair.publicKeyMultibase;
const raw = await keyPair.export({publicKey: true, secretKey: true, raw: true});
const out = args['out-dir'];
mkdirSync(out, {recursive: true});
writeFileSync(join(out, 'db-key.json'), JSON.stringify({
  scheme: 'bbs-bls12381-sha256',
  publicKey: Buffer.from(raw.publicKey).toString('base64'),
  secretKey: Buffer.from(raw.secretKey).toString('base64')
}, null, 2) + '\n', {mode: 0o600});
writeFileSync(join(out, 'db-did.txt'), did + '\n');

const credential = JSON.parse(readFileSync(args.unsigned));
credential.issuer = did;
const signSuite = new DataIntegrityProof({
  signer: keyPair.signer(), cryptosuite: bbs2023.createSignCryptosuite({mandatoryPointers: list(args.mandatory)})
});
const signed = await jsigs.sign(credential, {suite: signSuite, purpose: new AssertionProofPurpose(), documentLoader});
writeFileSync(join(out, 'db-signed.json'), JSON.stringify(signed, null, 2) + '\n', {mode: 0o600});

let n = 0;
for(const nonce of args.nonce) {
  n++;
  const suite = new DataIntegrityProof({cryptosuite: bbs2023.createDiscloseCryptosuite({
    selectivePointers: list(args.reveal), presentationHeader: Uint8Array.from(Buffer.from(nonce, 'base64'))
  })});
  const derived = await jsigs.derive(signed, {suite, purpose: new AssertionProofPurpose(), documentLoader});
  const vsuite = new DataIntegrityProof({cryptosuite: bbs2023.createVerifyCryptosuite()});
  const v = await jsigs.verify(derived, {suite: vsuite, purpose: new AssertionProofPurpose(), documentLoader});
  if(!v.verified) {
    throw new Error(`their verifier refuses their derived credential ${n}: ${v.error?.message}`);
  }
  writeFileSync(join(out, `db-derived-${n}.json`), JSON.stringify(derived, null, 2) + '\n');
}
console.log(`${did}: signed and ${n} derived credential(s) in ${out}`);
