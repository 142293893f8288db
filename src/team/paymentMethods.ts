import { METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@/lib/payments';
import type { FormValues } from '@/forms/definitions/types';
import type { Currency } from '@/lib/money';

/** What each method moves and how the page names it (the server checks the same pairs). */
export const METHODS: Readonly<Record<PaymentMethod, { label: string; currency: Currency; onChain: boolean }>> = {
  bank_transfer: { label: `${METHOD_LABELS.bank_transfer} (USD)`, currency: 'USD', onChain: false },
  eth: { label: METHOD_LABELS.eth, currency: 'ETH', onChain: true },
  eth_l2: { label: METHOD_LABELS.eth_l2, currency: 'ETH', onChain: true },
  dai: { label: METHOD_LABELS.dai, currency: 'DAI', onChain: true },
  dai_l2: { label: METHOD_LABELS.dai_l2, currency: 'DAI', onChain: true },
};

const isMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);
export const currencyOf = (values: FormValues): Currency | null => (isMethod(values.method ?? '') ? METHODS[values.method as PaymentMethod].currency : null);
