/**
 * Keccak-256 (the pre-standard SHA-3 variant Ethereum uses), for the EIP-55 address checksum.
 * No package for it is installed, and node:crypto offers only the standardised SHA3-256, which pads
 * differently. Written for clarity over speed (64-bit lanes as BigInt): it hashes one 40-character
 * address per check.
 */

const MASK_64 = (1n << 64n) - 1n;
const RATE_BYTES = 136; // 1600-bit state minus 2 × 256-bit capacity
const ROUNDS = 24;

function rotateLeft(lane: bigint, by: number): bigint {
  const shift = BigInt(by % 64);
  return shift === 0n ? lane : ((lane << shift) | (lane >> (64n - shift))) & MASK_64;
}

// Round constants and rotation offsets are derived as in the Keccak reference (FIPS 202, 3.2)
// rather than typed out: 24 hand-copied 64-bit constants are an easy place for a silent typo.
const ROUND_CONSTANTS: readonly bigint[] = (() => {
  let lfsr = 1;
  const nextBit = (): bigint => {
    const bit = BigInt(lfsr & 1);
    lfsr = lfsr & 0x80 ? ((lfsr << 1) ^ 0x71) & 0xff : lfsr << 1;
    return bit;
  };
  return Array.from({ length: ROUNDS }, () => {
    let constant = 0n;
    for (let j = 0; j < 7; j++) if (nextBit()) constant |= 1n << BigInt(2 ** j - 1);
    return constant;
  });
})();

/** ROTATIONS[x + 5y]: the ρ step's offset for lane (x, y). */
const ROTATIONS: readonly number[] = (() => {
  const offsets = new Array<number>(25).fill(0);
  let [x, y] = [1, 0];
  for (let t = 0; t < 24; t++) {
    offsets[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  return offsets;
})();

const lane = (state: readonly bigint[], x: number, y: number): bigint => state[(x % 5) + 5 * (y % 5)] ?? 0n;

function permute(state: bigint[]): void {
  for (let round = 0; round < ROUNDS; round++) {
    // θ: each column is mixed with its two neighbours.
    const columns = [0, 1, 2, 3, 4].map((x) => lane(state, x, 0) ^ lane(state, x, 1) ^ lane(state, x, 2) ^ lane(state, x, 3) ^ lane(state, x, 4));
    for (let x = 0; x < 5; x++) {
      const mix = (columns[(x + 4) % 5] ?? 0n) ^ rotateLeft(columns[(x + 1) % 5] ?? 0n, 1);
      for (let y = 0; y < 5; y++) state[x + 5 * y] = lane(state, x, y) ^ mix;
    }
    // ρ and π: rotate every lane and move it to (y, 2x + 3y).
    const moved = new Array<bigint>(25).fill(0n);
    for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotateLeft(lane(state, x, y), ROTATIONS[x + 5 * y] ?? 0);
    // χ: the only non-linear step.
    for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) state[x + 5 * y] = lane(moved, x, y) ^ (~lane(moved, x + 1, y) & MASK_64 & lane(moved, x + 2, y));
    // ι
    state[0] = lane(state, 0, 0) ^ (ROUND_CONSTANTS[round] ?? 0n);
  }
}

/**
 * The sponge with a 256-bit output. `domain` is the first padding byte: 0x01 for Keccak-256,
 * 0x06 for the standard SHA3-256 (exposed so the tests can compare with node:crypto).
 */
export function sponge256(message: Uint8Array, domain: 0x01 | 0x06): Uint8Array {
  const padded = new Uint8Array(Math.floor(message.length / RATE_BYTES + 1) * RATE_BYTES);
  padded.set(message);
  padded[message.length] = (padded[message.length] ?? 0) ^ domain;
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) ^ 0x80;

  const state = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += RATE_BYTES) {
    for (let i = 0; i < RATE_BYTES / 8; i++) {
      let word = 0n;
      for (let b = 7; b >= 0; b--) word = (word << 8n) | BigInt(padded[offset + 8 * i + b] ?? 0);
      state[i] = (state[i] ?? 0n) ^ word; // lanes are little-endian
    }
    permute(state);
  }

  const digest = new Uint8Array(32);
  for (let i = 0; i < 32; i++) digest[i] = Number(((state[i >> 3] ?? 0n) >> BigInt(8 * (i & 7))) & 0xffn);
  return digest;
}

/** Keccak-256 of bytes, or of a string's UTF-8 encoding. */
export function keccak256(message: Uint8Array | string): Uint8Array {
  return sponge256(typeof message === 'string' ? new TextEncoder().encode(message) : message, 0x01);
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
