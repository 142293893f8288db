import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * EIP-55 mixed-case checksum addresses (money goes where the grantee's address says, so a
 * mistyped character in a checksummed address must be caught before it is stored).
 */

const ADDRESS = /^0x[a-fA-F0-9]{40}$/;

/** The EIP-55 spelling of a well-formed address (0x plus 40 hex digits, any case). */
export function toChecksumAddress(address: string): string {
  if (!ADDRESS.test(address)) throw new Error('Not an address: 0x followed by 40 hex characters expected.');
  const hex = address.slice(2).toLowerCase();
  // Keccak-256 (Ethereum's, not the standardised SHA3-256) of the lower-case hex as text.
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let checksummed = '0x';
  for (let i = 0; i < hex.length; i++) {
    const char = hex.charAt(i);
    // A letter is upper case when the matching nibble of the hash of the lower-case hex is 8 or more.
    checksummed += parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return checksummed;
}

/**
 * Whether an address's letter case is acceptable: all lower or all upper case carries no
 * checksum and is accepted as is (EIP-55); mixed case must be the exact checksum spelling.
 * A string that is not an address is not this rule's business (the pattern reports it): true.
 */
export function hasValidChecksum(address: string): boolean {
  if (!ADDRESS.test(address)) return true;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}
