import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import AcademicGrantsForm from '@/forms/AcademicGrantsForm';
import { academicGrants } from '@/forms/definitions';
import { answerJson, choose, control, fill, leaveDraft, renderPage, submitButton } from './harness';
import { academicGrantsPayload, academicGrantsSample } from './samples';

const PATH = '/academic-grants/apply';
const shown = (name: string) => document.getElementById(`field-${name}`) !== null;

describe('Academic grants form', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('starts with signatory Yes, repeat applicant No and reach-out Yes', () => {
    renderPage(<AcademicGrantsForm />, PATH);
    const checked = (name: string) => (document.querySelector(`input[name="${name}"]:checked`) as HTMLInputElement | null)?.value;
    expect([checked('POCisAuthorisedSignatory'), checked('repeatApplicant'), checked('canTheEFReachOut'), checked('wouldYouShareYourResearch')]).toEqual(['Yes', 'No', 'Yes', undefined]);
  });

  it('asks for the signatory only when the point of contact is not the signatory, and then requires it', async () => {
    const { user } = renderPage(<AcademicGrantsForm />, PATH);
    expect(shown('authorisedSignatoryInformation')).toBe(false);
    await fill(user, academicGrants, { POCisAuthorisedSignatory: 'No' });
    await user.click(control('authorisedSignatoryInformation'));
    await user.tab();
    expect(control('authorisedSignatoryInformation')).toHaveAttribute('aria-invalid', 'true');
    await fill(user, academicGrants, { POCisAuthorisedSignatory: 'Yes' });
    expect(shown('authorisedSignatoryInformation')).toBe(false);
  });

  it('reveals the free-text follow-ups for "Other" capacity and "Other" referral source', async () => {
    const { user } = renderPage(<AcademicGrantsForm />, PATH);
    expect([shown('applyingAsOther'), shown('referralSourceIfOther')]).toEqual([false, false]);
    await choose(user, 'In which capacity are you applying?', 'Other');
    expect(shown('applyingAsOther')).toBe(true);
    await choose(user, 'How did you hear about the grants wave?', 'Other');
    expect(shown('referralSourceIfOther')).toBe(true);
    await choose(user, 'How did you hear about the grants wave?', 'Email received at the front');
    expect(shown('referralSourceIfOther')).toBe(false);
  });

  it('sends booleans and option values as JSON, then thanks the applicant', async () => {
    const bodies = answerJson('post', '/api/academic-grants', 201);
    leaveDraft('academic-grants', academicGrantsSample);
    const { user, pageLoads } = renderPage(<AcademicGrantsForm />, PATH);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(screen.getByText(/We restored the draft/)).toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/academic-grants/thank-you/'));
    expect(bodies).toEqual([academicGrantsPayload]);
  });
});
