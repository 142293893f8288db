/** How a grant payment is made (shared by the API's contract, the server and the Pagos page). */
export const PAYMENT_METHODS = ['bank_transfer', 'eth', 'eth_l2', 'dai', 'dai_l2'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How the Pagos page, its CSV and the export name the grantee of a payment kept after their data was erased. */
export const ERASED_GRANTEE = 'Datos borrados';
