// SPDX-License-Identifier: Apache-2.0

'use strict';
// Unit tests of the sample's error branching and registration file (node --test; no network,
// no packages needed).
const assert = require('node:assert/strict');
const test = require('node:test');
const { Code, contractErrorCode, contractMessage, registrationArgs, config, retryNotFound } = require('./app.js');

// An error as the Gateway answers a refused endorsement (an EndorseError): the peers' messages
// are in err.details.
function endorseError(...messages) {
    const err = new Error('10 ABORTED: failed to endorse transaction, see attached details for more info');
    err.code = 10;
    err.details = messages.map((message, i) => ({ address: `127.0.0.1:${7051 + i}`, mspId: 'Org1MSP', message }));
    return err;
}

test('contractErrorCode reads the codes of contract errors', () => {
    const cases = [
        [undefined, ''],
        [new Error('14 UNAVAILABLE: connection refused'), ''],
        [endorseError('chaincode response 500, BBS_REPLAY: replay: the nonce was already used with key version 1 of issuer "issuer1" (or the same key elsewhere), by transaction 0a1b; a nonce can be used once per key'), Code.Replay],
        [endorseError('chaincode response 500, BBS_EXISTS: issuer "issuer1": already exists'), Code.Exists],
        [endorseError('chaincode response 500, BBS_PSEUDONYM_USED: pseudonym already used: context "poll-1"'), Code.PseudonymUsed],
        [endorseError('chaincode response 500, BBS_NOT_FOUND: issuer "replay": not found'), Code.NotFound],
        [endorseError('chaincode response 500, BBS_ACCESS_DENIED: access denied: not the owner'), Code.AccessDenied],
        [endorseError('chaincode response 500, BBS_POLICY_NOT_SATISFIED: policy "grads" version 1 not satisfied: message 2 not found'), Code.PolicyNotSatisfied],
        [new Error('2 UNKNOWN: evaluate call to endorser returned error: chaincode response 500, BBS_NOT_FOUND: issuer "x": not found'), Code.NotFound],
        [endorseError('chaincode response 500, replay: the words without the code'), ''],
        [endorseError('chaincode response 500, XBBS_REPLAY: inside a word'), ''],
        [endorseError(), ''],
    ];
    for (const [err, want] of cases) {
        assert.equal(contractErrorCode(err), want, String(err && err.message));
    }
});

test('contractMessage joins the peers messages', () => {
    assert.equal(contractMessage(endorseError('replay: a', 'replay: b')), 'replay: a; replay: b');
    assert.equal(contractMessage(new Error('plain')), 'plain');
});

test('registrationArgs passes a document as is and an array as the arguments', () => {
    const doc = '{"id": "issuer1", "scheme": "bbs+2020", "proof": "AA=="}\n';
    assert.deepEqual(registrationArgs(doc), [doc.trim()]);
    assert.deepEqual(registrationArgs(' ["issuer1", "bbs+2020", "AAAA", "d"] '), ['issuer1', 'bbs+2020', 'AAAA', 'd']);
    for (const bad of ['', '  ', 'issuer1', '[]', '["a", 1]', '{"id": ', '[{"id": "x"}]', 'null']) {
        assert.throws(() => registrationArgs(bad), undefined, bad);
    }
});

test('config requires the files and has the test network defaults', () => {
    assert.throws(() => config({}), /TLS_CA_CERT is required/);
    assert.throws(() => config({ TLS_CA_CERT: 'ca', CERT_PATH: 'c', KEY_PATH: 'k' }), /REQUEST is required/);
    assert.throws(() => config({ TLS_CA_CERT: 'ca', CERT_PATH: 'c', KEY_PATH: 'k', REQUEST: 'r', EVENT_TIMEOUT_MS: 'x' }), /EVENT_TIMEOUT_MS/);
    const c = config({ TLS_CA_CERT: 'ca', CERT_PATH: 'c', KEY_PATH: 'k', REQUEST: 'r' });
    assert.equal(c.peer, '127.0.0.1:7051');
    assert.equal(c.mspId, 'Org1MSP');
    assert.equal(c.channel, 'mychannel');
    assert.equal(c.chaincode, 'bbs');
});

test('retryNotFound retries BBS_NOT_FOUND only, only after a registration, at most attempts calls', async () => {
    const notFound = endorseError('chaincode response 500, BBS_NOT_FOUND: issuer "x": not found');
    const other = endorseError('chaincode response 500, BBS_REPLAY: nonce already used');
    const cases = [
        { name: 'found at once', retry: true, answers: ['ok'], calls: 1, result: 'ok' },
        { name: 'found on the third call', retry: true, answers: [notFound, notFound, 'ok'], calls: 3, result: 'ok' },
        { name: 'never found', retry: true, answers: [notFound], calls: 4, error: notFound },
        { name: 'not retried without a registration', retry: false, answers: [notFound, 'ok'], calls: 1, error: notFound },
        { name: 'another refusal is not retried', retry: true, answers: [other, 'ok'], calls: 1, error: other },
    ];
    for (const tc of cases) {
        let calls = 0;
        const f = async () => {
            const a = tc.answers[Math.min(calls, tc.answers.length - 1)];
            calls++;
            if (a instanceof Error) {
                throw a;
            }
            return a;
        };
        if (tc.error) {
            await assert.rejects(retryNotFound(tc.retry, 4, 1, f), (err) => err === tc.error, tc.name);
        } else {
            assert.equal(await retryNotFound(tc.retry, 4, 1, f), tc.result, tc.name);
        }
        assert.equal(calls, tc.calls, tc.name);
    }
});
