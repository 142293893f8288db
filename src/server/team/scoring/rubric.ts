import type { ProgrammeReview, ReviewConfig } from '../../../config/review';
import type { ReviewedProgrammeKey } from '../../../config/programmes';
import type { FormKey } from '../../../forms/definitions/types';

/** A programme's rubric, blind flag and reasons in the server's configuration; null for a form that is not reviewed. */
export function programmeReview(config: ReviewConfig, form: FormKey): ProgrammeReview | null {
  return (config.programmes as Readonly<Record<string, ProgrammeReview | undefined>>)[form] ?? null;
}

/**
 * The reason a history row stores, with the label the programme's list gives it; the key itself when
 * the list no longer has it (a deployer changed REVIEW_CONFIG since). Null without a reason.
 */
export function decisionReasonOf(config: ReviewConfig, form: FormKey, status: string, key: string | null): { key: string; label: string } | null {
  if (key === null) return null;
  const reasons = programmeReview(config, form)?.reasons;
  const list = status === 'approved' ? reasons?.approved : status === 'rejected' ? reasons?.rejected : undefined;
  return { key, label: list?.find((reason) => reason.key === key)?.label ?? key };
}

export type { ReviewedProgrammeKey };
