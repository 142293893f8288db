import type { StoredApplication } from '../mail/compose';
import { composeDueReminder, composeOverdueReminder, MILESTONE_REMINDER_PURPOSE } from '../mail/grants';
import type { FinanceKeyring } from '../finance/encryption';
import { enqueue } from '../outbox/enqueue';
import type { Queryable } from '../storage/database';

/**
 * A milestone's two reminders to the grantee, through the outbox: 7 days before its due date, and
 * on the day it becomes Vencido (the day after the due date). Each is keyed by milestone, due date
 * and kind, so it is queued once, ever; a new due date makes new keys, and the mail worker drops a
 * reminder at send time when it no longer holds (isReminderStale).
 */

/** The hour (UTC) reminders leave: early morning across Latin America (9:00 in Buenos Aires, 7:00 in Bogotá). */
const SEND_HOUR_UTC = 12;
const DAY_MS = 86_400_000;

export type ReminderKind = '7d' | 'overdue';

const KEY = /^reminder:milestone:([0-9]+):([0-9]{4}-[0-9]{2}-[0-9]{2}):(7d|overdue)$/;

export const reminderKey = (milestoneId: string, dueDate: string, kind: ReminderKind): string => `reminder:milestone:${milestoneId}:${dueDate}:${kind}`;

/** When a reminder leaves: 7 days before the due date, or the day after it, at SEND_HOUR_UTC. */
export function reminderMoment(dueDate: string, kind: ReminderKind): Date {
  const due = Date.parse(`${dueDate}T${String(SEND_HOUR_UTC).padStart(2, '0')}:00:00Z`);
  return new Date(due + (kind === '7d' ? -7 : 1) * DAY_MS);
}

export type RemindedMilestone = { readonly id: string; readonly title: string; readonly dueDate: string };

/**
 * Queues the milestone's reminders; call in the transaction that defines or changes it. The
 * 7-day one only while the due date is still ahead (it leaves at once when defined less than a
 * week before); the overdue one always (it leaves at once for a date already past).
 */
export async function scheduleReminders(tx: Queryable, input: { readonly application: StoredApplication; readonly milestone: RemindedMilestone; readonly today: string; readonly keys: FinanceKeyring }): Promise<void> {
  const { application, milestone, today, keys } = input;
  const mail = { application, milestone };
  if (milestone.dueDate >= today) {
    const payload = { ...composeDueReminder(mail), purpose: MILESTONE_REMINDER_PURPOSE };
    await enqueue(tx, { kind: 'reminder', key: reminderKey(milestone.id, milestone.dueDate, '7d'), notBefore: reminderMoment(milestone.dueDate, '7d'), payload }, keys);
  }
  const payload = { ...composeOverdueReminder(mail), purpose: MILESTONE_REMINDER_PURPOSE };
  await enqueue(tx, { kind: 'reminder', key: reminderKey(milestone.id, milestone.dueDate, 'overdue'), notBefore: reminderMoment(milestone.dueDate, 'overdue'), payload }, keys);
}

/**
 * Whether a reminder no longer holds when it is due to leave: the milestone is gone, its due date
 * changed, its grant is no longer active, or the grantee owes nothing on it (delivered or accepted);
 * a 7-day reminder also once its due date has passed (a server that was down for days).
 */
export async function isReminderStale(db: Queryable, key: string | null): Promise<boolean> {
  const match = key ? KEY.exec(key) : null;
  if (!match) return false;
  const [, milestoneId, dueDate, kind] = match;
  const [row] = await db.query<{ holds: boolean }>(
    `SELECT m.due_date = $2::date AND m.state IN ('pending', 'changes_requested') AND g.state = 'active'
            AND ($3 <> '7d' OR m.due_date >= (now() AT TIME ZONE 'UTC')::date) AS holds
     FROM grant_milestones m JOIN grants g ON g.id = m.grant_id WHERE m.id = $1`,
    [milestoneId, dueDate, kind],
  );
  return !row?.holds;
}
