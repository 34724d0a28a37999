// Package asm is a workaround to force go mod vendor to include the asm files
// see https://github.com/Consensys/gnark-crypto/issues/619
package asm

const DUMMY = 0
const qInvNeg = 0
const mu = 0
const q = 0
const q0 = 0
const q1 = 0
const q2 = 0
const q3 = 0
