import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProjectGrantsForm from '@/forms/ProjectGrantsForm';
import { projectGrants } from '@/forms/definitions';
import { apiServer } from '../../../support/apiServer';
import { choose, control, fill, leaveDraft, renderPage, stubCaptcha, submitButton, waitForCaptcha } from './harness';
import { projectGrantsParts, projectGrantsSample } from './samples';

const PATH = '/applicants/project-grants/apply';
const GENERIC_ERROR = 'Algo salió mal durante el envío, inténtalo de nuevo.';

/** Answers the endpoint with `status` and records every multipart body it received. */
function answerProjectGrants(status: number) {
  const bodies: FormData[] = [];
  apiServer.use(
    http.post('*/api/project-grants', async ({ request }) => {
      bodies.push(await request.formData());
      return new HttpResponse(null, { status });
    }),
  );
  return bodies;
}

/**
 * The browser's XMLHttpRequest as far as the client uses it, driven by the test: how much of the
 * body has gone out (upload progress), the answer, or nothing while the applicant cancels.
 */
class ScriptedRequest {
  static sent: ScriptedRequest[] = [];
  readonly upload = new EventTarget();
  readonly events = new EventTarget();
  status = 0;
  method = '';
  url = '';
  body: unknown = null;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
    ScriptedRequest.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(sent: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: sent, total }));
  }
}

/** The file input, once the drop zone has replaced the plain file input standing in for it. */
const uploadInput = async () => {
  await screen.findByText(/Drag and drop your proposal here/, {}, { timeout: 5000 });
  return control('uploadProposal') as HTMLInputElement;
};

/** The form with every field filled (from a draft of an earlier visit) and the captcha solved. */
async function renderFilled() {
  const captcha = stubCaptcha();
  leaveDraft('project-grants', projectGrantsSample);
  const page = renderPage(<ProjectGrantsForm />, PATH);
  await waitFor(() => expect(control('firstName')).toHaveValue(projectGrantsSample.firstName));
  await page.user.click(control('firstName'));
  await waitForCaptcha(captcha);
  act(() => captcha.solve('captcha-token-1'));
  return { ...page, captcha };
}

