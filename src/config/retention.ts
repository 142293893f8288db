import { setting, type ReviewedProgrammeKey } from './programmes';

// Apart from the programmes' facts, which every page loads: only the forms' privacy notice and the server need these.

/**
 * How long a rejected or withdrawn application is kept after that decision, before the server's daily
 * sweep erases it (src/server/dataRights/retention.ts): a whole number and a unit, '6 months',
 * '90 days', '1 year' (seconds and minutes are accepted too, for tests). Unset: never erased
 * automatically, and the privacy notice says so.
 */
export const RETENTION_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type RetentionUnit = (typeof RETENTION_UNITS)[number];
export type RetentionPeriod = { readonly amount: number; readonly unit: RetentionUnit };

export function retentionPeriod(name: string, value: string | undefined): RetentionPeriod | undefined {
  const raw = setting(value);
  if (raw === undefined) return undefined;
  const match = /^(\d+)\s*([a-z]+?)s?$/i.exec(raw);
  const unit = match?.[2]?.toLowerCase();
  if (!match || Number(match[1]) <= 0 || !RETENTION_UNITS.includes(unit as RetentionUnit)) {
    throw new Error(`${name} must be a whole number above 0 and a unit (${RETENTION_UNITS.join(', ')}), such as "6 months", not "${raw}".`);
  }
  return { amount: Number(match[1]), unit: unit as RetentionUnit };
}

/** The variable of each programme's retention period (the server reads the same ones at run time). */
export const RETENTION_VARIABLES: Readonly<Record<ReviewedProgrammeKey, string>> = {
  'project-grants': 'NEXT_PUBLIC_PROJECT_GRANTS_RETENTION',
  'small-grants': 'NEXT_PUBLIC_SMALL_GRANTS_RETENTION',
  'academic-grants': 'NEXT_PUBLIC_ACADEMIC_GRANTS_RETENTION',
  'devcon-grants': 'NEXT_PUBLIC_DEVCON_GRANTS_RETENTION',
  'office-hours': 'NEXT_PUBLIC_OFFICE_HOURS_RETENTION',
};

/** Retention of rejected and withdrawn applications, per programme (RETENTION_VARIABLES; written out for Next's inlining). */
export const retention = {
  'project-grants': retentionPeriod('NEXT_PUBLIC_PROJECT_GRANTS_RETENTION', process.env.NEXT_PUBLIC_PROJECT_GRANTS_RETENTION),
  'small-grants': retentionPeriod('NEXT_PUBLIC_SMALL_GRANTS_RETENTION', process.env.NEXT_PUBLIC_SMALL_GRANTS_RETENTION),
  'academic-grants': retentionPeriod('NEXT_PUBLIC_ACADEMIC_GRANTS_RETENTION', process.env.NEXT_PUBLIC_ACADEMIC_GRANTS_RETENTION),
  'devcon-grants': retentionPeriod('NEXT_PUBLIC_DEVCON_GRANTS_RETENTION', process.env.NEXT_PUBLIC_DEVCON_GRANTS_RETENTION),
  'office-hours': retentionPeriod('NEXT_PUBLIC_OFFICE_HOURS_RETENTION', process.env.NEXT_PUBLIC_OFFICE_HOURS_RETENTION),
} satisfies Record<ReviewedProgrammeKey, RetentionPeriod | undefined>;
