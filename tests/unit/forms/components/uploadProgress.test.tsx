import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProjectGrantsForm from '@/forms/ProjectGrantsForm';
import { projectGrantsSample } from './samples';
import { control, leaveDraft, renderPage, stubCaptcha, submitButton, waitForCaptcha } from './harness';

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

const PATH = '/applicants/project-grants/apply';

async function renderFilledAndSubmit() {
  const captcha = stubCaptcha();
  leaveDraft('project-grants', projectGrantsSample);
  const page = renderPage(<ProjectGrantsForm />, PATH);
  await waitFor(() => expect(control('firstName')).toHaveValue(projectGrantsSample.firstName));
  await page.user.click(control('firstName'));
  await waitForCaptcha(captcha);
  act(() => captcha.solve('captcha-token-1'));
  await page.user.click(submitButton());
  await waitFor(() => expect(ScriptedRequest.sent).toHaveLength(1));
  const [request] = ScriptedRequest.sent;
  if (!request) throw new Error('nothing sent');
  return { ...page, captcha, request };
}

describe('the progress of a form being sent', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    ScriptedRequest.sent = [];
    vi.stubGlobal('XMLHttpRequest', ScriptedRequest);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the share sent as a progress bar beside "Submitting", announcing it only at each quarter', async () => {
    const { request, router } = await renderFilledAndSubmit();
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
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/applicants/project-grants/thank-you'));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('cancels the upload at the applicant\'s word, says so, and keeps every value to send again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { request, user, router, captcha } = await renderFilledAndSubmit();
    act(() => request.progress(1_000_000, 4_194_304));

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));

    expect(request.aborted).toBe(true);
    expect(await screen.findByText(/Upload cancelled\. Nothing was sent and your answers are still here/)).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(submitButton()).toHaveTextContent('Submit Application'));
    expect(control('firstName')).toHaveValue(projectGrantsSample.firstName);
    expect(control('projectDescription')).toHaveValue(projectGrantsSample.projectDescription);
    expect(router.push).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
    expect(screen.queryByText('Algo salió mal durante el envío, inténtalo de nuevo.')).toBeNull();
    // A new attempt needs a new captcha, as after every attempt.
    expect(captcha.reset).toHaveBeenCalled();
  });
});
