import { groupThousands } from '@/lib/groupThousands';
import { amountText, formatAmount, parseAmount, type Currency } from '@/lib/money';
import { minorFromDecimal } from '@/lib/grantText';
import type { MilestoneInput, TeamGrant } from './grantApi';

/** The server's caps (src/api/contracts/grants.ts: MILESTONE_TITLE_MAX, MILESTONE_CRITERIA_MAX, MILESTONES_MAX). */
const TITLE_MAX = 200;
const CRITERIA_MAX = 2000;
export const MILESTONES_MAX = 20;

export type Row = { key: number; id?: string; title: string; doneCriteria: string; dueDate: string; amount: string; accepted: boolean };
export type RowErrors = Partial<Record<'title' | 'doneCriteria' | 'dueDate' | 'amount', string>>;

let nextKey = 0;
export const emptyRow = (): Row => ({ key: nextKey++, title: '', doneCriteria: '', dueDate: '', amount: '', accepted: false });

/** A saved amount (a decimal string from the API) as the amount field shows it to be edited: "1.500,00". */
function editable(decimal: string, currency: Currency): string {
  const minor = minorFromDecimal(decimal, currency);
  return minor === null ? decimal : amountText(minor, currency);
}

export function rowsOf(grant: TeamGrant): Row[] {
  if (grant.milestones.length === 0) return [emptyRow()];
  return grant.milestones.map((milestone) => ({
    key: nextKey++,
    id: milestone.id,
    title: milestone.title,
    doneCriteria: milestone.doneCriteria,
    dueDate: milestone.dueDate,
    amount: editable(milestone.amount, grant.currency),
    accepted: milestone.state === 'accepted',
  }));
}

export function rowErrors(row: Row, currency: Currency, createdOn: string): RowErrors {
  const errors: RowErrors = {};
  if (row.title.trim() === '') errors.title = 'Escribe el título del hito.';
  else if (row.title.trim().length > TITLE_MAX) errors.title = `El título tiene hasta ${TITLE_MAX} caracteres.`;
  if (row.doneCriteria.trim() === '') errors.doneCriteria = 'Escribe el criterio de cumplimiento.';
  else if (row.doneCriteria.trim().length > CRITERIA_MAX) errors.doneCriteria = `El criterio de cumplimiento puede tener hasta ${groupThousands(CRITERIA_MAX, '.')} caracteres.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(row.dueDate)) errors.dueDate = 'Elige la fecha límite.';
  else if (row.dueDate < createdOn) errors.dueDate = 'La fecha límite no puede ser anterior a la creación de la beca.';
  const amount = parseAmount(row.amount, currency);
  if (!amount.ok) errors.amount = amount.message;
  return errors;
}

/** The sum of the amounts typed so far (those that parse), in minor units. */
export function runningSum(rows: Row[], currency: Currency): bigint {
  return rows.reduce((sum, row) => {
    const amount = parseAmount(row.amount, currency);
    return amount.ok ? sum + amount.minor : sum;
  }, 0n);
}

/** What is left to reach the approved amount, or what is over it: "faltan USD …" / "sobran USD …". */
export function sumGap(difference: bigint, currency: Currency): string {
  return difference > 0n ? `faltan ${formatAmount(difference, currency)}` : `sobran ${formatAmount(-difference, currency)}`;
}

function wireAmount(text: string, currency: Currency): string {
  const parsed = parseAmount(text, currency);
  return parsed.ok ? parsed.decimal : text.trim();
}

/** A row's amount as the screens show money ("USD 1.500,00"), or as typed when it does not read as one. */
export function shownAmount(text: string, currency: Currency): string {
  const parsed = parseAmount(text, currency);
  return parsed.ok ? formatAmount(parsed.minor, currency) : `${currency} ${text}`;
}

/**
 * The rows as the server takes them: trimmed, with their ids for the milestones that exist, and each
 * amount as the canonical decimal string (every row parses here: accepted ones were saved amounts).
 */
export function milestoneInputs(rows: Row[], currency: Currency): MilestoneInput[] {
  return rows.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    title: row.title.trim(),
    doneCriteria: row.doneCriteria.trim(),
    dueDate: row.dueDate,
    amount: wireAmount(row.amount, currency),
  }));
}
