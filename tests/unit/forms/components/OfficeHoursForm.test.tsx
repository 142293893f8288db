import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import OfficeHoursForm from '@/forms/OfficeHoursForm';
import { officeHours } from '@/forms/definitions';
import { roundContact } from '@/lib/rounds';
import { apiServer } from '../../../support/apiServer';
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
    const { user, pageLoads } = renderPage(<OfficeHoursForm />, PATH);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(submitButton()).toHaveTextContent('Request office hours');
    await user.click(submitButton());
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/applicants/office-hours/thank-you/'));
    expect(bodies).toEqual([officeHoursPayload]);
  });
});

describe('a send refused after the round closed (403)', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());

  it("shows the server's Spanish sentence and whom to write to, keeps every value and the browser draft, and goes nowhere", async () => {
    const sentence = `La convocatoria de Office Hours cerró el 15 de marzo de 2027 y ya no recibe solicitudes. Si tienes preguntas, escribe a ${roundContact('office-hours')}.`;
    apiServer.use(http.post('*/api/office-hours', () => HttpResponse.json({ error: sentence }, { status: 403 })));
    leaveDraft('office-hours', officeHoursSample);
    const { user, pageLoads } = renderPage(<OfficeHoursForm />, PATH);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(sentence);
    expect(alert).toHaveTextContent('Tus respuestas siguen en este formulario y guardadas en este navegador.');
    expect(alert).toHaveAttribute('lang', 'es');
    expect(pageLoads).not.toHaveBeenCalled();
    for (const name of ['firstName', 'lastName', 'email', 'otherReasonForMeeting', 'projectName', 'projectDescription', 'additionalInfo']) {
      expect(control(name)).toHaveValue(officeHoursSample[name]);
    }
    expect(screen.getByRole('radio', { name: /Project feedback/ })).toBeChecked();
    expect(JSON.parse(localStorage.getItem('borrador:office-hours') ?? 'null')).toMatchObject({
      values: Object.fromEntries(Object.entries(officeHoursSample).filter(([, value]) => typeof value === 'string')),
    });
  });

  it('names the contact address when the refusal does not', async () => {
    apiServer.use(http.post('*/api/office-hours', () => HttpResponse.json({ error: 'La convocatoria de Office Hours ya no recibe solicitudes.' }, { status: 403 })));
    leaveDraft('office-hours', officeHoursSample);
    const { user } = renderPage(<OfficeHoursForm />, PATH);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: roundContact('office-hours') })).toHaveAttribute('href', `mailto:${roundContact('office-hours')}`);
  });
});
