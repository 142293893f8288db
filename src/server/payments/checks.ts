import type { PaymentMethod } from '../../api/contracts/payments';
import type { WirePayload } from '../../forms/definitions/types';
import type { Currency } from '../../lib/money';
import { METHOD_LABELS } from '../../lib/payments';

/**
 * The checks of a payment that need no table: the reference's shape for its method, the
 * destination's shape, the currency a method pays in, and whether the destination is the one the
 * grantee's payment details name.
 */

export const ON_CHAIN: ReadonlySet<PaymentMethod> = new Set(['eth', 'eth_l2', 'dai', 'dai_l2']);

export const isOnChain = (method: PaymentMethod): boolean => ON_CHAIN.has(method);

/** The currency each method moves: a token on-chain, dollars by bank transfer. */
export const CURRENCY_OF_METHOD: Readonly<Record<PaymentMethod, Currency>> = { bank_transfer: 'USD', eth: 'ETH', eth_l2: 'ETH', dai: 'DAI', dai_l2: 'DAI' };

export { METHOD_LABELS };

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** 1–64 characters, none a control or format character (a bank's own reference, as printed). */
const BANK_REFERENCE = /^[^\p{C}]{1,64}$/u;
const BANK_ACCOUNT = /^[^\p{C}]{1,64}$/u;

export const REFUSALS = {
  txHash: 'El hash de la transacción debe ser 0x seguido de 64 caracteres hexadecimales.',
  bankReference: 'La referencia bancaria debe tener entre 1 y 64 caracteres imprimibles.',
  address: 'La dirección de destino debe ser 0x seguido de 40 caracteres hexadecimales.',
  account: 'El IBAN o número de cuenta de destino debe tener entre 1 y 64 caracteres imprimibles.',
  currency: (method: PaymentMethod, currency: Currency) => `Un pago por ${METHOD_LABELS[method]} se registra en ${currency}.`,
} as const;

/** The reference as stored (trimmed), or a Spanish refusal. */
export function checkReference(method: PaymentMethod, reference: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = reference.trim();
  if (isOnChain(method)) return TX_HASH.test(value) ? { ok: true, value: value.toLowerCase() } : { ok: false, message: REFUSALS.txHash };
  return BANK_REFERENCE.test(value) ? { ok: true, value } : { ok: false, message: REFUSALS.bankReference };
}

/** The destination as stored (trimmed), or a Spanish refusal. */
export function checkDestination(method: PaymentMethod, destination: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = destination.trim();
  if (isOnChain(method)) return ADDRESS.test(value) ? { ok: true, value } : { ok: false, message: REFUSALS.address };
  return BANK_ACCOUNT.test(value) ? { ok: true, value } : { ok: false, message: REFUSALS.account };
}

/** Addresses compare without their EIP-55 capitals; IBANs without spaces, dashes or case ("ES91 2100-…"). */
export function normaliseDestination(method: PaymentMethod, destination: string): string {
  const value = destination.trim();
  return isOnChain(method) ? value.toLowerCase() : value.replace(/[\s-]+/g, '').toUpperCase();
}

/** Where the payment details tell us to send a payment by `method`: the token's address, or the IBAN. */
export function destinationsInDetails(method: PaymentMethod, payload: WirePayload): string[] {
  const fields = method === 'bank_transfer' ? ['IBAN'] : method.startsWith('eth') ? ['ethAddress'] : ['daiAddress'];
  return fields.flatMap((field) => {
    const value = payload[field];
    return typeof value === 'string' && value.trim() !== '' ? [normaliseDestination(method, value)] : [];
  });
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30): a payment's date, a range's end. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** The public reference of a payment, what a grantee sees: the transaction hash, never a bank's reference. */
export const publicReference = (method: PaymentMethod, reference: string): string | null => (isOnChain(method) ? reference : null);
