/**
 * Payments of a grant, recorded by finance, and the "Pagos" page: what to pay next, payments in a
 * date range and their CSV. Amounts travel as decimal strings ("1500.00", "0.25") and are exact
 * (src/lib/money.ts); a date is a calendar day, YYYY-MM-DD.
 */
import { Type, type Static } from 'typebox';
import { AMOUNT_FORMAT_MESSAGE, CURRENCY_CODES } from '../../lib/money';
import { PAYMENT_METHODS, type PaymentMethod } from '../../lib/payments';
import { Moment, RoundFilter, Text } from './common';

export { PAYMENT_METHODS, type PaymentMethod };

const AMOUNT_MESSAGE = AMOUNT_FORMAT_MESSAGE;
const DATE_MESSAGE = 'Escribe la fecha del pago como AAAA-MM-DD.';
const METHOD_MESSAGE = `El método debe ser uno de: ${PAYMENT_METHODS.join(', ')}.`;
const CURRENCY_MESSAGE = `La moneda debe ser una de: ${CURRENCY_CODES.join(', ')}.`;
const REFERENCE_MESSAGE = 'Escribe la referencia del pago: el hash de la transacción o la referencia bancaria.';
const DESTINATION_MESSAGE = 'Escribe la dirección o el IBAN al que se envió el pago.';
const MILESTONE_MESSAGE = 'Elige un hito, o ninguno para un anticipo.';

/** An amount as text ("1500.00", or "1.500,00" as the screens write it); its form, decimals and sign are checked against the currency by src/lib/money.ts parseAmount. */
const Amount = (message: string) => Text({ maxLength: 100, errorMessage: message });

export const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', errorMessage: DATE_MESSAGE });

export const PaymentCurrency = Type.Enum(CURRENCY_CODES, { errorMessage: CURRENCY_MESSAGE });

/** `POST /api/team/applications/:id/grant/payments` (finance). */
export const RecordPaymentBody = Type.Object(
  {
    /** The milestone paid; null (or absent) for an advance. */
    milestoneId: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]{1,18}$' }), Type.Null()], { errorMessage: MILESTONE_MESSAGE })),
    amount: Amount(AMOUNT_MESSAGE),
    currency: PaymentCurrency,
    /** Its value in the grant's currency: required when `currency` is not the grant's. */
    grantAmount: Type.Optional(Amount('Escribe el valor en la moneda de la beca como un número.')),
    /** The rate used, as entered (e.g. "1 ETH = 3.150,25 USD"); required with grantAmount. */
    rate: Type.Optional(Text({ maxLength: 64, errorMessage: 'El tipo de cambio admite como máximo 64 caracteres.' })),
    paidOn: Day,
    method: Type.Enum(PAYMENT_METHODS, { errorMessage: METHOD_MESSAGE }),
    /** A transaction hash (0x + 64 hex) on-chain, a bank reference for a transfer. */
    reference: Text({ maxLength: 200, errorMessage: REFERENCE_MESSAGE }),
    /** The address or IBAN the payment was sent to, compared with the grantee's latest payment details. */
    destination: Text({ minLength: 1, maxLength: 100, errorMessage: DESTINATION_MESSAGE }),
    /** Sent after a refusal for a destination that differs from the latest payment details. */
    confirmMismatch: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    errorMessage: {
      required: { amount: AMOUNT_MESSAGE, currency: CURRENCY_MESSAGE, paidOn: DATE_MESSAGE, method: METHOD_MESSAGE, reference: REFERENCE_MESSAGE, destination: DESTINATION_MESSAGE },
      additionalProperties: 'Tu envío lleva campos que no conocemos.',
    },
  },
);
export type RecordPaymentBody = Static<typeof RecordPaymentBody>;

/** A payment as the team reads it on the grant. `reference` is null for a reviewer on a bank transfer. */
export const TeamPayment = Type.Object({
  id: Type.String(),
  milestoneId: Type.Union([Type.String(), Type.Null()]),
  milestoneTitle: Type.Union([Type.String(), Type.Null()]),
  amount: Type.String(),
  currency: Type.Enum(CURRENCY_CODES),
  /** Value in the grant's currency. */
  grantAmount: Type.String(),
  rate: Type.Union([Type.String(), Type.Null()]),
  paidOn: Type.String(),
  method: Type.Enum(PAYMENT_METHODS),
  reference: Type.Union([Type.String(), Type.Null()]),
  /** The payment-details version the destination was checked against (null: none had been sent). */
  detailsVersion: Type.Union([Type.Integer(), Type.Null()]),
  destinationMismatchConfirmed: Type.Boolean(),
  recordedBy: Type.String(),
  recordedAt: Moment,
});
export type TeamPayment = Static<typeof TeamPayment>;

export const PaymentRecorded = Type.Object({ payment: TeamPayment, paid: Type.String(), outstanding: Type.String(), grantState: Type.String() });
export type PaymentRecorded = Static<typeof PaymentRecorded>;

/** A refusal; `destinationMismatch` when only the confirmation (confirmMismatch: true) is missing. */
export const PaymentRefused = Type.Object({ error: Type.String(), destinationMismatch: Type.Optional(Type.Boolean()) });
export type PaymentRefused = Static<typeof PaymentRefused>;

/** `/applications/:id/grant/payments/:paymentId/destination` (finance; every view audited). */
export const PaymentParams = Type.Object({ id: Type.String(), paymentId: Type.String() });
export type PaymentParams = Static<typeof PaymentParams>;
export const PaymentDestination = Type.Object({ destination: Type.Union([Type.String(), Type.Null()]), unreadable: Type.Optional(Type.String()) });
export type PaymentDestination = Static<typeof PaymentDestination>;

/** `GET /api/team/payments/due` (finance): accepted milestones not fully paid, oldest acceptance first. */
export const DueMilestone = Type.Object({
  /** The application's reference (the grant's page). */
  reference: Type.String(),
  grantee: Type.String(),
  milestoneId: Type.String(),
  position: Type.Integer(),
  title: Type.String(),
  acceptedAt: Moment,
  /** In the grant's currency. */
  currency: Type.Enum(CURRENCY_CODES),
  amount: Type.String(),
  paid: Type.String(),
  outstanding: Type.String(),
  /** The grant's creation day: a payment is not dated before it. */
  grantCreatedOn: Type.String(),
});
export type DueMilestone = Static<typeof DueMilestone>;
export const DueList = Type.Object({ due: Type.Array(DueMilestone) });
export type DueList = Static<typeof DueList>;

/**
 * `GET /api/team/payments?since=&before=&round=` and `/payments.csv` (finance): paid on or after since, before
 * `before`, for the applications of one round (its id; `all` or absent: every round).
 */
export const PaymentRange = Type.Object(
  { since: Type.Optional(Day), before: Type.Optional(Day), round: Type.Optional(RoundFilter) },
  { additionalProperties: false, errorMessage: { additionalProperties: 'Filtra solo por convocatoria (round) y por fechas: desde (since) y hasta (before), en formato AAAA-MM-DD.' } },
);
export type PaymentRange = Static<typeof PaymentRange>;

export const PaymentListRow = Type.Object({
  ...TeamPayment.properties,
  /** Null for a payment kept after its application was erased (the grantee then reads ERASED_GRANTEE). */
  applicationReference: Type.Union([Type.String(), Type.Null()]),
  grantee: Type.String(),
  grantCurrency: Type.Enum(CURRENCY_CODES),
});
export type PaymentListRow = Static<typeof PaymentListRow>;
export const PaymentList = Type.Object({ payments: Type.Array(PaymentListRow) });
export type PaymentList = Static<typeof PaymentList>;
