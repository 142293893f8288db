/** How a grant payment is made (shared by the API's contract, the server and the Pagos page). */
export const PAYMENT_METHODS = ['bank_transfer', 'eth', 'eth_l2', 'dai', 'dai_l2'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How every screen, message and export names a method: the one table (the team's Pagos form and
 * list, the grant's payments, the server's refusals, the accountant's export).
 */
export const METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  bank_transfer: 'Transferencia bancaria',
  eth: 'ETH',
  eth_l2: 'ETH en capa 2 (L2)',
  dai: 'DAI',
  dai_l2: 'DAI en capa 2 (L2)',
};

/** How the Pagos page, its CSV and the export name the grantee of a payment kept after their data was erased. */
export const ERASED_GRANTEE = 'Datos borrados';
