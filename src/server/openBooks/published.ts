import type { PublicPayment, PublishedGrant } from '../../api/contracts/openBooks';
import type { PaymentMethod } from '../../api/contracts/payments';
import { programmes, type ReviewedProgrammeKey } from '../../config/programmes';
import { milestoneStateLabels, milestoneStateOn, type StoredMilestoneState } from '../../lib/grants';
import { isCurrency, minorFromDatabase, toDecimalString, type Currency } from '../../lib/money';
import type { BlockExplorers, ExplorerNetwork } from '../config';
import type { Queryable } from '../storage/database';

/**
 * The public list of funded grants (open books, issue 51): what each grantee agreed to publish, and
 * nothing else. The database does the choosing: a grant appears only with `publish` on (and not
 * cancelled); its amount and its bank transfers (date and amount only) only with `show_amount`; its
 * milestones only with `show_milestones`; its on-chain payments only with `show_payments`. A bank
 * transfer's reference and every payment's destination are never selected. The application's answers
 * are never read: the project's name and description are the ones the grantee wrote for publication.
 * An erased application's grant is gone with its publication (migration 22), so it leaves the list at once.
 * `/becas-otorgadas/` (through GET /api/open-books/grants) and the DAOIP-5 feed both read this.
 */

export type PublishedGrantsOptions = {
  /** Per network, the transaction page each hash is appended to; a network without one gets `explorerUrl: null`. */
  readonly explorers?: BlockExplorers;
  /** Only this programme's grants. */
  readonly programme?: ReviewedProgrammeKey;
  /** Only the grants of applications in this round. */
  readonly roundId?: string;
  /** The day (YYYY-MM-DD, UTC) milestones are Vencido against; the database's today when absent. */
  readonly today?: string;
};

/** Which network an on-chain method pays on, and how the public list names it. */
const NETWORK_OF: Readonly<Record<Exclude<PaymentMethod, 'bank_transfer'>, ExplorerNetwork>> = { eth: 'ethereum', dai: 'ethereum', eth_l2: 'l2', dai_l2: 'l2' };
export const NETWORK_LABELS: Readonly<Record<ExplorerNetwork, string>> = { ethereum: 'Ethereum', l2: 'Capa 2' };

type PaymentJson = { method: PaymentMethod; paid_on: string; amount: string | null; currency: string | null; tx_hash: string | null };
type MilestoneJson = { title: string; state: StoredMilestoneState; due_date: string };
type PublishedRow = {
  id: string;
  programme: ReviewedProgrammeKey;
  round_id: string | null;
  round_name: string | null;
  approved_on: string;
  project_name: string;
  description: string;
  amount: string | null;
  currency: string | null;
  paid: string | null;
  milestones: MilestoneJson[] | null;
  payments: PaymentJson[];
  today: string;
};

/*
 * Every column that may be private is chosen here by the grantee's flags, so a hidden part never
 * leaves the database. Bank transfers carry no hash (tx_hash only for on-chain methods).
 */
