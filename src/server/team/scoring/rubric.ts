import type { ProgrammeReview } from '../../../config/review';

/**
 * The reason a history row stores, with the label the list gives it; the key itself when the list no longer has it
 * (the round's reasons changed since). `reasons`: the application's round's (src/server/rounds/reviewSetup.ts). Null without a reason.
 */
export function decisionReasonOf(reasons: ProgrammeReview['reasons'] | undefined, status: string, key: string | null): { key: string; label: string } | null {
  if (key === null) return null;
  const list = status === 'approved' ? reasons?.approved : status === 'rejected' ? reasons?.rejected : undefined;
  return { key, label: list?.find((reason) => reason.key === key)?.label ?? key };
}
