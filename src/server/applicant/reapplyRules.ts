import type { FormKey } from '../../forms/definitions/types';
import type { ApplicationStatus } from '../../lib/applicationStatus';
import { referenceOf } from '../mail/compose';
import { readRounds, roundToShow, stateAt } from '../rounds/store';
import type { Queryable } from '../storage/database';

/**
 * When an application may be sent again (src/server/applicant/reapply.ts), and the links between the two, apart so the
 * portal's detail and the team's can say so too.
 */

/** The statuses an application may be sent again from. */
const REAPPLIABLE: ReadonlySet<ApplicationStatus> = new Set(['rejected', 'withdrawn']);

export const canBeSentAgain = (status: ApplicationStatus): boolean => REAPPLIABLE.has(status);

/** Whether the programme's public apply page shows its form now (the round it shows is open; its grace period reads closed). */
export async function programmeTakesApplications(db: Queryable, programme: string, now: Date): Promise<boolean> {
  const shown = roundToShow(await readRounds(db, 'r.programme = $1', [programme]), now);
  return shown !== null && stateAt(shown, now) === 'open';
}

/** The links of one application for the team: the one it was sent again from, and those sent again from it. */
export async function readReapplication(db: Queryable, submissionId: string): Promise<{ previous: string | null; later: string[] }> {
  const [head] = await db.query<{ previous_id: string | null; previous_form: FormKey | null }>(
    `SELECT p.id::text AS previous_id, p.form AS previous_form FROM submissions s LEFT JOIN submissions p ON p.id = s.previous_submission_id WHERE s.id = $1`,
    [submissionId],
  );
  const later = await db.query<{ id: string; form: FormKey }>('SELECT id::text AS id, form FROM submissions WHERE previous_submission_id = $1 ORDER BY id', [submissionId]);
  return {
    previous: head?.previous_id && head.previous_form ? referenceOf(head.previous_form, head.previous_id) : null,
    later: later.map((row) => referenceOf(row.form, row.id)),
  };
}
