/**
 * The team's calls about the grant of an approved application (src/api/contracts/grants.ts, types
 * only): read it, create it, define its milestones, review a report. A grant that does not exist
 * yet answers 404, which the section shows as "none yet", not as a failure.
 */
import type { GrantTerms, MilestonesBody, ReviewReportBody, TeamGrant } from '@/api/contracts/grants';
import { request, teamPaths } from '../api';

export type { GrantTerms, TeamGrant };
export type { GrantPayment, MilestoneInput, TeamMilestone, TeamMilestoneReport } from '@/api/contracts/grants';

const grant = (id: string) => `${teamPaths.application(id)}/grant`;

export const grantPaths = {
  grant,
  milestones: (id: string) => `${grant(id)}/milestones`,
  review: (id: string, milestoneId: string) => `${grant(id)}/milestones/${encodeURIComponent(milestoneId)}/review`,
  reportFile: (id: string, milestoneId: string, version: number) => `${grant(id)}/milestones/${encodeURIComponent(milestoneId)}/reports/${version}/file`,
} as const;

export const grantApi = {
  read: (id: string) => request<TeamGrant>('GET', grantPaths.grant(id)),
  create: (id: string, terms: GrantTerms) => request<TeamGrant>('POST', grantPaths.grant(id), terms),
  defineMilestones: (id: string, body: MilestonesBody) => request<TeamGrant>('POST', grantPaths.milestones(id), body),
  review: (id: string, milestoneId: string, body: ReviewReportBody) => request<TeamGrant>('POST', grantPaths.review(id, milestoneId), body),
};