const PUBLISHED_SELECT = `
  WITH pub AS (
    SELECT p.public_id, p.project_name, p.description, p.show_amount, p.show_milestones, p.show_payments,
           g.id AS grant_id, g.amount, g.currency, s.form, s.round_id, r.name AS round_name,
           to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS approved_on
    FROM grant_publications p
    JOIN grants g ON g.id = p.grant_id
    JOIN submissions s ON s.id = g.submission_id
    LEFT JOIN rounds r ON r.id = s.round_id
    WHERE p.publish AND g.state <> 'cancelled'
      AND ($2::text IS NULL OR s.form = $2::text)
      AND ($3::bigint IS NULL OR s.round_id = $3::bigint)
  )
  SELECT pub.public_id::text AS id, pub.form AS programme, pub.round_id::text AS round_id, pub.round_name, pub.approved_on,
    pub.project_name, pub.description,
    CASE WHEN pub.show_amount THEN pub.amount::text END AS amount,
    CASE WHEN pub.show_amount THEN pub.currency END AS currency,
    CASE WHEN pub.show_amount THEN (SELECT COALESCE(sum(gp.grant_amount), 0)::text FROM grant_payments gp WHERE gp.grant_id = pub.grant_id) END AS paid,
    CASE WHEN pub.show_milestones THEN (
      SELECT COALESCE(json_agg(json_build_object('title', m.title, 'state', m.state, 'due_date', to_char(m.due_date, 'YYYY-MM-DD')) ORDER BY m.position, m.id), '[]'::json)
      FROM grant_milestones m WHERE m.grant_id = pub.grant_id) END AS milestones,
    (SELECT COALESCE(json_agg(json_build_object(
        'method', gp.method,
        'paid_on', to_char(gp.paid_on, 'YYYY-MM-DD'),
        'amount', CASE WHEN pub.show_amount THEN gp.amount::text END,
        'currency', CASE WHEN pub.show_amount THEN gp.currency END,
        'tx_hash', CASE WHEN gp.method <> 'bank_transfer' THEN gp.reference END) ORDER BY gp.paid_on, gp.id), '[]'::json)
      FROM grant_payments gp
      WHERE gp.grant_id = pub.grant_id
        AND ((gp.method <> 'bank_transfer' AND pub.show_payments) OR (gp.method = 'bank_transfer' AND pub.show_amount))) AS payments,
    to_char(COALESCE($1::date, (now() AT TIME ZONE 'UTC')::date), 'YYYY-MM-DD') AS today
  FROM pub
  ORDER BY pub.approved_on DESC, pub.grant_id DESC`;

const currencyOf = (code: string): Currency => {
  if (!isCurrency(code)) throw new Error(`unknown currency ${code}`);
  return code;
};

function publicPayment(payment: PaymentJson, explorers: BlockExplorers): PublicPayment {
  const amount = payment.amount !== null && payment.currency !== null ? toDecimalString(minorFromDatabase(payment.amount), currencyOf(payment.currency)) : null;
  const currency = payment.currency === null ? null : currencyOf(payment.currency);
  if (payment.method === 'bank_transfer') return { kind: 'bank_transfer', paidOn: payment.paid_on, amount, currency, network: null, txHash: null, explorerUrl: null };
  const network = NETWORK_OF[payment.method];
  const explorer = explorers[network];
  const txHash = payment.tx_hash;
  return { kind: 'onchain', paidOn: payment.paid_on, amount, currency, network: NETWORK_LABELS[network], txHash, explorerUrl: explorer && txHash ? `${explorer}${txHash}` : null };
}

function publishedGrant(row: PublishedRow, explorers: BlockExplorers): PublishedGrant {
  const currency = row.currency === null ? null : currencyOf(row.currency);
  const milestones =
    row.milestones === null
      ? null
      : row.milestones.map((milestone) => {
          const state = milestoneStateOn(milestone.state, milestone.due_date, row.today);
          return { title: milestone.title, state, stateLabel: milestoneStateLabels[state] };
        });
  return {
    id: row.id,
    programme: row.programme,
    programmeName: programmes[row.programme].name,
    round: row.round_id !== null && row.round_name !== null ? { id: row.round_id, name: row.round_name } : null,
    approvedOn: row.approved_on,
    projectName: row.project_name,
    description: row.description,
    amount:
      row.amount !== null && currency !== null
        ? { amount: toDecimalString(minorFromDatabase(row.amount), currency), currency, paid: toDecimalString(minorFromDatabase(row.paid ?? '0'), currency) }
        : null,
    milestones: milestones === null ? null : { done: milestones.filter((milestone) => milestone.state === 'accepted').length, total: milestones.length, items: milestones },
    payments: row.payments.map((payment) => publicPayment(payment, explorers)),
  };
}

/** The published grants, the most recently approved first. */
export async function listPublishedGrants(db: Queryable, options: PublishedGrantsOptions = {}): Promise<PublishedGrant[]> {
  const rows = await db.query<PublishedRow>(PUBLISHED_SELECT, [options.today ?? null, options.programme ?? null, options.roundId ?? null]);
  return rows.map((row) => publishedGrant(row, options.explorers ?? {}));
}
