// SPDX-License-Identifier: Apache-2.0
// Verification time of a BBS presentation with one range proof (bound
// check) in @docknetwork/crypto-wasm-ts, beside the same presentation
// without it: Bulletproofs++ and the set-membership-check (CCS08-style,
// base 16) range proofs at 8, 32 and 53 bits. Prints one JSON line per
// case: medians of 5 rounds, milliseconds of wall and of process CPU time
// per verification (Node runs the WebAssembly on one thread).
import {
  initializeWasm, BBSSignatureParams, BBSKeypair, BBSSignature, MessageEncoder,
  Statement, Statements, MetaStatement, MetaStatements, WitnessEqualityMetaStatement,
  Witness, Witnesses, QuasiProofSpec, CompositeProof, BoundCheckBppParams, BoundCheckSmcParams,
} from '@docknetwork/crypto-wasm-ts';

await initializeWasm();

const label = new TextEncoder().encode('fabric-bbs side by side');
const params = BBSSignatureParams.generate(4, label);
const keypair = BBSKeypair.generate(params, new Uint8Array(32).fill(3));
const enc = (s) => MessageEncoder.encodeMessageForSigning(new TextEncoder().encode(s));
const value = 30;
const messages = [enc('alice'), MessageEncoder.encodePositiveNumberForSigning(value), enc('FR'), MessageEncoder.encodePositiveNumberForSigning(0)];
const sig = BBSSignature.generate(messages, keypair.secretKey, params, false);
const revealed = new Map([[0, messages[0]]]);
const unrevealed = new Map([[1, messages[1]], [2, messages[2]], [3, messages[3]]]);
const nonce = new TextEncoder().encode('ph');

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

// measure returns the medians of 5 rounds of n calls of f, ms per call.
function measure(f, n) {
  f();
  const wall = [], cpu = [];
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage(), t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) f();
    const t1 = process.hrtime.bigint(), c1 = process.cpuUsage(c0);
    wall.push(Number(t1 - t0) / 1e6 / n);
    cpu.push((c1.user + c1.system) / 1e3 / n);
  }
  return { wallMs: +median(wall).toFixed(3), cpuMs: +median(cpu).toFixed(3) };
}

// presentation returns prove and verify closures for the BBS statement
// and, if bound is given, a bound check on message 1.
function presentation(bound) {
  const ps = new Statements(), vs = new Statements(), ws = new Witnesses();
  ps.add(Statement.bbsSignatureProver(params, revealed, false));
  vs.add(Statement.bbsSignatureVerifier(params, keypair.publicKey, revealed, false));
  ws.add(Witness.bbsSignature(sig, unrevealed, false));
  const metas = new MetaStatements();
  if (bound) {
    ps.add(bound.statement);
    vs.add(bound.statement);
    ws.add(bound.witness);
    const eq = new WitnessEqualityMetaStatement();
    eq.addWitnessRef(0, 1);
    eq.addWitnessRef(1, 0);
    metas.add(MetaStatement.witnessEquality(eq));
  }
  const pspec = new QuasiProofSpec(ps, metas), vspec = new QuasiProofSpec(vs, metas);
  const prove = () => CompositeProof.generateUsingQuasiProofSpec(pspec, ws, nonce);
  const proof = prove();
  const verify = () => {
    const r = proof.verifyUsingQuasiProofSpec(vspec, nonce);
    if (!r.verified) throw new Error('not verified: ' + r.error);
  };
  return { prove, verify, bytes: proof.value.length };
}

function report(name, bits, p, n) {
  const v = measure(p.verify, n), pr = measure(() => { p.prove(); }, Math.max(1, n >> 2));
  console.log(JSON.stringify({ lib: 'docknetwork/crypto-wasm-ts@0.67.0', case: name, bits, proofBytes: p.bytes, verify: v, prove: pr }));
}

report('baseline (BBS only)', 0, presentation(null), 40);
// Bulletproofs++ works here only with base 2 and 64-bit values (other
// bases and value sizes panic in the WebAssembly), so every width is a
// proof of two 64-bit values. Bounds are JavaScript numbers, at most
// 2^53 − 1: the widest range is [0, 2^53 − 2] (max is exclusive).
const bpp = new BoundCheckBppParams(label, 2, 64).decompress();
const smc = new BoundCheckSmcParams(label, 16).decompress();
for (const bits of [8, 32, 53]) {
  const max = bits === 53 ? Number.MAX_SAFE_INTEGER : 2 ** bits;
  for (const [name, make, n] of [
    ['bulletproofs++ (base 2, 64-bit values)', () => ({ statement: Statement.boundCheckBpp(0, max, bpp), witness: Witness.boundCheckBpp(messages[1]) }), 10],
    ['set-membership check (CCS08, base 16)', () => ({ statement: Statement.boundCheckSmc(0, max, smc), witness: Witness.boundCheckSmc(messages[1]) }), 3],
  ]) {
    try {
      report(name, bits, presentation(make()), n);
    } catch (e) {
      console.log(JSON.stringify({ lib: 'docknetwork/crypto-wasm-ts@0.67.0', case: name, bits, error: String(e && e.message || e) }));
    }
  }
}
