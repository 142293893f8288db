/**
 * `npm run export`: the programme team reads what arrived.
 *   --form <name> [--since <date>] [--format csv|json] [--raw] [--out <file>]   applications of one form
 *     with the inbox's filters: [--until <date>] [--q <words>] [--status <a,b>] [--assignee <email|none>]
 *     [--review mine,missing-my-score,disagreement] [--sort submitted|score-desc|score-asc] [--as <member email>] [--round <round id|current>]
 *     (--as exports what that member's CSV holds: their "mine", blind review, the scores they may read).
 *   --file <submission id> [--out <file>]                                       a submission's uploaded file
 *   --payments [--since <date>] [--before <date>] [--round <round id|current>] [--format csv|json] [--raw] [--out <file>]   grant payments
 * --round keeps the applications (or the payments of the grants) of one round, by its id (the inbox's `round=`), or of each
 * programme's current round (`current`, the default of Mis revisiones and Pagos).
 * CSV cells that a spreadsheet would run as formulas are neutralised unless --raw (export/csv.ts).
 * A fetched file is named by its sniffed type's extension, never the one the applicant gave.
 * Grantee finance needs --include-finance and warns on stderr; so do payments' destinations and
 * bank references. Uses the same DATA_DIR /
 * DATABASE_URL as the server, and works while it runs (openDatabase goes through its socket).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formDefinitions, isPaymentDetailsForm } from '../../forms/definitions';
import { withDisallowedTextReplaced } from '../../forms/definitions/validate';
import { countOf } from '../../lib/plural';
import type { FormKey } from '../../forms/definitions/types';
import { loadConfig } from '../config';
import { resolveFinanceKeys } from '../finance/encryption';
import { openDatabase } from '../storage/database';
import { extensionOfMediaType } from '../fileType';
import { readSubmissionFile } from '../storage/files';
import { exportApplications, type ExportTable } from './applications';
import { toCsv } from './csv';
import { INBOX_SORTS, REVIEW_FILTERS } from '../../api/contracts/teamApplications';
import { APPLICATION_STATUSES } from '../../lib/applicationStatus';
import type { Queryable } from '../storage/database';
import { viewerOf } from '../team/blind';
import { OPERATOR } from '../team/inboxFilter';
import type { Role } from '../team/roles';
import { exportPayments } from './payments';
import { isCalendarDay } from '../payments/checks';
import { ROUND_FILTER_CURRENT } from '../../api/contracts/common';
import { roundScope, type RoundScope } from '../rounds/filter';

export const USAGE = [
  'usage: npm run export -- --form <name> [--since <YYYY-MM-DD>] [--format csv|json] [--raw] [--out <file>] [--include-finance]',
  `         [--until <YYYY-MM-DD>] [--q <words>] [--status <${APPLICATION_STATUSES.join('|')},...>] [--assignee <member email>|none]`,
  `         [--review <${REVIEW_FILTERS.join('|')},...>] [--sort <${INBOX_SORTS.join('|')}>] [--as <member email>] [--round <round id|current>]`,
  '       npm run export -- --file <submission id> [--out <file>]',
  '       npm run export -- --payments [--since <YYYY-MM-DD>] [--before <YYYY-MM-DD>] [--round <round id|current>] [--format csv|json] [--raw] [--out <file>] [--include-finance]',
  `forms: ${Object.keys(formDefinitions).join(', ')}`,
].join('\n');

export const FINANCE_WARNING =
  'Warning: this export holds grantee payment details (addresses, bank accounts). Keep it off shared drives and chat, and delete it when done.';

export class UsageError extends Error {}

/** Where the command's output goes: stdout for the export itself, stderr for what it tells the operator. */
export type ExportIo = { stdout(text: string): void; stderr(text: string): void };

const isFormKey = (name: string): name is FormKey => Object.hasOwn(formDefinitions, name);

function parseSince(raw: string | undefined): Date | null {
  if (raw === undefined) return null;
  const since = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(since.getTime())) throw new UsageError(`--since must be a date such as 2026-01-31, got '${raw}'.`);
  return since;
}

