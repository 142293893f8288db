import type { FigureTable, Figures, GrantsRow, InboxLink, MoneyRow, RatingRow, ReviewerRow, ReviewRow, Wait, WeekRow } from '../../api/contracts/teamFigures';
import { RATINGS_SHOWN } from '../../api/contracts/teamFigures';
import { programmes, REVIEWED_PROGRAMMES, type ReviewedProgrammeKey } from '../../config/programmes';
import { isCurrency, minorFromDatabase, toDecimalString } from '../../lib/money';
import { referenceOf } from '../mail/compose';
import type { Queryable } from '../storage/database';
import type { RoundScope } from '../rounds/filter';
import { SqlParameters } from './inboxFilter';

/**
 * The team's figures (Cifras), each one SQL aggregate over the whole table set, grouped by programme (submissions.form)
 * and round (submissions.round_id): the database does the counting, so the page stays fast at 20,000 applications
 * (scripts/bench-figures.ts measures it). Times are percentile_cont over the seconds from submission (created_at).
 */

export type FiguresFilter = {
  /** One reviewed programme, or null for all of them. */
  readonly programme: ReviewedProgrammeKey | null;
  /** The rounds kept (src/server/rounds/filter.ts), or null for every round. */
  readonly round: RoundScope;
  /** The moment the figures are computed at: overdue milestones and waits count from its day (UTC). */
  readonly now: Date;
  /** The member who reads: a rating of an application withheld from them (assigned, not declared free of conflict) is left out. */
  readonly memberId: string;
};

/** Decided or withdrawn: nothing is left to review. */
const CLOSED = `('approved', 'rejected', 'withdrawn')`;

/** A moment as the contracts write it (Date#toISOString), formatted by the database. */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type GroupColumns = { form: ReviewedProgrammeKey; round_id: string | null; round_name: string | null };

/** The conditions on `s` of the filter: reviewed programmes only, then the programme and round asked for. */
function conditionsOf(parameters: SqlParameters, filter: FiguresFilter): string {
  const conditions = [`s.form = ANY(${parameters.add(filter.programme ? [filter.programme] : [...REVIEWED_PROGRAMMES])}::text[])`];
  if (filter.round) conditions.push(`s.round_id = ANY(${parameters.add(filter.round)}::bigint[])`);
  return conditions.join(' AND ');
}

/** The group columns every query selects (after `FROM … submissions s … LEFT JOIN rounds r ON r.id = s.round_id`). */
const GROUP_SELECT = 's.form, s.round_id::text AS round_id, r.name AS round_name';
const GROUP_BY = 's.form, s.round_id, r.name';

const groupOf = (row: GroupColumns) => ({
  programme: row.form,
  programmeName: programmes[row.form].name,
  round: row.round_id === null ? null : { id: row.round_id, name: row.round_name ?? '' },
});

/** The inbox filter of a group's applications (with `round=all` for those outside any round), plus what narrows it. */
const inboxOf = (row: GroupColumns, more: Omit<InboxLink, 'form' | 'round'> = {}): InboxLink => ({ form: row.form, round: row.round_id ?? 'all', ...more });

/** A numeric from the database (text) with two decimals, or null. */
const twoDecimals = (value: string | null): number | null => (value === null ? null : Math.round(Number(value) * 100) / 100);
const share = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10000) / 10000);

const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** The ISO day after `day` (YYYY-MM-DD). */
const plusDays = (day: string, days: number): string => {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};

export async function weeksOf(db: Queryable, filter: FiguresFilter): Promise<WeekRow[]> {
  const parameters = new SqlParameters();
  // Counted on the truncated moment first, formatted after: to_char on every application costs more than the count.
  const rows = await db.query<GroupColumns & { week: string; week_start: string; received: number }>(
    `SELECT w.form, w.round_id::text AS round_id, r.name AS round_name, to_char(w.monday, 'IYYY-"W"IW') AS week, to_char(w.monday, 'YYYY-MM-DD') AS week_start, w.received
     FROM (SELECT s.form, s.round_id, date_trunc('week', s.created_at AT TIME ZONE 'UTC') AS monday, count(*)::int AS received
           FROM submissions s WHERE ${conditionsOf(parameters, filter)} GROUP BY 1, 2, 3) w
       LEFT JOIN rounds r ON r.id = w.round_id
     ORDER BY w.form, w.round_id NULLS FIRST, w.monday`,
    parameters.values,
  );
  return rows.map((row) => ({
    ...groupOf(row),
    week: row.week,
    weekStart: row.week_start,
    received: row.received,
    inbox: inboxOf(row, { from: row.week_start, to: plusDays(row.week_start, 6) }),
  }));
}

