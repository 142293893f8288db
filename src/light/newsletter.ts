/**
 * The newsletter box (src/components/shell/Newsletter.tsx) with scripts: "Correo invalido" as the
 * visitor types, the sign-up sent as JSON through fetch and its answer as a toast, the field emptied
 * once the server has answered and the button disabled meanwhile. An address typed before this ran
 * is taken over; the answer of a plain form post sent before it ran (#boletin-…) becomes a toast.
 */
import { EMAIL_PATTERN, newsletterAnswers, newsletterMessages } from '@/lib/newsletter';
import { GENERIC_ERROR_MESSAGE } from '@/lib/notify';
import { showToast } from './toast';

/** Sends the address where the form posts (its action and method: the markup's, no table here) as JSON. */
async function signUp(form: HTMLFormElement, email: string): Promise<{ ok: boolean; status: number; text: string }> {
  const response = await fetch(form.action, {
    method: form.method.toUpperCase(),
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/plain' },
    body: JSON.stringify({ email }),
  });
  const text = response.ok ? '' : await response.text().catch(() => '');
  return { ok: response.ok, status: response.status, text };
}

/** The answer a plain form post came back with, as a toast; the address loses its fragment. */
function takeOverAnswer(root: Document): void {
  const id = decodeURIComponent(root.location?.hash.slice(1) ?? '');
  const answer = Object.values(newsletterAnswers).find((candidate) => candidate.id === id);
  const shown = answer ? root.getElementById(answer.id) : null;
  if (!answer || !shown) return;
  shown.hidden = true;
  showToast(root, answer === newsletterAnswers.success ? 'success' : 'error', answer.message);
  const { history, location } = root.defaultView!;
  history.replaceState(history.state, '', location.pathname + location.search);
}

export function enhanceNewsletter(root: Document): void {
  const form = root.querySelector<HTMLFormElement>('form[data-light="newsletter"]');
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const error = input ? root.getElementById(`${input.id}-error`) : null;
  if (!form || !input || !button || !error || form.hasAttribute('data-light-ready')) return;
  form.setAttribute('data-light-ready', '');
  // The script's own messages replace the browser's check (which only the scripts-off post relies on).
  form.noValidate = true;

  let touched = false;
  const problem = (): string | null => (EMAIL_PATTERN.test(input.value.trim()) ? null : newsletterMessages.invalidField);
  const showProblem = () => {
    const shown = touched ? problem() : null;
    error.textContent = shown ?? '';
    if (shown) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  };
  const reset = () => {
    input.value = '';
    touched = false;
    showProblem();
  };

  input.addEventListener('input', () => {
    touched = true;
    showProblem();
  });
  // Typed before the script ran: validated and sent like any other address.
  if (input.value !== '') {
    touched = true;
    showProblem();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (problem()) {
      showToast(root, 'error', newsletterMessages.invalidOnSubmit);
      reset();
      return;
    }
    button.disabled = true;
    try {
      const answer = await signUp(form, input.value.trim());
      if (answer.ok) {
        showToast(root, 'success', newsletterMessages.success);
        reset();
      } else if (answer.status >= 400 && answer.status < 500) {
        showToast(root, 'error', answer.text || GENERIC_ERROR_MESSAGE);
        reset();
      } else {
        showToast(root, 'error', GENERIC_ERROR_MESSAGE);
      }
    } catch (failure) {
      console.error('Newsletter sign-up failed', failure);
      showToast(root, 'error', GENERIC_ERROR_MESSAGE);
    } finally {
      button.disabled = false;
    }
  });

  takeOverAnswer(root);
}
