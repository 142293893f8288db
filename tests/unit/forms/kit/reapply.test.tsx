/**
 * Reapplying in the browser (issue 52): the public form opened from the portal with `?desde=<reference>` asks the
 * prefill of the applicant's session (msw answers for the server), fills the form, says the file is not copied, sends
 * nothing by itself, and names the earlier application when the applicant sends it. A draft is never replaced unasked;
 * a refused prefill or send shows the server's Spanish words.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationPrefill } from '@/api/contracts/applicant';
import OfficeHoursForm from '@/forms/OfficeHoursForm';
import ProjectGrantsForm from '@/forms/ProjectGrantsForm';
import { apiServer } from '../../../support/apiServer';
import { control, leaveDraft, renderPage, submitButton } from '../components/harness';
import { officeHoursPayload, officeHoursSample } from '../components/samples';

const PATH = '/applicants/office-hours/apply/';
const REFERENCE = 'OH-000007';
const PREFILL: ApplicationPrefill = { reference: REFERENCE, form: 'office-hours', values: { ...officeHoursSample }, fileName: null };

/** The prefill route answering as the server would, and every POST of the form recorded with its address. */
function serve(prefill: { status: number; body: unknown }, send: { status: number; body?: unknown } = { status: 201 }) {
  const asked: string[] = [];
  const sent: Array<{ url: string; body: unknown }> = [];
  apiServer.use(
    http.get('*/api/applicant/applications/:reference/prefill', ({ params }) => {
      asked.push(String(params.reference));
      return HttpResponse.json(prefill.body as Record<string, unknown>, { status: prefill.status });
    }),
    http.post('*/api/office-hours', async ({ request }) => {
      sent.push({ url: request.url, body: await request.json() });
      return send.body === undefined ? new HttpResponse(null, { status: send.status }) : HttpResponse.json(send.body as Record<string, unknown>, { status: send.status });
    }),
  );
  return { asked, sent };
}

describe('the office hours form opened to reapply', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', `${PATH}?desde=${REFERENCE}`);
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('fills the form from the earlier application, says files are not copied, sends nothing until submit, then names it', async () => {
    const { asked, sent } = serve({ status: 200, body: PREFILL });
    const { user, pageLoads } = renderPage(<OfficeHoursForm />, PATH);
    await waitFor(() => expect(control('firstName')).toHaveValue(officeHoursSample.firstName));
    expect(asked).toEqual([REFERENCE]);
    expect(control('projectName')).toHaveValue(officeHoursSample.projectName);
    const notice = screen.getByText(/This form is filled in with your answers from application OH-000007/);
    expect(notice).toHaveTextContent('nothing is sent until you press “Request office hours”');
    // Office hours takes no file: nothing to say about one.
    expect(notice).not.toHaveTextContent(/file/i);
    expect(sent).toEqual([]);

    await user.clear(control('projectName'));
    await user.type(control('projectName'), 'Segundo intento');
    await user.click(submitButton());
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/applicants/office-hours/thank-you/'));
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).search).toBe(`?desde=${REFERENCE}`);
    expect(sent[0]!.body).toEqual({ ...officeHoursPayload, projectName: 'Segundo intento' });
    expect(localStorage.getItem('borrador:office-hours')).toBeNull();
  });

  it('says, on a form that takes a file, that the earlier file is not copied, by its name', async () => {
    window.history.replaceState(null, '', `/applicants/project-grants/apply/?desde=PG-000007`);
    apiServer.use(
      http.get('*/api/applicant/applications/PG-000007/prefill', () =>
        HttpResponse.json({ reference: 'PG-000007', form: 'project-grants', values: { firstName: 'Ana', projectName: 'Puente' }, fileName: 'propuesta.pdf' }),
      ),
    );
    renderPage(<ProjectGrantsForm />, '/applicants/project-grants/apply/');
    expect(await screen.findByText(/Files are not copied: “propuesta\.pdf” is not attached, so choose your file again/)).toBeInTheDocument();
    expect(control('projectName')).toHaveValue('Puente');
    expect(screen.queryByText('propuesta.pdf')).toBeNull();
  });

  it('asks before replacing a draft: the draft stays until the applicant chooses, and either choice is kept', async () => {
    serve({ status: 200, body: PREFILL });
    leaveDraft('office-hours', { ...officeHoursSample, projectName: 'Mi borrador' });
    const first = renderPage(<OfficeHoursForm />, PATH);
    await screen.findByText(/Do you want to replace it with your answers from application OH-000007\?/);
    expect(control('projectName')).toHaveValue('Mi borrador');
    await first.user.click(screen.getByRole('button', { name: 'Keep my draft' }));
    expect(control('projectName')).toHaveValue('Mi borrador');
    expect(screen.getByText(/Your new application will be linked to OH-000007/)).toHaveFocus();
    first.unmount();

    const second = renderPage(<OfficeHoursForm />, PATH);
    await second.user.click(await screen.findByRole('button', { name: `Use my answers from ${REFERENCE}` }));
    expect(control('projectName')).toHaveValue(officeHoursSample.projectName);
    expect(screen.getByText(/This form is filled in with your answers from application OH-000007/)).toHaveFocus();
  });

  it('shows the Spanish refusal of a prefill that is not theirs, leaves the form empty and sends without the link', async () => {
    const { sent } = serve({ status: 404, body: { error: 'No encontramos esa solicitud.' } });
    renderPage(<OfficeHoursForm />, PATH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No encontramos esa solicitud.');
    expect(alert).toHaveTextContent('This form is empty: if you send it, it will not be linked to application OH-000007.');
    expect(control('firstName')).toHaveValue('');
    expect(sent).toEqual([]);
  });

  it('asks a signed-out applicant to sign in first', async () => {
    serve({ status: 401, body: { error: 'Tu sesión terminó. Pide un enlace nuevo para entrar.' } });
    renderPage(<OfficeHoursForm />, PATH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Tu sesión terminó.');
    expect(screen.getByRole('link', { name: 'Entra en Mi solicitud' })).toHaveAttribute('href', '/mi-solicitud/');
  });

  it("shows the server's refusal of the link in Spanish, keeps every value and goes nowhere", async () => {
    const refusal = 'Solo puedes volver a solicitar desde una solicitud rechazada o retirada. No se guardó nada.';
    serve({ status: 200, body: PREFILL }, { status: 409, body: { error: refusal } });
    const { user, pageLoads } = renderPage(<OfficeHoursForm />, PATH);
    await waitFor(() => expect(control('firstName')).toHaveValue(officeHoursSample.firstName));
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).toHaveAttribute('lang', 'es');
    expect(control('projectName')).toHaveValue(officeHoursSample.projectName);
    expect(pageLoads).not.toHaveBeenCalled();
  });
});
