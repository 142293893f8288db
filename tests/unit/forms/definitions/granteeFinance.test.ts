// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { granteeFinance } from '@/forms/definitions';
import { toChecksumAddress } from '@/forms/definitions/eip55';
import { valuesAfterChange } from '@/forms/definitions/fieldState';
import { defaultValues, validateForm, visibleFields } from '@/forms/definitions/validate';
import type { FormValues } from '@/forms/definitions';
import { CHECKSUMMED_ADDRESS, validFinanceCrypto, validFinanceFiat } from '../../../../scripts/support/formAnswers';
import { CHOICE_INVALID, OPTIONAL_LONG_TEXT, describeRuleTable } from './ruleTable';

const FIAT = validFinanceFiat();
const DAI = { tokenPreference: 'DAI', ethAddress: '', daiAddress: CHECKSUMMED_ADDRESS.toLowerCase() };
/** The same address with the case of its first letter flipped: a checksum typo. */
const MISCASED = CHECKSUMMED_ADDRESS.replace('aA', 'AA');

const addressCases = (token: 'ETH' | 'DAI'): ReadonlyArray<readonly [string, string]> => [
  [`0x${'a'.repeat(49)}`, `${token} address cannot exceed 50 characters.`],
  [`0x${'a'.repeat(39)}`, `${token} address must have a valid format.`],
  [`0x${'a'.repeat(41)}`, `${token} address must have a valid format.`],
  [`0x${'g'.repeat(40)}`, `${token} address must have a valid format.`],
  [`0X${'a'.repeat(40)}`, `${token} address must have a valid format.`],
  ['a'.repeat(42), `${token} address must have a valid format.`],
  [MISCASED, `${token} address checksum does not match: check the capital letters, or write it all in lower case.`],
];

describeRuleTable(granteeFinance, validFinanceCrypto, [
  { field: 'paymentPreference', required: 'Payment preference is required.', invalid: [CHOICE_INVALID] },
  { field: 'beneficiaryName', required: 'Beneficiary name is required.', cap: [100, 'Beneficiary name cannot exceed 100 characters.'] },
  { field: 'contactEmail', required: 'Contact email is required.', invalid: [['ana@', 'Contact email must be a valid email address.']] },
  { field: 'tokenPreference', required: 'Token preference is required.', invalid: [CHOICE_INVALID] },
  { field: 'l2Payment', required: 'Please answer whether you want a Layer 2 payment.', invalid: [CHOICE_INVALID] },
  { field: 'ethAddress', required: 'ETH address is required.', invalid: addressCases('ETH') },
  { field: 'daiAddress', given: DAI, required: 'DAI address is required.', invalid: addressCases('DAI') },
  { field: 'beneficiaryAddress', given: FIAT, required: 'Beneficiary address is required.', cap: [255, 'Beneficiary address cannot exceed 255 characters.'] },
  { field: 'bankName', given: FIAT, required: 'Bank name is required.', cap: [100, 'Bank name cannot exceed 100 characters.'] },
  { field: 'bankAddress', given: FIAT, required: 'Bank address is required.', cap: [255, 'Bank address cannot exceed 255 characters.'] },
  { field: 'IBAN', given: FIAT, required: 'IBAN is required.', cap: [50, 'IBAN cannot exceed 50 characters.'] },
  { field: 'SWIFTCode', given: FIAT, required: 'SWIFT code is required.', cap: [100, 'SWIFT code cannot exceed 100 characters.'] },
  { field: 'fiatCurrencyCode', given: FIAT, required: 'Currency code is required.', cap: [3, 'Currency code cannot exceed 3 characters.'] },
  { field: 'notes', ...OPTIONAL_LONG_TEXT },
  { field: 'granteeSecurityID', required: 'Security Grantee ID is required.', cap: [18, 'Security Grantee ID cannot exceed 18 characters.'] },
]);

const shown = (values: FormValues): string[] => visibleFields(granteeFinance, values).map((field) => field.name);
const SHARED = ['beneficiaryName', 'contactEmail', 'notes', 'granteeSecurityID'];
const CRYPTO = ['tokenPreference', 'l2Payment'];
const BANK = ['beneficiaryAddress', 'bankName', 'bankAddress', 'IBAN', 'SWIFTCode', 'fiatCurrencyCode'];