// Filling a whole application the way an applicant does takes several seconds in jsdom.
describe('Project grants form', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('reveals referralSourceIfOther only for the "Other" referral source', async () => {
    const { user } = renderPage(<ProjectGrantsForm />, PATH);
    expect(document.getElementById('field-referralSourceIfOther')).toBeNull();
    await choose(user, 'How did you hear about us?', 'Other');
    expect(control('referralSourceIfOther')).toHaveAttribute('name', 'referralSourceIfOther');
    await choose(user, 'How did you hear about us?', 'Social Media');
    expect(document.getElementById('field-referralSourceIfOther')).toBeNull();
  });

  it('shows a field error on blur, tied to the control, and lists what is missing under the disabled button', async () => {
    const { user } = renderPage(<ProjectGrantsForm />, PATH);
    expect(submitButton()).toBeDisabled();
    await user.click(control('firstName'));
    await user.tab();
    const input = control('firstName');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(input.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')).toHaveTextContent('First name is required.');

    const missingLink = screen.getByRole('link', { name: 'Last name' });
    await user.click(missingLink);
    expect(control('lastName')).toHaveFocus();
  });

  it('keeps a pasted text longer than the cap whole and says by how much it is over', async () => {
    const { user } = renderPage(<ProjectGrantsForm />, PATH);
    await user.click(control('twitter'));
    await user.paste('a_handle_that_is_too_long');
    await user.tab();
    expect(control('twitter')).toHaveValue('a_handle_that_is_too_long');
    expect(screen.getByText('Twitter handle cannot exceed 16 characters.')).toBeInTheDocument();
    expect(screen.getByText(/25 \/ 16/)).toBeInTheDocument();
  });

  it('sends the multipart body field by field, shows "Submitting" meanwhile, then resets and goes to the thank-you page', async () => {
    let release: () => void = () => {};
    const bodies: FormData[] = [];
    apiServer.use(
      http.post('*/api/project-grants', async ({ request }) => {
        bodies.push(await request.formData());
        await new Promise<void>((resolve) => (release = resolve));
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user, pageLoads, captcha } = await renderFilled();
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());

    await waitFor(() => expect(submitButton()).toHaveTextContent('Submitting'));
    expect(submitButton()).toBeDisabled();
    await waitFor(() => expect(bodies).toHaveLength(1));
    release();

    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/applicants/project-grants/thank-you/'));
    const [body] = bodies;
    const textParts = Object.fromEntries([...(body?.entries() ?? [])].filter(([, value]) => typeof value === 'string'));
    expect(textParts).toEqual(projectGrantsParts);
    expect(body?.has('uploadProposal')).toBe(false);
    expect(control('firstName')).toHaveValue('');
    expect(captcha.reset).toHaveBeenCalled();
    expect(localStorage.getItem('borrador:project-grants')).toBeNull();
  });

  it('on a failed answer shows the Spanish toast, logs the error, keeps every value and resets only the captcha', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerProjectGrants(500);
    const { user, pageLoads, captcha } = await renderFilled();
    await user.click(submitButton());

    expect(await screen.findByText(GENERIC_ERROR)).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(pageLoads).not.toHaveBeenCalled();
    expect(captcha.reset).toHaveBeenCalled();
    for (const name of ['firstName', 'email', 'projectName', 'requestedAmount', 'referralSourceIfOther']) {
      expect(control(name)).toHaveValue(projectGrantsSample[name]);
    }
    // The captcha must be solved again before the next attempt.
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Captcha' })).toBeInTheDocument();
  });

  it('resets the captcha when it expires, keeping the other values', async () => {
    const { captcha } = await renderFilled();
    expect(submitButton()).toBeEnabled();
    act(() => captcha.expire());
    expect(captcha.reset).toHaveBeenCalled();
    expect(submitButton()).toBeDisabled();
    expect(control('projectName')).toHaveValue(projectGrantsSample.projectName);
  });

  it('refuses a file over 4 MB, takes one under, really drops it when removed, and sends the one chosen last', async () => {
    const bodies = answerProjectGrants(201);
    const { user } = await renderFilled();
    const input = await uploadInput();

    await user.upload(input, new File([new Uint8Array(4194305)], 'too-big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('File size cannot exceed 4mb.')).toBeInTheDocument();
    expect(screen.queryByText('too-big.pdf')).toBeNull();

    await user.upload(input, new File([new Uint8Array(4194304)], 'draft.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Proposal uploaded!')).toBeInTheDocument();
    expect(screen.getByText('draft.pdf')).toBeInTheDocument();
    expect(screen.queryByText('File size cannot exceed 4mb.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove draft.pdf' }));
    expect(screen.queryByText('draft.pdf')).toBeNull();

    await user.click(submitButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.has('uploadProposal'), 'a removed file is not sent').toBe(false);
  });

  it('sends the chosen file as the uploadProposal part', async () => {
    // Read as raw multipart: Node 24's FormData parser refuses the File class jsdom installs.
    const rawBodies: string[] = [];
    apiServer.use(
      http.post('*/api/project-grants', async ({ request }) => {
        rawBodies.push(await request.text());
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user } = await renderFilled();
    const input = await uploadInput();
    await user.upload(input, new File(['%PDF-1.4 proposal'], 'proposal.pdf', { type: 'application/pdf' }));
    await user.click(submitButton());
    await waitFor(() => expect(rawBodies).toHaveLength(1));
    // A file part (with a filename), not a text part.
    expect(rawBodies[0]).toMatch(/Content-Disposition: form-data; name="uploadProposal"; filename="[^"]+"/);
  });

  it('keeps a draft as the applicant types (never the captcha token), restores it with a notice, and discards it on request', async () => {
    const captcha = stubCaptcha();
    const first = renderPage(<ProjectGrantsForm />, PATH);
    await fill(first.user, projectGrants, { firstName: 'Ana', projectName: 'Zk Aula' });
    await waitForCaptcha(captcha);
    act(() => captcha.solve('secret-token'));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('borrador:project-grants') ?? '{}')).toMatchObject({ values: { firstName: 'Ana', projectName: 'Zk Aula' } }));
    expect(localStorage.getItem('borrador:project-grants')).not.toContain('secret-token');

    // A later visit: the page is rendered afresh.
    first.unmount();
    const second = renderPage(<ProjectGrantsForm />, PATH);
    await waitFor(() => expect(control('firstName')).toHaveValue('Ana'));
    expect(control('projectName')).toHaveValue('Zk Aula');
    await second.user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(control('firstName')).toHaveValue('');
    expect(localStorage.getItem('borrador:project-grants')).toBeNull();
  });

  describe('while it is being sent', () => {
    /** The filled form, submitted: the request it sent, driven by the test. */
    async function submitFilled() {
      const page = await renderFilled();
      await page.user.click(submitButton());
      await waitFor(() => expect(ScriptedRequest.sent).toHaveLength(1));
      const [request] = ScriptedRequest.sent;
      if (!request) throw new Error('nothing sent');
      return { ...page, request };
    }

    beforeEach(() => {
      ScriptedRequest.sent = [];
      vi.stubGlobal('XMLHttpRequest', ScriptedRequest);
    });
    afterEach(() => vi.unstubAllGlobals());

    it('shows the share sent as a progress bar beside "Submitting", announcing it only at each quarter', async () => {
      const { request, pageLoads } = await submitFilled();
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/api/project-grants');
      expect(submitButton()).toHaveTextContent('Submitting');

      const bar = screen.getByRole('progressbar', { name: /Starting to send/ });
      const announced = () => within(bar.parentElement ?? document.body).getByRole('status').textContent;
      act(() => request.progress(1_258_291, 4_194_304));
      expect(bar).toHaveAttribute('value', '30');
      expect(bar).toHaveAccessibleName('Sent 1.2 of 4.0 MB (30%)');
      expect(announced()).toBe('25% sent');
      act(() => request.progress(1_468_006, 4_194_304));
      expect(bar).toHaveAttribute('value', '35');
      expect(announced(), 'a few more percent are not announced').toBe('25% sent');
      act(() => request.progress(2_097_152, 4_194_304));
      expect(announced()).toBe('50% sent');

      act(() => {
        request.status = 201;
        request.events.dispatchEvent(new Event('load'));
      });
      await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/applicants/project-grants/thank-you/'));
      expect(screen.queryByRole('progressbar')).toBeNull();
    });

    it('cancels the upload at the applicant\'s word, says so, and keeps every value to send again', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { request, user, pageLoads, captcha } = await submitFilled();
      act(() => request.progress(1_000_000, 4_194_304));

      await user.click(screen.getByRole('button', { name: 'Cancel upload' }));

      expect(request.aborted).toBe(true);
      expect(await screen.findByText(/Upload cancelled\. Nothing was sent and your answers are still here/)).toBeVisible();
      expect(screen.queryByRole('progressbar')).toBeNull();
      await waitFor(() => expect(submitButton()).toHaveTextContent('Submit Application'));
      expect(control('firstName')).toHaveValue(projectGrantsSample.firstName);
      expect(control('projectDescription')).toHaveValue(projectGrantsSample.projectDescription);
      expect(pageLoads).not.toHaveBeenCalled();
      expect(logged).not.toHaveBeenCalled();
      expect(screen.queryByText('Algo salió mal durante el envío, inténtalo de nuevo.')).toBeNull();
      // A new attempt needs a new captcha, as after every attempt.
      expect(captcha.reset).toHaveBeenCalled();
    });
  });
});
