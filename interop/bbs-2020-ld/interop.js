// SPDX-License-Identifier: Apache-2.0

// Cross-implementation check of BbsBlsSignature2020 / BbsBlsSignatureProof2020
// between fabric-bbs's Go package vc (through ./vctool) and MATTR's
// @mattrglobal/jsonld-signatures-bbs, both ways, offline: contexts come from
// ../../vc/contexts and ./contexts, did:key is resolved locally.
// Run: npm ci && VCTOOL=... node interop.js [--write DIR]
'use strict';
const {Bls12381G2KeyPair, BbsBlsSignature2020, BbsBlsSignatureProof2020, deriveProof} =
  require('@mattrglobal/jsonld-signatures-bbs');
const jsigs = require('jsonld-signatures');
const {execFileSync} = require('child_process');
const {mkdtempSync, readFileSync, writeFileSync, mkdirSync} = require('fs');
const {tmpdir} = require('os');
const {join} = require('path');
const bs58 = require('bs58');

const {purposes: {AssertionProofPurpose}} = jsigs;
const ctxDir = join(__dirname, '../../vc/contexts');
const index = JSON.parse(readFileSync(join(ctxDir, 'index.json')));
const contexts = {};
for(const [url, {file}] of Object.entries(index)) {
  contexts[url] = JSON.parse(readFileSync(join(ctxDir, file)));
}
const citizenFile = join(__dirname, 'contexts/citizen_vocab.json');
contexts['https://w3id.org/citizenship/v1'] = JSON.parse(readFileSync(citizenFile));
contexts['https://w3id.org/security/suites/jws-2020/v1'] =
  JSON.parse(readFileSync(join(__dirname, 'contexts/w3id.org_security_suites_jws-2020_v1.jsonld')));

// did:key of a BLS12-381 G2 key: the verification method and the DID
// document, in the security v2 context, as MATTR's own test loader serves them.
const documentLoader = jsigs.extendContextLoader(async url => {
  if(contexts[url]) {
    return {contextUrl: null, documentUrl: url, document: JSON.parse(JSON.stringify(contexts[url]))};
  }
  if(url.startsWith('did:key:')) {
    const [did, frag] = url.split('#');
    const mk = did.slice('did:key:'.length);
    const raw = bs58.decode(mk.slice(1));
    const vm = {
      '@context': 'https://w3id.org/security/v2',
      id: did + '#' + mk, type: 'Bls12381G2Key2020', controller: did,
      publicKeyBase58: bs58.encode(raw.slice(2))
    };
    if(frag !== undefined) {
      return {contextUrl: null, documentUrl: url, document: vm};
    }
    return {contextUrl: null, documentUrl: url, document: {
      '@context': 'https://w3id.org/security/v2', id: did, assertionMethod: [vm.id]
    }};
  }
  throw new Error(`offline document loader: ${url} is not held`);
});