/** The median and 90th percentile (percentile_cont of both, null when no application counts). */
const waitOf = (count: number, times: readonly [string | null, string | null] | null): Wait => ({ count, medianHours: twoDecimals(times?.[0] ?? null), p90Hours: twoDecimals(times?.[1] ?? null) });

export async function reviewOf(db: Queryable, filter: FiguresFilter): Promise<ReviewRow[]> {
  const parameters = new SqlParameters();
  // date_part is double precision: extract's numeric is far slower to divide and sort over thousands of applications.
  const hours = (column: string) => `date_part('epoch', ${column} - s.created_at) / 3600`;
  // Both fractions from one sort of the group's times.
  const percentiles = (column: string) => `(percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY ${hours(column)}))::text[]`;
  const conditions = conditionsOf(parameters, filter);
  // Filtered to a programme or round, each scan of the actions keeps that one's applications (by index) before grouping.
  const ofThese = filter.programme || filter.round ? `AND submission_id IN (SELECT s.id FROM submissions s WHERE ${conditions})` : '';
  const rows = await db.query<
    GroupColumns & {
      received: number;
      approved: number;
      rejected: number;
      ratings: number;
      average_rating: string | null;
      first_count: number;
      first_times: [string | null, string | null] | null;
      decision_count: number;
      decision_times: [string | null, string | null] | null;
    }
  >(
    `WITH first_action AS (
       SELECT submission_id, min(at) AS at FROM (
         SELECT submission_id, created_at AS at FROM application_status_history WHERE member_id IS NOT NULL ${ofThese}
         UNION ALL SELECT submission_id, created_at FROM application_notes WHERE true ${ofThese}
         UNION ALL SELECT submission_id, created_at FROM information_requests WHERE true ${ofThese}
         UNION ALL SELECT submission_id, submitted_at FROM review_verdicts WHERE true ${ofThese}
       ) actions GROUP BY submission_id
     ), decision AS (
       SELECT submission_id, min(created_at) AS at FROM application_status_history WHERE to_status IN ('approved', 'rejected') ${ofThese} GROUP BY submission_id
     )
     SELECT c.form, c.round_id::text AS round_id, r.name AS round_name, c.received, c.approved, c.rejected, c.first_count, c.first_times, c.decision_count,
       c.decision_times, c.ratings, c.average_rating
     FROM (SELECT s.form, s.round_id, count(*)::int AS received,
             count(*) FILTER (WHERE s.status = 'approved')::int AS approved, count(*) FILTER (WHERE s.status = 'rejected')::int AS rejected,
             count(fa.at)::int AS first_count, ${percentiles('fa.at')} AS first_times, count(d.at)::int AS decision_count, ${percentiles('d.at')} AS decision_times,
             count(sat.rating)::int AS ratings, avg(sat.rating)::text AS average_rating
           FROM submissions s
             LEFT JOIN first_action fa ON fa.submission_id = s.id
             LEFT JOIN decision d ON d.submission_id = s.id
             LEFT JOIN application_satisfaction sat ON sat.submission_id = s.id
           WHERE ${conditions}
           GROUP BY s.form, s.round_id) c
       LEFT JOIN rounds r ON r.id = c.round_id
     ORDER BY c.form, c.round_id NULLS FIRST`,
    parameters.values,
  );
  return rows.map((row) => {
    const decided = row.approved + row.rejected;
    return {
      ...groupOf(row),
      received: row.received,
      decided,
      approved: row.approved,
      rejected: row.rejected,
      decidedShare: share(decided, row.received),
      approvalRate: share(row.approved, decided),
      firstAction: waitOf(row.first_count, row.first_times),
      decision: waitOf(row.decision_count, row.decision_times),
      ratings: row.ratings,
      averageRating: twoDecimals(row.average_rating),
      inbox: { received: inboxOf(row), approved: inboxOf(row, { status: 'approved' }), rejected: inboxOf(row, { status: 'rejected' }) },
    };
  });
}

