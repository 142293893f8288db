import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import SmallGrantsForm from '@/forms/SmallGrantsForm';
import { smallGrants } from '@/forms/definitions';
import { answerJson, choose, control, fill, leaveDraft, renderPage, stubCaptcha, submitButton, waitForCaptcha } from './harness';
import { smallGrantsEventPayload, smallGrantsEventSample } from './samples';

const PATH = '/applicants/small-grants/apply';
const CATEGORY = 'Category';
const shown = (name: string) => document.getElementById(`field-${name}`) !== null;
const EVENT_NOTE = /not grants/i;

describe('Small grants form', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('shows the organisation for a team only, as a required field', async () => {
    const { user } = renderPage(<SmallGrantsForm />, PATH);
    expect(shown('company')).toBe(false);
    await fill(user, smallGrants, { individualOrTeam: 'Team' });
    expect(control('company')).toHaveAttribute('aria-required', 'true');
  });

  it('lets the category pick the section: event sponsorship shows the event questions and the note, another the project ones', async () => {
    const { user } = renderPage(<SmallGrantsForm />, PATH);
    expect([shown('eventName'), shown('projectName')]).toEqual([false, false]);
    await choose(user, CATEGORY, 'Event sponsorship');
    expect([shown('eventName'), shown('eventBudgetBreakdown'), shown('projectName')]).toEqual([true, true, false]);
    expect(screen.getByText(EVENT_NOTE)).toBeInTheDocument();
    await choose(user, CATEGORY, 'Layer 2');
    expect([shown('eventName'), shown('projectName'), shown('projectRequestedAmount')]).toEqual([false, true, true]);
    expect(screen.queryByText(EVENT_NOTE)).toBeNull();
  });

  it('asks for progress when the applicant applied before, required with the project section', async () => {
    const { user } = renderPage(<SmallGrantsForm />, PATH);
    await choose(user, CATEGORY, 'Layer 2');
    expect(shown('progress')).toBe(false);
    await fill(user, smallGrants, { repeatApplicant: 'Yes' });
    expect(control('progress')).toHaveAttribute('aria-required', 'true');
  });

  it('sends an event sponsorship to the event endpoint as JSON', async () => {
    const bodies = answerJson('post', '/api/small-grants/event', 201);
    const captcha = stubCaptcha();
    leaveDraft('small-grants', smallGrantsEventSample);
    const { user, pageLoads } = renderPage(<SmallGrantsForm />, PATH);
    await waitFor(() => expect(control('eventName')).toHaveValue(smallGrantsEventSample.eventName));
    await user.click(control('firstName'));
    await waitForCaptcha(captcha);
    act(() => captcha.solve('captcha-token-1'));
    await user.click(submitButton());
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/applicants/small-grants/thank-you/'));
    expect(bodies).toEqual([{ ...smallGrantsEventPayload, captchaToken: 'captcha-token-1' }]);
  });
});