const dir = mkdtempSync(join(tmpdir(), 'bbs-2020-ld-interop-'));
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
  writeFileSync(p, JSON.stringify(doc, null, 2) + '\n');
  return p;
};
const load = p => JSON.parse(readFileSync(p));
let failures = 0;
function check(what, ok, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : ': ' + detail}`);
  if(!ok) {
    failures++;
  }
}

function credential(issuer) {
  return {
    '@context': ['https://www.w3.org/2018/credentials/v1', 'https://w3id.org/citizenship/v1',
      'https://w3id.org/security/bbs/v1'],
    id: 'https://issuer.example/credentials/83627465',
    type: ['VerifiableCredential', 'PermanentResidentCard'],
    issuer,
    identifier: '83627465',
    name: 'Permanent Resident Card',
    description: 'Line one\nline two\ttabbed "quoted" \\ backslash \u0001',
    issuanceDate: '2019-12-03T12:19:52Z',
    expirationDate: '2029-12-03T12:19:52Z',
    credentialSubject: {
      type: ['PermanentResident', 'Person'],
      givenName: 'JOHN', familyName: 'SMITH', gender: 'Male',
      residentSince: '2015-01-01', lprCategory: 'C09', lprNumber: '999-999-999',
      commuterClassification: 'C1', birthCountry: 'Bahamas', birthDate: '1958-07-17'
    }
  };
}
const frame = {
  '@context': ['https://www.w3.org/2018/credentials/v1', 'https://w3id.org/citizenship/v1',
    'https://w3id.org/security/bbs/v1'],
  type: ['VerifiableCredential', 'PermanentResidentCard'],
  credentialSubject: {
    '@explicit': true,
    type: ['PermanentResident', 'Person'],
    givenName: {}, familyName: {}, birthDate: {}
  }
};
const nonce = Buffer.from('fabric-bbs interop nonce 0123456789');

function tamper(doc) {
  const t = JSON.parse(JSON.stringify(doc));
  t.credentialSubject.givenName = 'JANE';
  return t;
}

// The reveal documents of two derived credentials, without their proofs,
// hold the same JSON (key order aside).
function sameReveal(a, b) {
  const norm = x => JSON.stringify(x, (k, v) => v && typeof v === 'object' && !Array.isArray(v) ?
    Object.fromEntries(Object.keys(v).sort().map(key => [key, v[key]])) : v);
  const strip = d => {
    const c = JSON.parse(JSON.stringify(d));
    delete c.proof;
    return c;
  };
  return norm(strip(a)) === norm(strip(b));
}

async function theirVerifySignature(doc) {
  return jsigs.verify(doc, {suite: new BbsBlsSignature2020(), purpose: new AssertionProofPurpose(), documentLoader});
}
async function theirVerifyProof(doc) {
  return jsigs.verify(doc, {suite: new BbsBlsSignatureProof2020(), purpose: new AssertionProofPurpose(), documentLoader});
}

(async () => {
  // Their key and signed credential.
  const key = await Bls12381G2KeyPair.generate({seed: Buffer.alloc(32, 7)});
  const did = 'did:key:' + key.fingerprint();
  key.id = did + '#' + key.fingerprint();
  key.controller = did;
  const signedTheirs = await jsigs.sign(credential(did), {
    suite: new BbsBlsSignature2020({key, date: '2024-01-02T03:04:05Z'}),
    purpose: new AssertionProofPurpose(), documentLoader
  });
  const pSignedTheirs = save('signed-mattr.json', signedTheirs);
  check('their signature verifies in theirs', (await theirVerifySignature(signedTheirs)).verified);
  let r = go('verify-signature', citizenFile, pSignedTheirs);
  check('their signature verifies in Go', r.code === 0, r.out);
  r = go('verify-signature', citizenFile, save('signed-mattr-tampered.json', tamper(signedTheirs)));
  check('their signature, tampered, fails in Go', r.code === 1, r.out);

  // Their derived proof, verified in Go.
  const derivedTheirs = await deriveProof(signedTheirs, frame,
    {suite: new BbsBlsSignatureProof2020(), documentLoader, nonce});
  const pDerivedTheirs = save('derived-mattr.json', derivedTheirs);
  check('their derived proof verifies in theirs', (await theirVerifyProof(derivedTheirs)).verified);
  r = go('verify', citizenFile, pDerivedTheirs);
  check('their derived proof verifies in Go', r.code === 0, r.out);
  const tamperedTheirs = tamper(derivedTheirs);
  check('their derived proof, tampered, fails in theirs', !(await theirVerifyProof(tamperedTheirs)).verified);
  r = go('verify', citizenFile, save('derived-mattr-tampered.json', tamperedTheirs));
  check('their derived proof, tampered, fails in Go', r.code === 1, r.out);

  // Go derives from their signed credential; they verify.
  const pDerivedGoFromTheirs = join(dir, 'derived-go-from-mattr.json');
  r = go('derive', nonce.toString('hex'), citizenFile, pSignedTheirs, save('frame.json', frame), pDerivedGoFromTheirs);
  check('Go derives from their signature', r.code === 0, r.out);
  if(r.code === 0) {
    const d = load(pDerivedGoFromTheirs);
    const res = await theirVerifyProof(d);
    check('Go derived proof (their signature) verifies in theirs', res.verified, res.error && String(res.error));
    r = go('verify', citizenFile, pDerivedGoFromTheirs);
    check('Go derived proof (their signature) verifies in Go', r.code === 0, r.out);
  }

  // Go signs; they verify, derive; both verify.
  const goDid = JSON.parse(go('did', 'interop-issuer-seed-0123456789abcdef').out);
  const pSignedGo = join(dir, 'signed-go.json');
  r = go('sign', 'interop-issuer-seed-0123456789abcdef', '2024-01-02T03:04:05Z', citizenFile, save('unsigned-go.json', credential(goDid.did)), pSignedGo);
  check('Go signs', r.code === 0, r.out);
  const signedGo = load(pSignedGo);
  let res = await theirVerifySignature(signedGo);
  check('Go signature verifies in theirs', res.verified, res.error && String(res.error));
  check('Go signature, tampered, fails in theirs', !(await theirVerifySignature(tamper(signedGo))).verified);
  let derivedFromGo;
  try {
    derivedFromGo = await deriveProof(signedGo, frame, {suite: new BbsBlsSignatureProof2020(), documentLoader, nonce});
  } catch(e) {
    check('they derive from a Go signature', false, String(e));
  }
  if(derivedFromGo) {
    const p = save('derived-mattr-from-go.json', derivedFromGo);
    res = await theirVerifyProof(derivedFromGo);
    check('their derived proof (Go signature) verifies in theirs', res.verified, res.error && String(res.error));
    r = go('verify', citizenFile, p);
    check('their derived proof (Go signature) verifies in Go', r.code === 0, r.out);
  }
  const pDerivedGo = join(dir, 'derived-go.json');
  r = go('derive', nonce.toString('hex'), citizenFile, pSignedGo, join(dir, 'frame.json'), pDerivedGo);
  check('Go derives from a Go signature', r.code === 0, r.out);
  if(r.code === 0) {
    const d = load(pDerivedGo);
    res = await theirVerifyProof(d);
    check('Go derived proof verifies in theirs', res.verified, res.error && String(res.error));
    check('Go derived proof, tampered, fails in theirs', !(await theirVerifyProof(tamper(d))).verified);
    r = go('verify', citizenFile, save('derived-go-tampered.json', tamper(d)));
    check('Go derived proof, tampered, fails in Go', r.code === 1, r.out);
  }

  // A credentialSubject named by an IRI. With urn:uuid:1 and no credential
  // id (so blank nodes), the derived document's canonical order is not the
  // signed order (<urn:bnid:_:c14n0> < <urn:uuid:1> < _:c14n0): MATTR's
  // verifier refuses every such derived proof, its own as well (its issues
  // #110, #207: it does not sort the statements again once the blank node
  // labels are back); Go's accepts them, and a tampered one fails. With a
  // did:example subject and a credential id the orders agree: both verify.
  for(const {name, credentialId, subjectId, theirsVerify} of [
    {name: 'subject urn:uuid:1, no credential id', credentialId: false, subjectId: 'urn:uuid:1', theirsVerify: false},
    {name: 'subject did:example, credential id', credentialId: true, subjectId: 'did:example:b34ca6cd37bbf23', theirsVerify: true}
  ]) {
    const tag = credentialId ? 'subject-did' : 'subject-urn';
    const c = credential(did);
    if(!credentialId) {
      delete c.id;
    }
    c.credentialSubject.id = subjectId;
    const signed = await jsigs.sign(c, {
      suite: new BbsBlsSignature2020({key, date: '2024-01-02T03:04:05Z'}),
      purpose: new AssertionProofPurpose(), documentLoader
    });
    const pSigned = save(`signed-mattr-${tag}.json`, signed);
    r = go('verify-signature', citizenFile, pSigned);
    check(`${name}: their signature verifies in Go`, r.code === 0, r.out);
    const derived = await deriveProof(signed, frame, {suite: new BbsBlsSignatureProof2020(), documentLoader, nonce});
    const pDerived = save(`derived-mattr-${tag}.json`, derived);
    check(`${name}: derived subject id kept`, derived.credentialSubject.id === subjectId, JSON.stringify(derived.credentialSubject));
    res = await theirVerifyProof(derived);
    check(`${name}: their derived proof ${theirsVerify ? 'verifies' : 'fails (MATTR #207)'} in theirs`,
      res.verified === theirsVerify, res.error && String(res.error));
    r = go('verify', citizenFile, pDerived);
    check(`${name}: their derived proof verifies in Go`, r.code === 0, r.out);
    r = go('verify', citizenFile, save(`derived-mattr-${tag}-tampered.json`, tamper(derived)));
    check(`${name}: their derived proof, tampered, fails in Go`, r.code === 1, r.out);
    const pGo = join(dir, `derived-go-${tag}.json`);
    r = go('derive', nonce.toString('hex'), citizenFile, pSigned, join(dir, 'frame.json'), pGo);
    check(`${name}: Go derives from their signature`, r.code === 0, r.out);
    if(r.code === 0) {
      const d = load(pGo);
      check(`${name}: Go reveals what they reveal`, sameReveal(d, derived), JSON.stringify(d));
      res = await theirVerifyProof(d);
      check(`${name}: Go derived proof ${theirsVerify ? 'verifies' : 'fails (MATTR #207)'} in theirs`,
        res.verified === theirsVerify, res.error && String(res.error));
      r = go('verify', citizenFile, pGo);
      check(`${name}: Go derived proof verifies in Go`, r.code === 0, r.out);
      if(theirsVerify) {
        check(`${name}: Go derived proof, tampered, fails in theirs`, !(await theirVerifyProof(tamper(d))).verified);
      }
      r = go('verify', citizenFile, save(`derived-go-${tag}-tampered.json`, tamper(d)));
      check(`${name}: Go derived proof, tampered, fails in Go`, r.code === 1, r.out);
    }
  }

  const w = process.argv.indexOf('--write');
  if(w > 0) {
    const out = process.argv[w + 1];
    mkdirSync(out, {recursive: true});
    for(const f of ['signed-mattr.json', 'derived-mattr.json', 'derived-mattr-from-go.json', 'frame.json',
      'derived-mattr-subject-urn.json', 'derived-mattr-subject-did.json']) {
      writeFileSync(join(out, f), readFileSync(join(dir, f)));
    }
    console.log(`fixtures written to ${out}`);
  }
  console.log(failures === 0 ? 'all checks passed' : `${failures} check(s) failed`);
  process.exit(failures === 0 ? 0 : 1);
})().catch(e => {
  console.error(e);
  process.exit(2);
});
