import { strToU8, zipSync, type Zippable } from 'fflate';
import { countOf } from '../../lib/plural';
import type { FinanceKeyring } from '../finance/encryption';
import type { Database } from '../storage/database';
import { recordAudit } from '../team/audit';
import { buildBundle, BUNDLE_JSON, type DataRightsBundle } from './bundle';
import { collectRecords, countsOf, erasableTotal, normaliseEmail, type RecordCounts } from './records';

/**
 * Find and export, as the team routes and `npm run data-rights` run them (erase: erase.ts). Each is audited under the actor; the audit entry says how many records, never
 * the address (the log is kept for ever; the address is what the person asked to remove).
 */

// The audit log is read in the team's Spanish pages.
const RECORDS = { one: 'registro', other: 'registros' } as const;

export type FindResult = { readonly counts: RecordCounts; readonly references: readonly string[] };

export async function findPersonalData(database: Database, email: string, actor: string): Promise<FindResult> {
  return database.transaction(async (tx) => {
    const records = await collectRecords(tx, { email });
    await recordAudit(tx, { actor, action: 'data-rights-find', target: `${countOf(erasableTotal(records), RECORDS)}, ${countOf(records.auditMentions.length, { one: 'mención en la auditoría', other: 'menciones en la auditoría' })}` });
    return { counts: countsOf(records), references: records.references };
  });
}

/**
 * One consistent snapshot: the rows are read in one transaction, then the export is audited.
 * `financeKeys` null leaves payment details sealed (the team route: see bundle.ts).
 */
export async function exportPersonalData(database: Database, email: string, actor: string, financeKeys: FinanceKeyring | null): Promise<DataRightsBundle> {
  return database.transaction(async (tx) => {
    const records = await collectRecords(tx, { email });
    const bundle = await buildBundle(tx, normaliseEmail(email), records, financeKeys);
    await recordAudit(tx, { actor, action: 'data-rights-export', target: `${countOf(erasableTotal(records), RECORDS)}, ${countOf(bundle.files.length, { one: 'archivo', other: 'archivos' })}` });
    return bundle;
  });
}

/** The bundle as one zip: datos.json (compressed) and the files as they were stored (PDFs and Office files are compressed already). */
export function zipBundle(bundle: DataRightsBundle): Uint8Array {
  const entries: Zippable = { [BUNDLE_JSON]: strToU8(`${JSON.stringify(bundle.document, null, 2)}\n`) };
  for (const file of bundle.files) entries[file.path] = [new Uint8Array(file.bytes), { level: 0 }];
  return zipSync(entries, { level: 6 });
}