describe('grantee finance: addresses', () => {
  it.each([
    ['all lower case', CHECKSUMMED_ADDRESS.toLowerCase()],
    ['all upper case', `0x${CHECKSUMMED_ADDRESS.slice(2).toUpperCase()}`],
    ['the EIP-55 spelling', CHECKSUMMED_ADDRESS],
  ])('accepts an address in %s', (_, ethAddress) => {
    expect(validateForm(granteeFinance, { ...validFinanceCrypto(), ethAddress })).toEqual({});
  });

  // The test vectors of EIP-55 itself, each already in its checksum spelling.
  it.each([
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('spells %s as EIP-55 does', (vector) => {
    expect(toChecksumAddress(vector.toLowerCase())).toBe(vector);
  });
});

describe('grantee finance: transitions', () => {
  it('shows only the payment preference until one is chosen, with token ETH and Layer 2 No as defaults', () => {
    const defaults = defaultValues(granteeFinance);
    expect(shown(defaults)).toEqual(['paymentPreference']);
    expect([defaults.tokenPreference, defaults.l2Payment]).toEqual(['ETH', 'No']);
    expect(validateForm(granteeFinance, defaults)).toEqual({ paymentPreference: 'Payment preference is required.' });
  });

  it('ETH/DAI reveals the shared fields, token, Layer 2 and the address of the chosen token', () => {
    const eth = { ...defaultValues(granteeFinance), paymentPreference: 'ETH/DAI' };
    expect(shown(eth).sort()).toEqual(['paymentPreference', ...SHARED, ...CRYPTO, 'ethAddress'].sort());
    expect(shown({ ...eth, tokenPreference: 'DAI' }).sort()).toEqual(['paymentPreference', ...SHARED, ...CRYPTO, 'daiAddress'].sort());
  });

  it('Fiat reveals the shared fields and the bank fields', () => {
    const fiat = { ...defaultValues(granteeFinance), paymentPreference: 'Fiat' };
    expect(shown(fiat).sort()).toEqual(['paymentPreference', ...SHARED, ...BANK].sort());
  });

  it('changing the payment preference clears addresses and bank fields and resets token and Layer 2', () => {
    const typed: FormValues = { ...validFinanceFiat(), tokenPreference: 'DAI', l2Payment: 'Yes', ethAddress: CHECKSUMMED_ADDRESS, daiAddress: CHECKSUMMED_ADDRESS };
    const after = valuesAfterChange(granteeFinance.fields, typed, 'paymentPreference', 'ETH/DAI');
    expect(after).toEqual({
      ...typed,
      paymentPreference: 'ETH/DAI',
      tokenPreference: 'ETH',
      l2Payment: 'No',
      ethAddress: '',
      daiAddress: '',
      ...Object.fromEntries(BANK.map((name) => [name, ''])),
    });
    // The shared fields survive.
    expect(SHARED.map((name) => after[name])).toEqual(SHARED.map((name) => typed[name]));
  });

  it('changing the token clears both addresses and nothing else', () => {
    const typed = { ...validFinanceCrypto(), l2Payment: 'Yes', daiAddress: CHECKSUMMED_ADDRESS };
    expect(valuesAfterChange(granteeFinance.fields, typed, 'tokenPreference', 'DAI')).toEqual({ ...typed, tokenPreference: 'DAI', ethAddress: '', daiAddress: '' });
  });

  it('choosing the value already chosen clears nothing', () => {
    const typed = validFinanceCrypto();
    expect(valuesAfterChange(granteeFinance.fields, typed, 'paymentPreference', 'ETH/DAI')).toEqual(typed);
    expect(valuesAfterChange(granteeFinance.fields, typed, 'tokenPreference', 'ETH')).toEqual(typed);
  });
});

describe('grantee finance: payload', () => {
  it('is sent with PUT to /api/grantee-finance as JSON, l2Payment as a boolean, without captcha or draft', () => {
    expect(granteeFinance.endpoint(validFinanceCrypto())).toEqual({ method: 'PUT', path: '/api/grantee-finance', encoding: 'json' });
    expect(granteeFinance.toPayload(validFinanceCrypto())).toEqual({
      paymentPreference: 'ETH/DAI',
      beneficiaryName: 'Ana Pérez',
      contactEmail: 'ana@example.org',
      tokenPreference: 'ETH',
      l2Payment: false,
      ethAddress: CHECKSUMMED_ADDRESS,
      notes: '',
      granteeSecurityID: 'blue-river-42',
    });
    expect(granteeFinance.toPayload({ ...validFinanceCrypto(), l2Payment: 'Yes' }).l2Payment).toBe(true);
    expect([granteeFinance.captcha, granteeFinance.saveDraft]).toEqual([false, false]);
  });

  it('sends the bank fields and no crypto fields for Fiat', () => {
    const payload = granteeFinance.toPayload(validFinanceFiat());
    expect(BANK.filter((name) => !(name in payload))).toEqual([]);
    expect([...CRYPTO, 'ethAddress', 'daiAddress'].filter((name) => name in payload)).toEqual([]);
  });
});
