// SPDX-License-Identifier: Apache-2.0
//
// A Caliper workload module that sends pre-made fabric-bbs transactions: one JSON object per line
// of a loadgen file ({"tx": name, "args": [...]}, test-network/loadgen), each sent once. Worker w of
// W sends lines w, w+W, w+2W, ... so no two workers send the same line (a SubmitProof sent twice is
// a replay, refused by design). Worker w submits as the identity of organisation (w mod 2) + 1, so the
// load enters the network through both organisations' peers, as bbs-load's clients do.
//
// Round arguments: file (the .jsonl path), contractId (the chaincode name, default bbs), channel.
'use strict';

const fs = require('node:fs');
const { WorkloadModuleBase } = require('@hyperledger/caliper-core');

class ReplayWorkload extends WorkloadModuleBase {
    async initializeWorkloadModule(workerIndex, totalWorkers, roundIndex, roundArguments, sutAdapter, sutContext) {
        await super.initializeWorkloadModule(workerIndex, totalWorkers, roundIndex, roundArguments, sutAdapter, sutContext);
        const file = roundArguments.file;
        if (typeof file !== 'string' || file === '') {
            throw new Error('replay.js: round argument "file" (a loadgen .jsonl file) is required');
        }
        const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
        this.txs = [];
        for (let i = workerIndex; i < lines.length; i += totalWorkers) {
            const tx = JSON.parse(lines[i]);
            if (typeof tx.tx !== 'string' || !Array.isArray(tx.args)) {
                throw new Error(`replay.js: ${file} line ${i + 1} is not {"tx": ..., "args": [...]}`);
            }
            this.txs.push(tx);
        }
        this.next = 0;
        this.contractId = roundArguments.contractId || 'bbs';
        this.channel = roundArguments.channel || 'mychannel';
        this.mspId = `Org${(workerIndex % 2) + 1}MSP`;
    }

    async submitTransaction() {
        if (this.next >= this.txs.length) {
            // More transactions asked for than the file holds: never resend one (it would be a
            // replay and count as a failure that says nothing about the network).
            throw new Error(`replay.js: worker ${this.workerIndex} has sent all ${this.txs.length} transactions of its share; lower txNumber`);
        }
        const tx = this.txs[this.next++];
        await this.sutAdapter.sendRequests({
            contractId: this.contractId,
            channel: this.channel,
            contractFunction: tx.tx,
            contractArguments: tx.args,
            invokerMspId: this.mspId,
            invokerIdentity: 'User1',
            readOnly: false,
        });
    }
}

module.exports.createWorkloadModule = () => new ReplayWorkload();
