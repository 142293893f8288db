/** The portal's forms, one chunk loaded after hydration (src/applicant/lazyForms.ts). */
export { AnswerForm } from './AnswerForm';
export { LinkRequest } from './LinkRequest';
export { Satisfaction } from './Satisfaction';
export { WithdrawPanel } from './WithdrawPanel';
export { ReportForm } from './ReportForm';
export { PublicationPanel } from './PublicationPanel';