export async function moneyOf(db: Queryable, filter: FiguresFilter): Promise<MoneyRow[]> {
  const parameters = new SqlParameters();
  const rows = await db.query<GroupColumns & { currency: string; grants: number; approved: string; paid: string; outstanding: string }>(
    `SELECT ${GROUP_SELECT}, g.currency, count(*)::int AS grants,
       COALESCE(sum(g.amount) FILTER (WHERE g.state <> 'cancelled'), 0)::text AS approved,
       COALESCE(sum(p.paid), 0)::text AS paid,
       COALESCE(sum(greatest(g.amount - COALESCE(p.paid, 0), 0)) FILTER (WHERE g.state <> 'cancelled'), 0)::text AS outstanding
     FROM grants g JOIN submissions s ON s.id = g.submission_id LEFT JOIN rounds r ON r.id = s.round_id
       LEFT JOIN (SELECT grant_id, sum(grant_amount) AS paid FROM grant_payments WHERE grant_id IS NOT NULL GROUP BY grant_id) p ON p.grant_id = g.id
     WHERE ${conditionsOf(parameters, filter)}
     GROUP BY ${GROUP_BY}, g.currency ORDER BY s.form, s.round_id NULLS FIRST, g.currency`,
    parameters.values,
  );
  return rows.flatMap((row) => {
    const currency = row.currency;
    if (!isCurrency(currency)) return [];
    const amount = (value: string) => toDecimalString(minorFromDatabase(value), currency);
    return [
      { ...groupOf(row), currency, grants: row.grants, approved: amount(row.approved), paid: amount(row.paid), outstanding: amount(row.outstanding), inbox: inboxOf(row, { status: 'approved' }) },
    ];
  });
}

export async function grantsOf(db: Queryable, filter: FiguresFilter): Promise<GrantsRow[]> {
  const parameters = new SqlParameters();
  const today = parameters.add(dayOf(filter.now));
  const now = parameters.add(filter.now);
  const overdue = `m.state IN ('pending', 'changes_requested') AND m.due_date < ${today}::date`;
  // Per grant first (its overdue milestones, its waiting reports), then per programme and round: no DISTINCT to sort.
  const rows = await db.query<GroupColumns & { overdue_milestones: number; overdue_grants: number; reports_waiting: number; oldest_report_at: string | null; oldest_wait_days: string | null }>(
    `SELECT ${GROUP_SELECT}, COALESCE(sum(pg.overdue) FILTER (WHERE g.state = 'active'), 0)::int AS overdue_milestones,
       count(*) FILTER (WHERE pg.overdue > 0 AND g.state = 'active')::int AS overdue_grants,
       COALESCE(sum(pg.waiting), 0)::int AS reports_waiting, ${isoText('min(pg.oldest)')} AS oldest_report_at,
       (date_part('epoch', ${now}::timestamptz - min(pg.oldest)) / 86400)::text AS oldest_wait_days
     FROM (SELECT m.grant_id, count(*) FILTER (WHERE ${overdue}) AS overdue, sum(w.waiting) AS waiting, min(w.oldest) AS oldest
           FROM grant_milestones m
             LEFT JOIN (SELECT milestone_id, count(*) AS waiting, min(submitted_at) AS oldest FROM milestone_reports WHERE decision IS NULL GROUP BY milestone_id) w ON w.milestone_id = m.id
           GROUP BY m.grant_id) pg
       JOIN grants g ON g.id = pg.grant_id JOIN submissions s ON s.id = g.submission_id LEFT JOIN rounds r ON r.id = s.round_id
     WHERE ${conditionsOf(parameters, filter)}
     GROUP BY ${GROUP_BY} ORDER BY s.form, s.round_id NULLS FIRST`,
    parameters.values,
  );
  return rows.map((row) => ({
    ...groupOf(row),
    overdueMilestones: row.overdue_milestones,
    overdueGrants: row.overdue_grants,
    reportsWaiting: row.reports_waiting,
    oldestReportAt: row.oldest_report_at,
    oldestWaitDays: row.oldest_wait_days === null ? null : Math.round(Number(row.oldest_wait_days) * 10) / 10,
    inbox: inboxOf(row, { status: 'approved' }),
  }));
}

