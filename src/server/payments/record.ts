import type { RecordPaymentBody, TeamPayment } from '../../api/contracts/payments';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { formatDay } from '../../lib/grantText';
import { formatAmount, isCurrency, minorFromDatabase, parseAmount, type Currency } from '../../lib/money';
import type { FinanceKeyring } from '../finance/encryption';
import { PAYMENT_DESTINATION, sealValue } from '../finance/sealedColumns';
import { paymentDetailsOfSubmission } from '../finance/views';
import { settleGrant } from '../grants/service';
import type { Queryable } from '../storage/database';
import { recordAudit } from '../team/audit';
import { enqueueWebhookEvent } from '../webhooks/outbox';
import { checkDestination, checkReference, CURRENCY_OF_METHOD, isCalendarDay, destinationsInDetails, normaliseDestination, REFUSALS } from './checks';
import { paidOnGrant, paymentById } from './read';

/**
 * Recording a payment (finance): every check, then the row, its audit entry, the
 * `grant.payment_recorded` webhook and the grant's settlement, in the caller's transaction.
 * A refusal stores nothing: every check runs before the first write.
 */

/** 409 is kept for the one refusal a confirmation lifts (the destination); the others are 400 or 404. */
export type PaymentRefusal = { readonly status: 400 | 404 | 409; readonly message: string; readonly destinationMismatch?: true };

export type RecordedPayment = { readonly payment: TeamPayment; readonly paid: bigint; readonly outstanding: bigint; readonly currency: Currency; readonly grantState: string };

export const PAYMENT_MESSAGES = {
  noGrant: 'Esta solicitud no tiene una beca.',
  notActive: 'La beca no está activa: no se registran pagos en ella.',
  grantValueMissing: (paid: Currency, grant: Currency) => `El pago es en ${paid} y la beca en ${grant}: escribe su valor en ${grant} y el tipo de cambio usado.`,
  rateMissing: (paid: Currency, grant: Currency) => `Escribe el tipo de cambio usado entre ${paid} y ${grant}.`,
  badDate: 'La fecha del pago no es una fecha válida (AAAA-MM-DD).',
  beforeGrant: (day: string) => `La fecha del pago no puede ser anterior a la beca (${formatDay(day)}).`,
  future: 'La fecha del pago no puede ser futura.',
  noMilestone: 'No encontramos ese hito en esta beca.',
  notAccepted: 'Solo se puede registrar el pago de un hito aceptado; sin hito, se registra como anticipo.',
  overpaid: (left: string) => `Este pago supera el monto aprobado: quedan ${left} por pagar.`,
  noDetails: 'La persona beneficiaria aún no envió datos de pago: revisa el destino y confirma para registrar el pago igualmente.',
  unreadableDetails: 'No pudimos descifrar los datos de pago más recientes: revisa el destino y confirma para registrar el pago igualmente.',
  mismatch: (version: number) =>
    `El destino no coincide con los datos de pago más recientes de la persona beneficiaria (versión ${version}). Revísalo; si es correcto, confirma para registrar el pago igualmente.`,
} as const;

type GrantRow = { id: string; amount: string; currency: string; state: string; created_at: Date; status: ApplicationStatus };

const dayOf = (moment: Date): string => moment.toISOString().slice(0, 10);

type Checked = { amount: bigint; grantAmount: bigint; rate: string | null; reference: string; destination: string };

/** The checks that need only the body and the grant. */
function checkBody(body: RecordPaymentBody, grant: { currency: Currency; createdAt: Date }, today: string): Checked | PaymentRefusal {
  const refuse = (message: string): PaymentRefusal => ({ status: 400, message });
  const methodCurrency = CURRENCY_OF_METHOD[body.method];
  if (body.currency !== methodCurrency) return refuse(REFUSALS.currency(body.method, methodCurrency));
  const amount = parseAmount(body.amount, body.currency);
  if (!amount.ok) return refuse(amount.message);
  let grantAmount = amount.minor;
  let rate: string | null = null;
  if (body.currency !== grant.currency) {
    if (body.grantAmount === undefined || body.grantAmount.trim() === '') return refuse(PAYMENT_MESSAGES.grantValueMissing(body.currency, grant.currency));
    const value = parseAmount(body.grantAmount, grant.currency);
    if (!value.ok) return refuse(`Valor en ${grant.currency}: ${value.message}`);
    rate = body.rate?.trim() ?? '';
    if (rate === '') return refuse(PAYMENT_MESSAGES.rateMissing(body.currency, grant.currency));
    grantAmount = value.minor;
  }
  if (!isCalendarDay(body.paidOn)) return refuse(PAYMENT_MESSAGES.badDate);
  if (body.paidOn < dayOf(grant.createdAt)) return refuse(PAYMENT_MESSAGES.beforeGrant(dayOf(grant.createdAt)));
  if (body.paidOn > today) return refuse(PAYMENT_MESSAGES.future);
  const reference = checkReference(body.method, body.reference);
  if (!reference.ok) return refuse(reference.message);
  const destination = checkDestination(body.method, body.destination);
  if (!destination.ok) return refuse(destination.message);
  return { amount: amount.minor, grantAmount, rate, reference: reference.value, destination: destination.value };
}

