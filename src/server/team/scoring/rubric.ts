import type { ProgrammeReview, ReviewConfig } from '../../../config/review';
import type { ReviewedProgrammeKey } from '../../../config/programmes';
import type { FormKey } from '../../../forms/definitions/types';

/** A programme's rubric, blind flag and reasons in the server's configuration; null for a form that is not reviewed. */
export function programmeReview(config: ReviewConfig, form: FormKey): ProgrammeReview | null {
  return (config.programmes as Readonly<Record<string, ProgrammeReview | undefined>>)[form] ?? null;
}

/**
 * The reason a history row stores, with the label the programme's list gives it; the key itself when
 * the list no longer has it (the round's reasons changed since). `reasons`: the application's round's. Null without a reason.
 */
export function decisionReasonOf(reasons: ProgrammeReview['reasons'] | undefined, status: string, key: string | null): { key: string; label: string } | null {
  if (key === null) return null;
  const list = status === 'approved' ? reasons?.approved : status === 'rejected' ? reasons?.rejected : undefined;
  return { key, label: list?.find((reason) => reason.key === key)?.label ?? key };
}

export type { ReviewedProgrammeKey };