export async function reviewersOf(db: Queryable, filter: FiguresFilter): Promise<ReviewerRow[]> {
  const parameters = new SqlParameters();
  // Counted on the assignments first; the round's name and the member's email are joined to the few rows counted.
  const rows = await db.query<GroupColumns & { member_id: string; email: string; assigned: number; scored: number; waiting: number }>(
    `SELECT c.form, c.round_id::text AS round_id, r.name AS round_name, c.member_id::text AS member_id, tm.email, c.assigned, c.scored, c.waiting
     FROM (SELECT s.form, s.round_id, a.member_id, count(*)::int AS assigned, count(v.member_id)::int AS scored,
             count(*) FILTER (WHERE v.member_id IS NULL AND a.declaration IS DISTINCT FROM 'conflict' AND s.status NOT IN ${CLOSED})::int AS waiting
           FROM review_assignments a JOIN submissions s ON s.id = a.submission_id
             LEFT JOIN review_verdicts v ON v.submission_id = a.submission_id AND v.member_id = a.member_id
           WHERE ${conditionsOf(parameters, filter)}
           GROUP BY s.form, s.round_id, a.member_id) c
       JOIN team_members tm ON tm.id = c.member_id LEFT JOIN rounds r ON r.id = c.round_id
     ORDER BY c.form, c.round_id NULLS FIRST, tm.email`,
    parameters.values,
  );
  return rows.map((row) => ({
    ...groupOf(row),
    member: { id: row.member_id, email: row.email },
    assigned: row.assigned,
    scored: row.scored,
    waiting: row.waiting,
    inbox: inboxOf(row, { assignee: row.member_id }),
  }));
}

/** The ratings, newest first (`limit` null: all of them), and how many there are in all. */
export async function ratingsOf(db: Queryable, filter: FiguresFilter, limit: number | null): Promise<{ rows: RatingRow[]; total: number }> {
  const parameters = new SqlParameters();
  const conditions = conditionsOf(parameters, filter);
  const member = parameters.add(filter.memberId);
  const where = `${conditions} AND NOT EXISTS (SELECT 1 FROM review_assignments mine WHERE mine.submission_id = s.id AND mine.member_id = ${member}::bigint AND mine.declaration IS DISTINCT FROM 'none')`;
  // The page's newest ones carry the total; the CSV's rows are all of them, so their count is their length.
  const limitSql = limit === null ? '' : `LIMIT ${parameters.add(limit)}`;
  const total = limit === null ? '0' : 'count(*) OVER ()';
  const rows = await db.query<GroupColumns & { id: string; rating: number; comment: string | null; rated_at: string; total: number }>(
    `SELECT ${GROUP_SELECT}, s.id::text AS id, sat.rating::int AS rating, sat.comment, ${isoText('sat.created_at')} AS rated_at, ${total}::int AS total
     FROM application_satisfaction sat JOIN submissions s ON s.id = sat.submission_id LEFT JOIN rounds r ON r.id = s.round_id
     WHERE ${where}
     ORDER BY sat.created_at DESC, s.id DESC ${limitSql}`,
    parameters.values,
  );
  return {
    rows: rows.map((row) => ({ ...groupOf(row), reference: referenceOf(row.form, row.id), rating: row.rating, comment: row.comment, ratedAt: row.rated_at })),
    total: limit === null ? rows.length : (rows[0]?.total ?? 0),
  };
}

