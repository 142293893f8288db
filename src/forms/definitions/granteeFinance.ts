import { endpoints } from '../../api/endpoints';
import { CRYPTO_PAYMENT, DAI, ETH, FIAT_PAYMENT, paymentPreferences, tokenPreferences } from '../options';
import { defineForm } from './defineForm';
import { hasValidChecksum } from './eip55';
import { valueOf } from './fieldState';
import { SHORT_TEXT_MAX, buildField, cappedText, longText, whenValue, yesNoQuestion } from './fields';
import type { FieldDefinition, FormValues } from './types';

/** The key phrase that ties the form to a grantee: checked by the API, never stored. */
export const SECURITY_ID_FIELD = 'granteeSecurityID';

const ADDRESS = /^0x[a-fA-F0-9]{40}$/;

const paysInCrypto = whenValue('paymentPreference', CRYPTO_PAYMENT);
const paysInFiat = whenValue('paymentPreference', FIAT_PAYMENT);
const hasChosenPayment = (values: FormValues): boolean => valueOf(values, 'paymentPreference') !== '';

/** The ETH or DAI address: shown for its token, 0x plus 40 hex, and its EIP-55 checksum when mixed case. */
function walletAddress(name: 'ethAddress' | 'daiAddress', token: string): FieldDefinition {
  return cappedText(name, `${token} address`, `${token} address`, 50, 'crypto', {
    placeholder: '0x…',
    help: 'Check it twice: funds sent to a wrong address cannot be recovered.',
    visibleWhen: (values) => paysInCrypto(values) && valueOf(values, 'tokenPreference') === token,
    pattern: { regex: ADDRESS, message: `${token} address must have a valid format.` },
    checks: [{ test: hasValidChecksum, message: `${token} address checksum does not match: check the capital letters, or write it all in lower case.` }],
  });
}

const bankField = (name: string, label: string, subject: string, maxLength: number): FieldDefinition =>
  cappedText(name, label, subject, maxLength, 'bank', { visibleWhen: paysInFiat });

const ADDRESS_FIELDS = ['ethAddress', 'daiAddress'] as const;
const BANK_FIELDS = ['beneficiaryAddress', 'bankName', 'bankAddress', 'IBAN', 'SWIFTCode', 'fiatCurrencyCode'] as const;

/**
 * Grantee finance: payment details, gated by the grantee security ID
 * the server checks. No captcha and no browser draft (payment details are not left in storage).
 */
export const granteeFinance = defineForm({
  key: 'grantee-finance',
  kind: 'payment-details',
  elementId: 'grantee-finance-form',
  title: 'Grantee payment details',
  sections: [
    { id: 'preference', title: 'Payment preference' },
    { id: 'beneficiary', title: 'Beneficiary' },
    { id: 'crypto', title: 'Crypto payment' },
    { id: 'bank', title: 'Bank details' },
    { id: 'confirmation', title: 'Notes and security ID' },
  ],
  fields: [
    buildField('paymentPreference', 'radio', 'preference', {
      label: 'How would you like to be paid?',
      required: true,
      options: paymentPreferences,
      messages: { required: 'Payment preference is required.' },
      resetsOnChange: ['tokenPreference', 'l2Payment', ...ADDRESS_FIELDS, ...BANK_FIELDS],
    }),

    cappedText('beneficiaryName', 'Beneficiary name', 'Beneficiary name', 100, 'beneficiary', { visibleWhen: hasChosenPayment }),
    buildField('contactEmail', 'email', 'beneficiary', {
      label: 'Contact email',
      required: true,
      visibleWhen: hasChosenPayment,
      messages: { required: 'Contact email is required.', invalid: 'Contact email must be a valid email address.' },
    }),

    buildField('tokenPreference', 'radio', 'crypto', {
      label: 'Token',
      required: true,
      options: tokenPreferences,
      defaultValue: ETH,
      visibleWhen: paysInCrypto,
      messages: { required: 'Token preference is required.' },
      resetsOnChange: [...ADDRESS_FIELDS],
    }),
    yesNoQuestion('l2Payment', 'crypto', 'Would you like to be paid on a Layer 2 network?', 'No', 'Please answer whether you want a Layer 2 payment.', { visibleWhen: paysInCrypto }),
    walletAddress('ethAddress', ETH),
    walletAddress('daiAddress', DAI),

    bankField('beneficiaryAddress', 'Beneficiary address', 'Beneficiary address', SHORT_TEXT_MAX),
    bankField('bankName', 'Bank name', 'Bank name', 100),
    bankField('bankAddress', 'Bank address', 'Bank address', SHORT_TEXT_MAX),
    bankField('IBAN', 'IBAN or account number', 'IBAN', 50),
    bankField('SWIFTCode', 'SWIFT / BIC code', 'SWIFT code', 100),
    cappedText('fiatCurrencyCode', 'Currency code', 'Currency code', 3, 'bank', { visibleWhen: paysInFiat, placeholder: 'EUR', help: 'The three-letter ISO 4217 code of the currency to be paid in.' }),

    longText('notes', 'Notes', 'confirmation', { required: false, visibleWhen: hasChosenPayment }),
    cappedText(SECURITY_ID_FIELD, 'Security Grantee ID', 'Security Grantee ID', 18, 'confirmation', {
      visibleWhen: hasChosenPayment,
      help: 'The key phrase the programme team sent you.',
      neverStored: true,
    }),
  ],
  submitLabel: 'Submit',
  captcha: false,
  upload: false,
  saveDraft: false,
  endpoint: () => endpoints.granteeFinance,
  thankYouPath: '/applicants/grantee-finance/thank-you/',
});
