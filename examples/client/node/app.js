#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// bbs-client-node: a standalone client application of the fabric-bbs contract with the official
// Fabric Gateway client for Node.js (@hyperledger/fabric-gateway), in the style of fabric-samples'
// application-gateway-typescript, as plain JavaScript. It
//
//   1. connects to a peer's Gateway service with a client identity and TLS,
//   2. registers an issuer (RegisterIssuer, the arguments read from a file),
//   3. evaluates VerifyProof for a holder's request (bbs prove --out),
//   4. submits SubmitProof and waits for the commit,
//   5. reads the ProofVerified chaincode event from the block the commit names, with a checkpoint
//      so that a restarted client resumes where it stopped,
//   6. reads the record back (GetVerification),
//   7. submits the same request again and shows the replay refused.
//
// Settings are environment variables (the same names as the Go sample's flags' defaults):
//   PEER_ENDPOINT (127.0.0.1:7051), PEER_HOST_ALIAS (TLS server name, if not the endpoint's host),
//   TLS_CA_CERT, CERT_PATH and KEY_PATH (a PEM file, or a folder such as msp/signcerts and
//   msp/keystore), MSP_ID (Org1MSP), CHANNEL_NAME (mychannel), CHAINCODE_NAME (bbs),
//   REGISTRATION (RegisterIssuer's arguments file; empty: do not register), REQUEST (the request
//   file), CHECKPOINT (an event checkpoint file; empty: in memory), EVENT_TIMEOUT_MS (30000).
//
// The output is one line per step; the exit code is 0 only when every step did what the contract
// documents (docs/client-application.md).
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { TextDecoder } = require('node:util');

const utf8 = new TextDecoder();

// The contract's stable error codes (Go: package github.com/fabric-bbs/fabric-bbs/contract/codes,
// the one table; docs/contract.md says what each means and whether to retry). Every error of the
// contract starts with its code: "BBS_REPLAY: replay: the nonce ...".
const Code = Object.freeze({
    InvalidArgument: 'BBS_INVALID_ARGUMENT',
    InvalidRequest: 'BBS_INVALID_REQUEST',
    NotFound: 'BBS_NOT_FOUND',
    Exists: 'BBS_EXISTS',
    AccessDenied: 'BBS_ACCESS_DENIED',
    Revoked: 'BBS_REVOKED',
    Replay: 'BBS_REPLAY',
    PseudonymUsed: 'BBS_PSEUDONYM_USED',
    Retired: 'BBS_RETIRED',
    PolicyNotSatisfied: 'BBS_POLICY_NOT_SATISFIED',
    ProofRejected: 'BBS_PROOF_REJECTED',
    NotConfigured: 'BBS_NOT_CONFIGURED',
    UntrustedRecord: 'BBS_UNTRUSTED_RECORD',
    UnknownTransaction: 'BBS_UNKNOWN_TRANSACTION',
    Internal: 'BBS_INTERNAL',
});

// contractMessage is the text of an error as the contract wrote it: the peers' messages attached
// to a Gateway error (err.details of an EndorseError, SubmitError, GatewayError), or else the
// error's own message.
function contractMessage(err) {
    const details = Array.isArray(err && err.details) ? err.details : [];
    const msgs = details.map((d) => d && d.message).filter((m) => typeof m === 'string' && m !== '');
    if (msgs.length > 0) {
        return msgs.join('; ');
    }
    return String(err && err.message !== undefined ? err.message : err);
}

// contractErrorCode is the stable code of a contract error (Code.Replay, Code.Exists, ...), read
// from the messages the endorsing peers attached to the Gateway's error: the first word of the
// form BBS_[A-Z0-9_]+ followed by ':', as codes.Find does in Go. The rest of the message is text
// for people, which may change. '' is an error of another kind (a connection failure, a timeout,
// a transaction invalidated at commit).
function contractErrorCode(err) {
    if (err === undefined || err === null) {
        return '';
    }
    const m = /(?:^|[^A-Za-z0-9_])(BBS_[A-Z0-9_]+):/.exec(contractMessage(err));
    return m ? m[1] : '';
}

// registrationArgs reads RegisterIssuer's arguments from the registration file's text. A JSON
// object is the registration document that `bbs register-request` writes, RegisterIssuer's one
// argument, passed as is; a JSON array of strings is the list of the arguments. The client does
// not read the document's fields.
function registrationArgs(text) {
    const data = text.trim();
    if (data.startsWith('{')) {
        JSON.parse(data); // throws on invalid JSON
        return [data];
    }
    if (data.startsWith('[')) {
        const args = JSON.parse(data);
        if (!Array.isArray(args) || args.length === 0 || !args.every((a) => typeof a === 'string')) {
            throw new Error('the registration arguments must be a non-empty JSON array of strings');
        }
        return args;
    }
    throw new Error('the registration must be a JSON object (the document) or a JSON array of strings (the arguments)');
}