/** Every figure of the page, one query a table, asked together (PostgreSQL's pool answers them side by side; PGlite in turn). */
export async function readFigures(db: Queryable, filter: FiguresFilter): Promise<Figures> {
  const [weeks, review, money, grants, reviewers, ratings] = await Promise.all([
    weeksOf(db, filter),
    reviewOf(db, filter),
    moneyOf(db, filter),
    grantsOf(db, filter),
    reviewersOf(db, filter),
    ratingsOf(db, filter, RATINGS_SHOWN),
  ]);
  return { today: dayOf(filter.now), weeks, review, money, grants, reviewers, ratings: ratings.rows, ratingsTotal: ratings.total };
}

/* ---------- CSV ---------- */

const roundCells = (row: { programmeName: string; round: { id: string; name: string } | null }) => [row.programmeName, row.round?.name ?? 'Sin convocatoria'];
const numberCell = (value: number | null): string => (value === null ? '' : String(value));

/** One table of the figures as CSV columns and rows: every row of it (the ratings too, not only the newest). */
export async function figuresTable(db: Queryable, table: FigureTable, filter: FiguresFilter): Promise<{ headers: string[]; rows: string[][] }> {
  const group = ['Programa', 'Convocatoria'];
  if (table === 'weeks') {
    const rows = await weeksOf(db, filter);
    return { headers: [...group, 'Semana', 'Desde', 'Recibidas'], rows: rows.map((row) => [...roundCells(row), row.week, row.weekStart, String(row.received)]) };
  }
  if (table === 'review') {
    const rows = await reviewOf(db, filter);
    return {
      headers: [
        ...group,
        'Recibidas',
        'Decididas',
        'Aprobadas',
        'Rechazadas',
        'Proporción decidida',
        'Tasa de aprobación',
        'Con primera acción',
        'Primera acción: mediana (horas)',
        'Primera acción: p90 (horas)',
        'Decididas con fecha',
        'Decisión: mediana (horas)',
        'Decisión: p90 (horas)',
        'Valoraciones',
        'Valoración promedio',
      ],
      rows: rows.map((row) => [
        ...roundCells(row),
        String(row.received),
        String(row.decided),
        String(row.approved),
        String(row.rejected),
        numberCell(row.decidedShare),
        numberCell(row.approvalRate),
        String(row.firstAction.count),
        numberCell(row.firstAction.medianHours),
        numberCell(row.firstAction.p90Hours),
        String(row.decision.count),
        numberCell(row.decision.medianHours),
        numberCell(row.decision.p90Hours),
        String(row.ratings),
        numberCell(row.averageRating),
      ]),
    };
  }
  if (table === 'money') {
    const rows = await moneyOf(db, filter);
    return {
      headers: [...group, 'Moneda', 'Becas', 'Aprobado', 'Pagado', 'Pendiente'],
      rows: rows.map((row) => [...roundCells(row), row.currency, String(row.grants), row.approved, row.paid, row.outstanding]),
    };
  }
  if (table === 'grants') {
    const rows = await grantsOf(db, filter);
    return {
      headers: [...group, 'Hitos vencidos', 'Becas con hitos vencidos', 'Informes por revisar', 'Informe más antiguo', 'Espera más larga (días)'],
      rows: rows.map((row) => [...roundCells(row), String(row.overdueMilestones), String(row.overdueGrants), String(row.reportsWaiting), row.oldestReportAt ?? '', numberCell(row.oldestWaitDays)]),
    };
  }
  if (table === 'reviewers') {
    const rows = await reviewersOf(db, filter);
    return {
      headers: [...group, 'Miembro', 'Asignadas', 'Con puntaje', 'Por revisar'],
      rows: rows.map((row) => [...roundCells(row), row.member.email, String(row.assigned), String(row.scored), String(row.waiting)]),
    };
  }
  const { rows } = await ratingsOf(db, filter, null);
  return {
    headers: [...group, 'Solicitud', 'Valoración', 'Comentario', 'Fecha'],
    rows: rows.map((row) => [...roundCells(row), row.reference, String(row.rating), row.comment ?? '', row.ratedAt]),
  };
}
