import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import OfficeHoursForm from '@/forms/OfficeHoursForm';
import { officeHours } from '@/forms/definitions';
import { answerJson, control, fill, leaveDraft, renderPage, submitButton } from './harness';
import { officeHoursPayload, officeHoursSample } from './samples';

const PATH = '/applicants/office-hours/apply';
const PROJECT_FIELDS = ['projectName', 'projectDescription', 'additionalInfo', 'projectCategory'];
const shown = (name: string) => document.getElementById(`field-${name}`) !== null;

describe('Office hours form', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('shows the organisation only for a team, and then requires it', async () => {
    const { user } = renderPage(<OfficeHoursForm />, PATH);
    expect(shown('company')).toBe(false);
    await fill(user, officeHours, { individualOrTeam: 'Team' });
    expect(control('company')).toHaveAttribute('aria-required', 'true');
    await user.click(control('company'));
    await user.tab();
    expect(await screen.findByText('Organization name is required.')).toBeInTheDocument();
    await fill(user, officeHours, { individualOrTeam: 'Individual' });
    expect(shown('company')).toBe(false);
  });

  it('asks the project questions for project feedback (the default) and not for advice', async () => {
    const { user } = renderPage(<OfficeHoursForm />, PATH);
    expect(PROJECT_FIELDS.map(shown)).toEqual([true, true, true, true]);
    await fill(user, officeHours, { officeHoursRequest: 'Advice' });
    expect(PROJECT_FIELDS.map(shown)).toEqual([false, false, false, false]);
    await fill(user, officeHours, { officeHoursRequest: 'Project feedback' });
    expect(PROJECT_FIELDS.map(shown)).toEqual([true, true, true, true]);
  });

  it('sends the request as JSON with option values and the full name as company, then thanks the applicant', async () => {
    const bodies = answerJson('post', '/api/office-hours', 201);
    leaveDraft('office-hours', officeHoursSample);
    const { user, router } = renderPage(<OfficeHoursForm />, PATH);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(submitButton()).toHaveTextContent('Request office hours');
    await user.click(submitButton());
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/applicants/office-hours/thank-you'));
    expect(bodies).toEqual([officeHoursPayload]);
  });
});
