import { lazy } from 'react';

/**
 * The portal's forms (and react-hook-form with the field kit, 16 kB gzip of it) load in their own
 * chunk: each shows only once the API has answered, after hydration, so none of it belongs in the
 * pages' First Load JS. The page starts the download at mount (preloadForms), beside its API
 * request, so the form is usually there when the answer is.
 */
const loadForms = () => import('./forms');

export function preloadForms(): void {
  void loadForms();
}

export const LinkRequest = lazy(() => loadForms().then((forms) => ({ default: forms.LinkRequest })));
export const AnswerForm = lazy(() => loadForms().then((forms) => ({ default: forms.AnswerForm })));
export const Satisfaction = lazy(() => loadForms().then((forms) => ({ default: forms.Satisfaction })));
export const WithdrawPanel = lazy(() => loadForms().then((forms) => ({ default: forms.WithdrawPanel })));
export const ReportForm = lazy(() => loadForms().then((forms) => ({ default: forms.ReportForm })));
export const PublicationPanel = lazy(() => loadForms().then((forms) => ({ default: forms.PublicationPanel })));

/**
 * The correction form renders the public form's fields from its definition: the definitions (and
 * their option lists) load in a chunk of their own, only when a request has opened answers.
 */
const loadCorrection = () => import('./CorrectionForm');

export const CorrectionForm = lazy(() => loadCorrection().then((module) => ({ default: module.CorrectionForm })));
