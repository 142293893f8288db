/**
 * The applicant portal's detail of one application (GET /api/applicant/applications/:reference) as the
 * browser tests stand it in: a project grant just received, PG-000123, changed where a test needs.
 * One place, typed by the contract, so a field the contract gains is added once.
 */
import type { ApplicantApplicationDetail } from '../../src/api/contracts/applicant';

export const DETAIL_REFERENCE = 'PG-000123';
const SUBMITTED = '2026-11-20T15:04:00Z';

export function applicantDetail(changes: Partial<ApplicantApplicationDetail> = {}): ApplicantApplicationDetail {
  return {
    reference: DETAIL_REFERENCE,
    form: 'project-grants',
    programme: 'Project Grants',
    title: 'Monedero comunitario',
    submittedAt: SUBMITTED,
    status: 'received',
    statusLabel: 'Recibida',
    steps: [{ status: 'received', label: 'Recibida', at: SUBMITTED }],
    nextStep: 'Recibimos tu solicitud y te enviamos la confirmación por correo. El equipo la revisará.',
    decisionMessage: null,
    answers: [{ title: 'Contact information', answers: [{ name: 'firstName', label: 'First name', value: 'Ana' }] }],
    version: 1,
    correctionValues: null,
    fileName: 'propuesta.pdf',
    informationRequests: [],
    canWithdraw: true,
    satisfaction: null,
    canRate: false,
    paymentDetailsReceived: [],
    canReapply: false,
    ...changes,
  };
}

/** The same application approved (a grantee's), with nothing else to do. */
export const approvedDetail = (changes: Partial<ApplicantApplicationDetail> = {}): ApplicantApplicationDetail =>
  applicantDetail({
    status: 'approved',
    statusLabel: 'Aprobada',
    steps: [
      { status: 'received', label: 'Recibida', at: SUBMITTED },
      { status: 'approved', label: 'Aprobada', at: '2026-11-25T12:00:00Z' },
    ],
    nextStep: null,
    answers: [],
    fileName: null,
    canWithdraw: false,
    ...changes,
  });