/** A day for the payments' range (paid_on is a calendar day): exactly YYYY-MM-DD, and a day that exists. */
function parseDay(raw: string | undefined, option: string): string | null {
  if (raw === undefined) return null;
  if (!isCalendarDay(raw)) throw new UsageError(`${option} must be a date such as 2026-01-31, got '${raw}'.`);
  return raw;
}

function asJson(table: ExportTable): string {
  // JSON.stringify escapes C0 controls and lone surrogates, not DEL, C1 or bidi controls: the export's rule of printable text.
  const cell = (value: string | undefined) => withDisallowedTextReplaced(value ?? '');
  return `${JSON.stringify(table.rows.map((row) => Object.fromEntries(table.headers.map((header, index) => [cell(header), cell(row[index])]))), null, 2)}\n`;
}

/** Writes a new file only (never over an existing one), readable by its owner alone: it holds personal data. */
async function writeNewFile(target: string, data: string | Buffer): Promise<void> {
  await fs.writeFile(target, data, { flag: 'wx', mode: 0o600 });
}

/**
 * `<id>-<applicant's name without its extension>.<sniffed type's extension>`: a file sent as
 * proposal.html but stored as text comes out as proposal.txt, never ready to run when opened.
 */
export function exportedFileName(submissionId: string, upload: { originalName: string; mediaType: string }): string {
  const stem = upload.originalName
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N}_-]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  return `${submissionId}-${stem || 'proposal'}.${extensionOfMediaType(upload.mediaType)}`;
}

const OPTIONS = {
  form: { type: 'string' },
  since: { type: 'string' },
  before: { type: 'string' },
  payments: { type: 'boolean', default: false },
  format: { type: 'string', default: 'csv' },
  out: { type: 'string' },
  file: { type: 'string' },
  'include-finance': { type: 'boolean', default: false },
  raw: { type: 'boolean', default: false },
  until: { type: 'string' },
  q: { type: 'string' },
  status: { type: 'string' },
  assignee: { type: 'string' },
  review: { type: 'string' },
  sort: { type: 'string' },
  as: { type: 'string' },
  round: { type: 'string' },
} as const;

/** A comma-separated list of known values, or a usage error naming the option. */
function listOption<Value extends string>(raw: string | undefined, option: string, known: readonly Value[]): Value[] | null {
  if (raw === undefined) return null;
  const values = raw.split(',').map((value) => value.trim());
  const unknown = values.find((value) => !(known as readonly string[]).includes(value));
  if (unknown !== undefined) throw new UsageError(`--${option} takes ${known.join(', ')} (comma-separated), got '${unknown}'.`);
  return [...new Set(values as Value[])];
}