// readPEM reads a file, or the first regular file (by name) of a folder, as an MSP's signcerts/
// and keystore/ hold one.
function readPEM(p) {
    if (fs.statSync(p).isDirectory()) {
        const names = fs.readdirSync(p, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort();
        if (names.length === 0) {
            throw new Error(`no file in ${p}`);
        }
        return fs.readFileSync(path.join(p, names[0]));
    }
    return fs.readFileSync(p);
}

function config(env) {
    const c = {
        peer: env.PEER_ENDPOINT || '127.0.0.1:7051',
        hostAlias: env.PEER_HOST_ALIAS || '',
        tlsCA: env.TLS_CA_CERT || '',
        cert: env.CERT_PATH || '',
        key: env.KEY_PATH || '',
        mspId: env.MSP_ID || 'Org1MSP',
        channel: env.CHANNEL_NAME || 'mychannel',
        chaincode: env.CHAINCODE_NAME || 'bbs',
        registration: env.REGISTRATION || '',
        request: env.REQUEST || '',
        checkpoint: env.CHECKPOINT || '',
        eventTimeoutMs: Number(env.EVENT_TIMEOUT_MS || 30000),
    };
    for (const [name, value] of [['TLS_CA_CERT', c.tlsCA], ['CERT_PATH', c.cert], ['KEY_PATH', c.key], ['REQUEST', c.request]]) {
        if (value === '') {
            throw new Error(`${name} is required`);
        }
    }
    if (!Number.isInteger(c.eventTimeoutMs) || c.eventTimeoutMs <= 0) {
        throw new Error('EVENT_TIMEOUT_MS must be a positive integer');
    }
    return c;
}

// submit endorses, submits and waits for the commit of a transaction. It answers the
// transaction's result and its commit status; a transaction that commits with another status than
// VALID is an error (nothing was written).
async function submit(contract, name, args) {
    const proposal = contract.newProposal(name, { arguments: args });
    const transaction = await proposal.endorse(); // the contract's refusals come here
    const commit = await transaction.submit();
    const status = await commit.getStatus();
    if (!status.successful) {
        throw new Error(`transaction ${status.transactionId} committed as ${status.code} in block ${status.blockNumber}: nothing of it was written`);
    }
    return { result: utf8.decode(transaction.getResult()), status };
}

// awaitEvent reads chaincode events from startBlock (or the checkpoint) until the ProofVerified
// event of transaction txId, checkpointing each event read.
async function awaitEvent(network, c, startBlock, txId, { checkpointers }) {
    // The checkpoint remembers the last event read. A file checkpoint survives the process, so the
    // next run resumes after it instead of at startBlock.
    const checkpointer = c.checkpoint ? await checkpointers.file(c.checkpoint) : checkpointers.inMemory();
    const events = await network.getChaincodeEvents(c.chaincode, { checkpoint: checkpointer, startBlock });
    const timer = setTimeout(() => events.close(), c.eventTimeoutMs);
    try {
        for await (const ev of events) {
            await checkpointer.checkpointChaincodeEvent(ev);
            if (ev.eventName === 'ProofVerified' && ev.transactionId === txId) {
                return ev;
            }
        }
    } catch (err) {
        if (!(err && err.code === 1)) { // 1: CANCELLED, the stream closed by the timer
            throw err;
        }
    } finally {
        clearTimeout(timer);
        events.close();
    }
    throw new Error(`no ProofVerified event of transaction ${txId} within ${c.eventTimeoutMs} ms`);
}

async function flow(c, out) {
    // Required here, not at the top, so that the unit tests of the functions above run without
    // the packages installed.
    const grpc = require('@grpc/grpc-js');
    const gateway = require('@hyperledger/fabric-gateway');
    const { connect, hash, signers } = gateway;

    const request = fs.readFileSync(c.request, 'utf8').trim();
    const registerArgs = c.registration ? registrationArgs(fs.readFileSync(c.registration, 'utf8')) : undefined;

    // 1. Connect: a TLS gRPC connection to the peer, and the client identity with its signer. The
    // gRPC client is the application's to close.
    const options = {
        'grpc.max_receive_message_length': 16 << 20, // room for large requests and answers
        'grpc.max_send_message_length': 16 << 20,
    };
    if (c.hostAlias) {
        options['grpc.ssl_target_name_override'] = c.hostAlias;
    }
    const grpcClient = new grpc.Client(c.peer, grpc.credentials.createSsl(fs.readFileSync(c.tlsCA)), options);
    const gw = connect({
        client: grpcClient,
        identity: { mspId: c.mspId, credentials: readPEM(c.cert) },
        signer: signers.newPrivateKeySigner(crypto.createPrivateKey(readPEM(c.key))),
        hash: hash.sha256,
        evaluateOptions: () => ({ deadline: Date.now() + 30000 }),
        endorseOptions: () => ({ deadline: Date.now() + 30000 }),
        submitOptions: () => ({ deadline: Date.now() + 30000 }),
        commitStatusOptions: () => ({ deadline: Date.now() + 60000 }),
    });
    try {
        const network = gw.getNetwork(c.channel);
        const contract = network.getContract(c.chaincode);
        out(`connected: ${c.mspId} to ${c.peer}, channel ${c.channel}, chaincode ${c.chaincode}`);

        // 2. RegisterIssuer. An issuer that is already registered (by this client's earlier run,
        // say) is not an error for this application.
        let registered = false;
        if (registerArgs) {
            try {
                const { status } = await submit(contract, 'RegisterIssuer', registerArgs);
                registered = true;
                out(`RegisterIssuer: committed in block ${status.blockNumber}, transaction ${status.transactionId}`);
            } catch (err) {
                if (contractErrorCode(err) !== Code.Exists) {
                    throw new Error(`RegisterIssuer: ${contractMessage(err)}`);
                }
                out(`RegisterIssuer: already registered, continuing (${contractMessage(err)})`);
            }
        }

        // 3. VerifyProof: evaluated on one peer, nothing written.
        let verification;
        try {
            verification = JSON.parse(utf8.decode(await contract.evaluateTransaction('VerifyProof', request)));
        } catch (err) {
            throw new Error(`VerifyProof: ${contractMessage(err)} (${contractErrorCode(err)})`);
        }
        if (verification.valid !== true) {
            throw new Error(`VerifyProof: the proof is not valid: ${verification.reason}`);
        }
        // nonceConsumed: SubmitProof would be refused as a replay.
        out(`VerifyProof: valid, issuer ${verification.issuer} key version ${verification.keyVersion}, nonce consumed ${verification.nonceConsumed === true}, disclosed ${JSON.stringify(verification.disclosed)}`);

        // 4. SubmitProof: every endorsing peer verifies the proof; the nonce is consumed and the
        // record stored when the transaction commits VALID. The gateway's commit status is its own
        // peer's: another organisation's endorsing peer may commit the registration's block a moment
        // later and refuse the proof meanwhile with BBS_NOT_FOUND. Right after registering, that
        // refusal is retried for a few seconds (nothing was written).
        let submitted;
        try {
            submitted = await retryNotFound(registered, 20, 250, () => submit(contract, 'SubmitProof', [request]));
        } catch (err) {
            throw new Error(`SubmitProof: ${contractMessage(err)} (${contractErrorCode(err)})`);
        }
        const txId = submitted.status.transactionId;
        const block = submitted.status.blockNumber;
        out(`SubmitProof: committed VALID in block ${block}, transaction ${txId}, receipt ${submitted.result}`);

        // 5. The ProofVerified event. The stream starts at the block the commit status names (so
        // the event, emitted before the stream was opened, is delivered), or after the checkpoint
        // of an earlier run.
        const ev = await awaitEvent(network, c, block, txId, gateway);
        out(`ProofVerified event: block ${ev.blockNumber}, transaction ${ev.transactionId}, payload ${utf8.decode(ev.payload)}`);

        // 6. The record, read back under the transaction ID.
        let record;
        try {
            record = JSON.parse(utf8.decode(await contract.evaluateTransaction('GetVerification', txId)));
        } catch (err) {
            throw new Error(`GetVerification: ${contractMessage(err)} (${contractErrorCode(err)})`);
        }
        if (record.txId !== txId || record.issuer !== verification.issuer) {
            throw new Error(`GetVerification: the record is of transaction ${record.txId}, issuer ${record.issuer}; want ${txId}, ${verification.issuer}`);
        }
        out(`GetVerification: transaction ${record.txId}, issuer ${record.issuer} key version ${record.keyVersion}, ${record.messageCount} messages, submitter ${record.submitterMspId}, bound ${record.boundToSubmitter}`);

        // 7. The same request again: the nonce is consumed, so the endorsement fails and nothing
        // is written. Branch on the error's code.
        let replayErr;
        try {
            await submit(contract, 'SubmitProof', [request]);
        } catch (err) {
            replayErr = err;
        }
        if (replayErr === undefined) {
            throw new Error('replay: the second SubmitProof of the same request was accepted');
        }
        const code = contractErrorCode(replayErr);
        if (code !== Code.Replay) {
            throw new Error(`replay: refused, but not as a replay (${JSON.stringify(code)}): ${contractMessage(replayErr)}`);
        }
        out(`replay: refused as expected (${code}): ${contractMessage(replayErr)}`);
        out('done');
    } finally {
        gw.close();
        grpcClient.close();
    }
}

async function main() {
    let c;
    try {
        c = config(process.env);
    } catch (err) {
        console.error(`bbs-client-node: ${err.message}`);
        return 2;
    }
    try {
        await flow(c, (line) => console.log(line));
        return 0;
    } catch (err) {
        console.error(`bbs-client-node: ${err && err.message ? err.message : err}`);
        return 1;
    }
}

// retryNotFound calls f, and while retry is set and f's error is the contract's BBS_NOT_FOUND,
// calls it again after waitMs, at most attempts times in all.
async function retryNotFound(retry, attempts, waitMs, f) {
    for (let i = 1; ; i++) {
        try {
            return await f();
        } catch (err) {
            if (!retry || i >= attempts || contractErrorCode(err) !== Code.NotFound) {
                throw err;
            }
        }
        await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
}

module.exports = { Code, contractErrorCode, contractMessage, registrationArgs, config, retryNotFound };

if (require.main === module) {
    main().then((code) => { process.exitCode = code; });
}