/** The grantee's latest payment details against the destination: the version checked, or the refusal to confirm. */
async function checkAgainstDetails(tx: Queryable, submissionId: string, body: RecordPaymentBody, destination: string, keyring: FinanceKeyring): Promise<{ version: number | null; mismatch: boolean } | PaymentRefusal> {
  const [latest] = await paymentDetailsOfSubmission(tx, submissionId, keyring);
  const mismatch = (message: string): PaymentRefusal => ({ status: 409, message, destinationMismatch: true });
  let refusal: PaymentRefusal | null = null;
  if (!latest) refusal = mismatch(PAYMENT_MESSAGES.noDetails);
  else if (latest.payload === null) refusal = mismatch(PAYMENT_MESSAGES.unreadableDetails);
  else if (!destinationsInDetails(body.method, latest.payload).includes(normaliseDestination(body.method, destination))) refusal = mismatch(PAYMENT_MESSAGES.mismatch(latest.version));
  if (refusal && body.confirmMismatch !== true) return refusal;
  return { version: latest?.version ?? null, mismatch: refusal !== null };
}

const isRefusal = (value: object): value is PaymentRefusal => 'message' in value && 'status' in value;

export async function recordPayment(
  tx: Queryable,
  input: { readonly submissionId: string; readonly reference: string; readonly body: RecordPaymentBody; readonly actor: { memberId: string; email: string }; readonly keyring: FinanceKeyring; readonly now?: Date },
): Promise<RecordedPayment | PaymentRefusal> {
  const { body } = input;
  // Locks the grant: two payments recorded at once cannot both fit under the approved amount.
  const [grant] = await tx.query<GrantRow>(
    `SELECT g.id::text AS id, g.amount::text AS amount, g.currency, g.state, g.created_at, s.status
     FROM grants g JOIN submissions s ON s.id = g.submission_id WHERE g.submission_id = $1 FOR UPDATE OF g`,
    [input.submissionId],
  );
  if (!grant || !isCurrency(grant.currency)) return { status: 404, message: PAYMENT_MESSAGES.noGrant };
  if (grant.state !== 'active') return { status: 400, message: PAYMENT_MESSAGES.notActive };
  const currency = grant.currency;
  const checked = checkBody(body, { currency, createdAt: new Date(grant.created_at) }, dayOf(input.now ?? new Date()));
  if (isRefusal(checked)) return checked;

  const milestoneId = body.milestoneId ?? null;
  if (milestoneId !== null) {
    const [milestone] = await tx.query<{ state: string }>('SELECT state FROM grant_milestones WHERE id = $1 AND grant_id = $2', [milestoneId, grant.id]);
    if (!milestone) return { status: 404, message: PAYMENT_MESSAGES.noMilestone };
    if (milestone.state !== 'accepted') return { status: 400, message: PAYMENT_MESSAGES.notAccepted };
  }
  const approved = minorFromDatabase(grant.amount);
  const paidBefore = await paidOnGrant(tx, grant.id);
  if (paidBefore + checked.grantAmount > approved) return { status: 400, message: PAYMENT_MESSAGES.overpaid(formatAmount(approved - paidBefore, currency)) };
  const details = await checkAgainstDetails(tx, input.submissionId, body, checked.destination, input.keyring);
  if (isRefusal(details)) return details;

  const [next] = await tx.query<{ id: string }>("SELECT nextval('grant_payments_id_seq')::text AS id");
  if (!next) throw new Error('no payment id');
  await tx.query(
    `INSERT INTO grant_payments (id, grant_id, milestone_id, amount, currency, grant_amount, rate, paid_on, method, reference,
       destination_ciphertext, destination_iv, destination_auth_tag, destination_key_id, details_version, destination_mismatch_confirmed, recorded_by)
     VALUES ($1, $2, $3, $4::numeric, $5, $6::numeric, $7, $8::date, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [
      next.id,
      grant.id,
      milestoneId,
      checked.amount.toString(),
      body.currency,
      checked.grantAmount.toString(),
      checked.rate,
      body.paidOn,
      body.method,
      checked.reference,
      ...sealValue(input.keyring, PAYMENT_DESTINATION, next.id, '', checked.destination),
      details.version,
      details.mismatch,
      input.actor.memberId,
    ],
  );
  await recordAudit(tx, { actor: input.actor.email, action: 'record-payment', target: `${input.reference} · pago ${next.id}${details.mismatch ? ' · destino distinto confirmado' : ''}` });
  await enqueueWebhookEvent(tx, { submissionId: input.submissionId, type: 'grant.payment_recorded', status: grant.status, previousStatus: null });
  await settleGrant(tx, grant.id, input.actor, input.keyring);
  const [state] = await tx.query<{ state: string }>('SELECT state FROM grants WHERE id = $1', [grant.id]);
  const payment = await paymentById(tx, next.id, { seesBankReferences: true });
  if (!payment) throw new Error('the payment just stored is missing');
  const paid = paidBefore + checked.grantAmount;
  return { payment, paid, outstanding: approved - paid, currency, grantState: state?.state ?? grant.state };
}
