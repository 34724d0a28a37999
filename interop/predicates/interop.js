// SPDX-License-Identifier: Apache-2.0
// Checks, with Digital Bazaar's @digitalbazaar/bbs-signatures (an
// implementation of draft-irtf-cfrg-bbs-signatures), that the BBS part of
// fabric-bbs predicate presentations is a standard IETF proof: it verifies
// with the presentation header derived from the predicate proof, and not
// with the verifier's base presentation header or an altered one.
// Run: npm ci && node interop.js < vectors.json (run.sh does both).
import * as bbs from '@digitalbazaar/bbs-signatures';
import {readFileSync} from 'node:fs';

const hex = s => Uint8Array.from(Buffer.from(s, 'hex'));
const vectors = JSON.parse(readFileSync(0, 'utf8'));
let failures = 0;
const check = (name, got, want) => {
  const ok = got === want;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${got}`);
  if(!ok) {
    failures++;
  }
};
for(const v of vectors) {
  const args = {
    publicKey: hex(v.publicKey), proof: hex(v.proof), header: hex(v.header),
    presentationHeader: hex(v.presentationHeader),
    disclosedMessages: v.disclosedMessages.map(hex),
    disclosedMessageIndexes: v.disclosedMessageIndexes,
    ciphersuite: v.ciphersuite
  };
  check(`${v.ciphersuite} derived header`, await bbs.verifyProof(args), true);
  check(`${v.ciphersuite} base header`, await bbs.verifyProof(
    {...args, presentationHeader: hex(v.basePresentationHeader)}), false);
  const bad = hex(v.presentationHeader);
  bad[bad.length - 1] ^= 1;
  check(`${v.ciphersuite} altered header`, await bbs.verifyProof(
    {...args, presentationHeader: bad}), false);
}
if(vectors.length !== 2) {
  console.log('FAIL expected two vectors');
  failures++;
}
process.exit(failures === 0 ? 0 : 1);
