/**
 * Drafts that survive (issue 52), for every form: what is typed is kept in this browser with the time it was saved,
 * never the captcha token nor the file; a later visit (a reload) restores it and says when it was saved; one press of
 * "Discard draft" empties the form, says so where the focus lands and keeps nothing; a successful send clears it.
 * Grantee finance keeps none, and says why.
 */
import type { ComponentType } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import AcademicGrantsForm from '@/forms/AcademicGrantsForm';
import DevconGrantsForm from '@/forms/DevconGrantsForm';
import GranteeFinanceForm, { NO_DRAFT_NOTE } from '@/forms/GranteeFinanceForm';
import OfficeHoursForm from '@/forms/OfficeHoursForm';
import ProjectGrantsForm from '@/forms/ProjectGrantsForm';
import SmallGrantsForm from '@/forms/SmallGrantsForm';
import { formDefinitions, type FormKey, type FormValues } from '@/forms/definitions';
import { granteeFinance } from '@/forms/definitions/granteeFinance';
import { apiServer } from '../../../support/apiServer';
import { control, fill, leaveDraft, renderPage, stubCaptcha, submitButton, waitForCaptcha } from '../components/harness';
import { academicGrantsSample, devconGrantsSample, officeHoursSample, projectGrantsSample, smallGrantsEventSample } from '../components/samples';

type Case = { key: FormKey; Form: ComponentType; sample: FormValues; path: string; endpoint: string };

const FORMS: Case[] = [
  { key: 'project-grants', Form: ProjectGrantsForm, sample: projectGrantsSample, path: '/applicants/project-grants/apply', endpoint: '/api/project-grants' },
  { key: 'small-grants', Form: SmallGrantsForm, sample: smallGrantsEventSample, path: '/applicants/small-grants/apply', endpoint: '/api/small-grants/event' },
  { key: 'academic-grants', Form: AcademicGrantsForm, sample: academicGrantsSample, path: '/academic-grants/apply', endpoint: '/api/academic-grants' },
  { key: 'devcon-grants', Form: DevconGrantsForm, sample: devconGrantsSample, path: '/devcon-grants/apply', endpoint: '/api/devcon-grants' },
  { key: 'office-hours', Form: OfficeHoursForm, sample: officeHoursSample, path: '/applicants/office-hours/apply', endpoint: '/api/office-hours' },
];

type Kept = { savedAt: string; from: string | null; values: Record<string, string> };
const kept = (key: FormKey): Kept | null => JSON.parse(localStorage.getItem(`borrador:${key}`) ?? 'null') as Kept | null;

describe.each(FORMS)('the $key form', { timeout: 30_000 }, ({ key, Form, sample, path, endpoint }) => {
  beforeEach(() => localStorage.clear());

  it('keeps what is typed with when, never the captcha; restores it on a later visit saying when; one press of "Discard draft" empties it and says so', async () => {
    const captcha = stubCaptcha();
    const first = renderPage(<Form />, path);
    await first.user.type(control('firstName'), 'Ana');
    if (formDefinitions[key].captcha) {
      await waitForCaptcha(captcha);
      act(() => captcha.solve('secret-token'));
    }
    await waitFor(() => expect(kept(key)?.values.firstName).toBe('Ana'));
    expect(Date.parse(kept(key)!.savedAt)).not.toBeNaN();
    expect(localStorage.getItem(`borrador:${key}`)).not.toContain('secret-token');
    expect(Object.keys(kept(key)!.values)).not.toContain('captchaToken');

    first.unmount();
    const second = renderPage(<Form />, path);
    await waitFor(() => expect(control('firstName')).toHaveValue('Ana'));
    expect(screen.getByText(/We restored the draft you left in this browser \(saved on /)).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(control('firstName')).toHaveValue('');
    expect(localStorage.getItem(`borrador:${key}`)).toBeNull();
    const said = screen.getByText('Draft discarded: the form is empty and nothing is kept in this browser.');
    expect(said).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
  });

  it('clears the draft after a successful send', async () => {
    apiServer.use(http.post(`*${endpoint}`, () => new HttpResponse(null, { status: 201 })));
    const captcha = stubCaptcha();
    leaveDraft(key, sample);
    const { user, pageLoads } = renderPage(<Form />, path);
    await waitFor(() => expect(control('firstName')).toHaveValue(sample.firstName));
    if (formDefinitions[key].captcha) {
      await waitForCaptcha(captcha);
      act(() => captcha.solve('secret-token'));
    }
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith(formDefinitions[key].thankYouPath));
    expect(localStorage.getItem(`borrador:${key}`)).toBeNull();
  });
});

describe('a chosen file', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('is never part of the draft: a later visit restores the answers and asks for the file again', async () => {
    const first = renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    await screen.findByText(/Drag and drop your proposal here/, {}, { timeout: 5000 });
    await first.user.upload(control('uploadProposal') as HTMLInputElement, new File(['%PDF-1.4 proposal'], 'propuesta-secreta.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('propuesta-secreta.pdf')).toBeInTheDocument();
    await first.user.type(control('projectName'), 'Zk Aula');
    await waitFor(() => expect(kept('project-grants')?.values.projectName).toBe('Zk Aula'));
    expect(localStorage.getItem('borrador:project-grants')).not.toMatch(/propuesta-secreta|uploadProposal|PDF-1\.4/);
    first.unmount();
    renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply');
    await waitFor(() => expect(control('projectName')).toHaveValue('Zk Aula'));
    expect(screen.queryByText('propuesta-secreta.pdf')).toBeNull();
  });
});

describe('the grantee finance form', () => {
  beforeEach(() => localStorage.clear());

  it('keeps no draft of bank details, and says why above the form', async () => {
    const { user } = renderPage(<GranteeFinanceForm />, '/applicants/grantee-finance');
    expect(screen.getByText(NO_DRAFT_NOTE)).toBeInTheDocument();
    await fill(user, granteeFinance, { paymentPreference: 'Fiat', beneficiaryName: 'Rosa Quispe', bankName: 'Banco Andino', IBAN: 'PE12345678901234567890' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(localStorage.length).toBe(0);
  });
});
