// SPDX-License-Identifier: Apache-2.0

// The wallet's checks of its input, without the network or a credential:
// node --test (npm test).
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {MIN_NONCE, UsageError, parseArgs, parsePresentationRequest} from './wallet.js';

test('parseArgs takes the flags and refuses others', () => {
  const a = parseArgs(['present', '--credential', 'c.json', '--request', 'r.json', '--context', 'https://x/=ctx.json', '--out', 'o.json']);
  assert.deepEqual(a, {credential: 'c.json', request: 'r.json', context: ['https://x/=ctx.json'], out: 'o.json'});
  assert.throws(() => parseArgs(['derive']), UsageError);
  assert.throws(() => parseArgs(['present', '--credential', 'c.json', '--out', 'o.json']), /--request is required/);
  assert.throws(() => parseArgs(['present', '--frame', 'f.json']), /unknown flag/);
  assert.throws(() => parseArgs(['present', '--context', 'nourl']), /URL=FILE/);
});

test('parsePresentationRequest checks the nonce, the pointers and the fields', () => {
  const nonce = Buffer.alloc(MIN_NONCE, 7).toString('base64');
  const r = parsePresentationRequest(JSON.stringify({nonce, reveal: ['/credentialSubject/licenseClass'], policy: {id: 'p'}}));
  assert.equal(r.nonce.length, MIN_NONCE);
  assert.deepEqual(r.reveal, ['/credentialSubject/licenseClass']);
  assert.throws(() => parsePresentationRequest(JSON.stringify({nonce: Buffer.alloc(MIN_NONCE - 1).toString('base64'), reveal: []})), /fewer than/);
  assert.throws(() => parsePresentationRequest(JSON.stringify({nonce: '!!', reveal: []})), /not base64/);
  assert.throws(() => parsePresentationRequest(JSON.stringify({nonce, reveal: ['credentialSubject']})), /JSON pointers/);
  assert.throws(() => parsePresentationRequest(JSON.stringify({nonce, reveal: [], extra: 1})), /unknown field "extra"/);
  assert.throws(() => parsePresentationRequest(JSON.stringify({nonce, reveal: [], policy: 'p'})), /policy/);
  assert.throws(() => parsePresentationRequest('[]'), /not a JSON object/);
});