/** The day after --until, so that the day itself is included (as the inbox's "to"). */
function parseUntil(raw: string | undefined): Date | null {
  if (raw === undefined) return null;
  const day = new Date(`${raw}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== raw) throw new UsageError(`--until must be a date such as 2026-01-31, got '${raw}'.`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

/** The rounds `--round` names: a round by its id (the first column of /api/team/rounds, the inbox's `round=`) or `current`, as the team's lists read them; or a usage error. */
async function roundsOf(database: Queryable, raw: string | undefined): Promise<RoundScope> {
  if (raw === undefined || raw === ROUND_FILTER_CURRENT) return roundScope(database, raw, new Date());
  if (!/^[1-9]\d{0,17}$/.test(raw)) throw new UsageError(`--round needs a round id (a number) or current, got '${raw}'.`);
  const [round] = await database.query<{ id: string }>('SELECT id::text AS id FROM rounds WHERE id = $1::bigint', [raw]);
  if (!round) throw new UsageError(`--round: no round has the id ${raw}.`);
  return [round.id];
}

/** An active member by email, or a usage error naming the option. */
async function memberByEmail(database: Queryable, email: string, option: string): Promise<{ id: string; role: Role }> {
  const [member] = await database.query<{ id: string; role: Role }>('SELECT id::text AS id, role FROM team_members WHERE lower(email) = lower($1) AND revoked_at IS NULL', [email.trim()]);
  if (!member) throw new UsageError(`--${option}: no active team member has the email '${email}'.`);
  return member;
}

function parseOptions(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
}

/**
 * Runs one export. `projectDir` resolves DATA_DIR as the server does; `outputDir` resolves --out
 * and the fetched file's name (npm runs scripts in the project folder; INIT_CWD is where the
 * operator typed the command).
 */
export async function runExportCommand(args: readonly string[], io: ExportIo, place: { env: Readonly<Record<string, string | undefined>>; projectDir: string; outputDir: string }): Promise<void> {
  const options = parseOptions(args);
  const cwd = place.outputDir;
  if ([options.form !== undefined, options.file !== undefined, options.payments].filter(Boolean).length !== 1) throw new UsageError(USAGE);
  if (options.before !== undefined && !options.payments) throw new UsageError(`--before is for --payments only.\n${USAGE}`);
  if (options.file !== undefined && !/^\d+$/.test(options.file)) throw new UsageError('--file needs a submission id (a number, the first column of an export).');
  if (options.form !== undefined && !isFormKey(options.form)) throw new UsageError(`Unknown form '${options.form}'.\n${USAGE}`);
  if (options.format !== 'csv' && options.format !== 'json') throw new UsageError(`--format must be csv or json, got '${options.format}'.`);
  const paymentRange = options.payments ? { since: parseDay(options.since, '--since'), before: parseDay(options.before, '--before') } : null;
  const since = paymentRange ? null : parseSince(options.since);
  const before = parseUntil(options.until);
  const statuses = listOption(options.status, 'status', APPLICATION_STATUSES);
  const review = listOption(options.review, 'review', REVIEW_FILTERS) ?? [];
  const [sort] = listOption(options.sort, 'sort', INBOX_SORTS) ?? ['submitted' as const];
  if ((review.includes('mine') || review.includes('missing-my-score')) && options.as === undefined) throw new UsageError('--review mine and missing-my-score need --as <member email>: whose reviews.');
  const form = options.form;
  const paymentDetails = form !== undefined && isPaymentDetailsForm(form);
  if (paymentDetails && !options['include-finance']) {
    throw new UsageError('Grantee finance holds payment details: add --include-finance to export it.');
  }
  const out = options.out === undefined ? null : path.resolve(cwd, options.out);

  const config = loadConfig(place.env, place.projectDir);
  const database = await openDatabase(config);
  try {
    if (options.file !== undefined) {
      const upload = await readSubmissionFile(database, options.file);
      if (!upload) throw new UsageError(`Submission ${options.file} has no uploaded file.`);
      const target = out ?? path.resolve(cwd, exportedFileName(options.file, upload));
      await writeNewFile(target, upload.bytes);
      io.stderr(`Wrote ${path.relative(cwd, target) || target} (${upload.originalName}).\n`);
      return;
    }
    const finance = paymentDetails || (paymentRange !== null && options['include-finance']);
    if (finance) io.stderr(`${FINANCE_WARNING}\n`);
    // Payment details and payments' destinations are decrypted only here, behind --include-finance.
    const financeKeys = finance ? resolveFinanceKeys(config).keyring : undefined;
    let table: ExportTable;
    const round = await roundsOf(database, options.round);
    if (paymentRange) table = await exportPayments(database, { ...paymentRange, round }, financeKeys);
    else if (form !== undefined) {
      const assignee = options.assignee === undefined ? null : { memberId: options.assignee === 'none' ? null : (await memberByEmail(database, options.assignee, 'assignee')).id };
      const member = options.as === undefined ? null : await memberByEmail(database, options.as, 'as');
      const viewer = member ? await viewerOf(database, { memberId: member.id, role: member.role }, config) : OPERATOR;
      const filter = { since, before, search: options.q?.trim() || null, statuses, assignee, review, sort, round };
      table = await exportApplications(database, formDefinitions[form], filter, financeKeys, { viewer, review: config.review });
    } else throw new UsageError(USAGE);
    const text = options.format === 'json' ? asJson(table) : toCsv(table.headers, table.rows, { raw: options.raw });
    if (out) {
      await writeNewFile(out, text);
      const what = form === undefined ? { one: 'payment', other: 'payments' } : { one: `${form} application`, other: `${form} applications` };
      io.stderr(`Wrote ${countOf(table.rows.length, what, 'en')} to ${path.relative(cwd, out) || out}.\n`);
    } else {
      io.stdout(text);
    }
  } finally {
    await database.close();
  }
}
