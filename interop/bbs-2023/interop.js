// SPDX-License-Identifier: Apache-2.0

// Cross-implementation check of bbs-2023 between fabric-bbs's Go package vc
// (through ./vctool) and Digital Bazaar's @digitalbazaar/bbs-2023-cryptosuite,
// both ways, offline: contexts come from ../../vc/contexts, did:key is
// resolved locally. Run: npm ci && node interop.js (from this directory).
import * as bbs2023 from '@digitalbazaar/bbs-2023-cryptosuite';
import * as Bls12381Multikey from '@digitalbazaar/bls12-381-multikey';
import {DataIntegrityProof} from '@digitalbazaar/data-integrity';
import jsigs from 'jsonld-signatures';
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const {purposes: {AssertionProofPurpose}} = jsigs;
const ctxDir = new URL('../../vc/contexts/', import.meta.url);
const index = JSON.parse(readFileSync(new URL('index.json', ctxDir)));
const contexts = {};
for(const [url, {file}] of Object.entries(index)) {
  contexts[url] = JSON.parse(readFileSync(new URL(file, ctxDir)));
}

// The two DID-core terms a controller document needs here (the DID v1
// context itself is not held offline).
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

const dir = mkdtempSync(join(tmpdir(), 'bbs-2023-interop-'));
const vctool = process.env.VCTOOL || 'vctool';
function go(...args) {
  try {
    return {code: 0, out: execFileSync(vctool, args, {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']})};
  } catch(e) {
    return {code: e.status, out: (e.stdout || '') + (e.stderr || '')};
  }
}
const save = (name, doc) => {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(doc, null, 2));
  return p;
};
const load = p => JSON.parse(readFileSync(p));

let failed = 0;
function check(name, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`);
  if(!ok) {
    failed++;
  }
}

async function jsVerify(doc) {
  const suite = new DataIntegrityProof({cryptosuite: bbs2023.createVerifyCryptosuite()});
  const r = await jsigs.verify(doc, {suite, purpose: new AssertionProofPurpose(), documentLoader});
  return r;
}
async function jsDerive(doc, selectivePointers, presentationHeader) {
  const suite = new DataIntegrityProof({
    cryptosuite: bbs2023.createDiscloseCryptosuite({selectivePointers, presentationHeader})
  });
  return jsigs.derive(doc, {suite, purpose: new AssertionProofPurpose(), documentLoader});
}
function tamper(doc) {
  const t = structuredClone(doc);
  t.credentialSubject.licenseClass = t.credentialSubject.licenseClass === 'C' ? 'A' : 'C';
  return t;
}

const credential = {
  '@context': [
    'https://www.w3.org/ns/credentials/v2',
    {'@vocab': 'https://licenses.example/vocab#'}
  ],
  type: ['VerifiableCredential', 'DriverLicenseCredential'],
  issuer: 'https://dmv.example/',
  validFrom: '2026-01-01T00:00:00Z',
  validUntil: '2036-01-01T00:00:00Z',
  credentialSubject: {
    id: 'did:example:holder-7',
    name: 'Alex "Tab\tQuote" Doe',
    licenseClass: 'C',
    birthDate: '1990-04-01',
    endorsements: [{code: 'M', since: 2019}, {code: 'T', since: 2021}, {code: 'M', since: 2019}],
    address: {street: '1 Main St', city: 'Springfield'},
    points: 2.5,
    organDonor: true,
    note: 'bell \u0007 backspace \b formfeed \f delete \u007f tab \t cr \r lf \n é'
  }
};
const mandatory = ['/issuer', '/validFrom', '/validUntil', '/type'];
const selective = ['/credentialSubject/licenseClass', '/credentialSubject/endorsements/1', '/credentialSubject/name'];
const ph = new Uint8Array(Buffer.from('00112233445566778899aabbccddeeff', 'hex'));

// 1. Digital Bazaar issues; its derived credential verifies in Go.
const keyPair = await Bls12381Multikey.generateBbsKeyPair({algorithm: Bls12381Multikey.ALGORITHMS.BBS_BLS12381_SHA256});
keyPair.controller = 'did:key:' + keyPair.publicKeyMultibase;
keyPair.id = keyPair.controller + '#' + keyPair.publicKeyMultibase;
const signSuite = new DataIntegrityProof({
  signer: keyPair.signer(), cryptosuite: bbs2023.createSignCryptosuite({mandatoryPointers: mandatory})
});
signSuite.date = '2026-12-01T00:00:00Z';
const jsSigned = await jsigs.sign(structuredClone(credential), {suite: signSuite, purpose: new AssertionProofPurpose(), documentLoader});
const jsDerived = await jsDerive(jsSigned, selective, ph);
let r = go('verify', save('js-derived.json', jsDerived));
check('JS-derived credential verifies in Go', r.code === 0, r.out.trim());
r = go('verify', save('js-derived-tampered.json', tamper(jsDerived)));
check('tampered JS-derived credential fails in Go (exit 1)', r.code === 1, r.out.trim());
check('JS-derived credential verifies in JS', (await jsVerify(jsDerived)).verified);
const jsEmpty = await jsDerive(jsSigned, [], new Uint8Array());
r = go('verify', save('js-derived-mandatory-only.json', jsEmpty));
check('JS-derived credential, mandatory only, empty presentation header, verifies in Go', r.code === 0, r.out.trim());

// 2. Go derives from Digital Bazaar's base credential; JS verifies it.
r = go('derive', selective.join(','), Buffer.from(ph).toString('hex'), save('js-signed.json', jsSigned), join(dir, 'go-derived-from-js.json'));
check('Go derives from a JS-signed credential', r.code === 0, r.out.trim());
if(r.code === 0) {
  const d = load(join(dir, 'go-derived-from-js.json'));
  const v = await jsVerify(d);
  check('Go-derived (from JS-signed) credential verifies in JS', v.verified, v.error?.errors?.[0]?.message ?? v.error?.message ?? '');
  check('tampered Go-derived credential fails in JS', !(await jsVerify(tamper(d))).verified);
}

// 3. Go issues; JS derives, and JS and Go verify; Go derives, JS verifies.
r = go('issue', 'interop issuer seed 0123456789abcdef', '2026-12-01T00:00:00Z', mandatory.join(','), save('unsigned.json', credential), join(dir, 'go-signed.json'));
check('Go issues', r.code === 0, r.out.trim());
if(r.code === 0) {
  const goSigned = load(join(dir, 'go-signed.json'));
  let d;
  try {
    d = await jsDerive(goSigned, selective, ph);
    check('JS derives from a Go-signed credential', true);
  } catch(e) {
    check('JS derives from a Go-signed credential', false, e.message);
  }
  if(d) {
    const v = await jsVerify(d);
    check('JS-derived (from Go-signed) credential verifies in JS', v.verified, v.error?.message ?? '');
    r = go('verify', save('js-derived-from-go.json', d));
    check('JS-derived (from Go-signed) credential verifies in Go', r.code === 0, r.out.trim());
  }
  r = go('derive', selective.join(','), Buffer.from(ph).toString('hex'), join(dir, 'go-signed.json'), join(dir, 'go-derived.json'));
  check('Go derives from a Go-signed credential', r.code === 0, r.out.trim());
  if(r.code === 0) {
    const gd = load(join(dir, 'go-derived.json'));
    const v = await jsVerify(gd);
    check('Go-derived credential verifies in JS', v.verified, v.error?.message ?? '');
    check('tampered Go-derived credential fails in JS', !(await jsVerify(tamper(gd))).verified);
    r = go('verify', save('go-derived-tampered.json', tamper(gd)));
    check('tampered Go-derived credential fails in Go (exit 1)', r.code === 1, r.out.trim());
  }
}

console.log(`files in ${dir}`);
console.log(failed === 0 ? 'interop: all checks passed' : `interop: ${failed} checks failed`);
process.exit(failed === 0 ? 0 : 1);
