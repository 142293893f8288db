/**
 * The team's calls about the applicant's side of an application: requests for information,
 * satisfaction and erasure requests (the decision email's message travels with the decision email
 * in api.ts). The shapes come from src/api/contracts/teamInformation.ts, type only.
 */
import type {
  ApplicantSideOfApplication,
  ErasureRequestList,
  QuestionBody,
  QuestionEmailPreview,
  QuestionSent,
  SatisfactionSummary,
} from '@/api/contracts/teamInformation';
import { request, teamPaths, type ApplicationDetail } from './api';

export type { ErasureRequestList, QuestionEmailPreview, SatisfactionSummary };

/** The team's application detail with what the applicant said and was told (absent on grantee finance records). */
export type ApplicationWithApplicantSide = ApplicationDetail & Partial<ApplicantSideOfApplication>;

export type TeamInformationRequest = ApplicantSideOfApplication['informationRequests'][number];

const question = (id: string) => `${teamPaths.application(id)}/information-request`;

export const applicantSidePaths = {
  questionPreview: (id: string) => `${question(id)}/preview`,
  questionSend: (id: string) => `${question(id)}/send`,
  satisfaction: '/api/team/satisfaction',
  erasureRequests: '/api/team/data-rights/erasure-requests',
} as const;

export const applicantSideApi = {
  /** openFields: the answers the request opens for correction (absent: a question only). */
  questionPreview: (id: string, text: string, openFields?: QuestionBody['openFields']) =>
    request<QuestionEmailPreview>('POST', applicantSidePaths.questionPreview(id), { question: text, openFields } satisfies QuestionBody),
  questionSend: (id: string, text: string, openFields?: QuestionBody['openFields']) =>
    request<QuestionSent>('POST', applicantSidePaths.questionSend(id), { question: text, openFields } satisfies QuestionBody),
  satisfaction: () => request<SatisfactionSummary>('GET', applicantSidePaths.satisfaction),
  erasureRequests: () => request<ErasureRequestList>('GET', applicantSidePaths.erasureRequests),
};
