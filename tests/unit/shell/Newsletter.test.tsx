import { http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Newsletter } from '@/components/shell/Newsletter';
import { enhanceNewsletter } from '@/light/newsletter';
import { apiServer } from '../../support/apiServer';

/** The box as the exported page has it, with its script run over it (src/light/newsletter.ts). */
function renderNewsletter(path = '/about') {
  render(<Newsletter path={path} />);
  enhanceNewsletter(document);
  return {
    user: userEvent.setup(),
    form: document.querySelector('form') as HTMLFormElement,
    input: screen.getByLabelText('Correo electrónico') as HTMLInputElement,
    button: screen.getByRole('button', { name: 'SUSCRIBIRME' }),
  };
}

/** Answers the sign-up endpoint and records the bodies it received. */
function answerSignUp(respond: () => Response) {
  const bodies: unknown[] = [];
  apiServer.use(
    http.post('*/api/newsletter-signup', async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

const toast = (text: string) => screen.findByText(text, { selector: '.light-toasts *' });

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('Newsletter markup (scripts off)', () => {
  it('is a plain form post to the sign-up endpoint that the browser checks, naming the page to come back to', () => {
    render(<Newsletter path="/about" />);
    const form = document.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/newsletter-signup');
    const input = screen.getByLabelText('Correo electrónico');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('placeholder', 'tu@correo.com');
    expect(form.querySelector('input[type="hidden"][name="pagina"]')).toHaveValue('/about/');
    expect(screen.getByRole('heading', { name: 'Suscríbete al boletín' })).toBeInTheDocument();
  });

  it('carries each answer of a form post, hidden until the address names it', () => {
    render(<Newsletter path="/" />);
    expect(document.getElementById('boletin-gracias')).toHaveTextContent('¡Gracias por registrarte!');
    expect(document.getElementById('boletin-invalido')).toHaveTextContent('El correo electrónico no es válido, inténtalo de nuevo.');
    expect(document.getElementById('boletin-error')).toHaveTextContent('Algo salió mal durante el envío, inténtalo de nuevo.');
    expect(document.querySelector('#boletin-gracias a[href="#newsletter"]')).toHaveAccessibleName('Cerrar');
  });
});

describe('Newsletter with its script', () => {
  it('says "Correo invalido" while the typed address is not an email, and clears it once it is', async () => {
    const { user, input } = renderNewsletter();
    await user.type(input, 'ana@');
    expect(screen.getByText('Correo invalido')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Correo invalido');
    await user.type(input, 'ejemplo.org');
    expect(screen.queryByText('Correo invalido')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('posts the email as JSON, thanks the visitor and empties the field', async () => {
    const bodies = answerSignUp(() => HttpResponse.json({}, { status: 200 }));
    const { user, input, button } = renderNewsletter();
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    expect((await toast('¡Gracias por registrarte!')).closest('[role]')).toHaveAttribute('role', 'status');
    expect(bodies).toEqual([{ email: 'ana@ejemplo.org' }]);
    expect(input.value).toBe('');
  });

  it('disables the button while the sign-up is on its way', async () => {
    let answer = () => {};
    apiServer.use(http.post('*/api/newsletter-signup', () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ subscribed: true }, { status: 201 }))))));
    const { user, input, button } = renderNewsletter();
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    answer();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('thanks the visitor the same way for an address that is already signed up (the server answers 201 to any valid address)', async () => {
    answerSignUp(() => HttpResponse.json({ subscribed: true }, { status: 201 }));
    const { user, input, button } = renderNewsletter();
    for (const attempt of [1, 2]) {
      await user.type(input, 'ana@ejemplo.org');
      await user.click(button);
      await waitFor(() => expect(screen.getAllByText('¡Gracias por registrarte!', { selector: '.light-toasts *' })).toHaveLength(attempt));
    }
    expect(screen.queryByText(/suscrito|registrado/)).not.toBeInTheDocument();
  });

  it("shows the text of a 4xx answer (the server's per-address limit) as an alert toast and resets the form", async () => {
    answerSignUp(() => new HttpResponse('Demasiados intentos con este correo: inténtalo de nuevo más tarde.', { status: 429 }));
    const { user, input, button } = renderNewsletter();
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    const shown = await toast('Demasiados intentos con este correo: inténtalo de nuevo más tarde.');
    expect(shown.closest('[role]')).toHaveAttribute('role', 'alert');
    expect(input.value).toBe('');
  });

  it('shows the generic error on a 500 and keeps what was typed', async () => {
    answerSignUp(() => new HttpResponse('boom', { status: 500 }));
    const { user, input, button } = renderNewsletter();
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    expect(await toast('Algo salió mal durante el envío, inténtalo de nuevo.')).toBeInTheDocument();
    expect(input.value).toBe('ana@ejemplo.org');
  });

  it('shows the generic error when the network fails, and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerSignUp(() => HttpResponse.error());
    const { user, input, button } = renderNewsletter();
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    expect(await toast('Algo salió mal durante el envío, inténtalo de nuevo.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Newsletter sign-up failed', expect.anything());
    expect(input.value).toBe('ana@ejemplo.org');
    logged.mockRestore();
  });

  it('refuses an invalid address on submit with its toast, sends nothing and resets', async () => {
    const bodies = answerSignUp(() => HttpResponse.json({}));
    const { user, input } = renderNewsletter();
    await user.type(input, 'ana@ejemplo{Enter}');
    expect(await toast('El correo electrónico no es válido, inténtalo de nuevo.')).toBeInTheDocument();
    expect(input.value).toBe('');
    await waitFor(() => expect(bodies).toEqual([]));
  });

  it('sends an address typed before the script ran instead of calling the field empty', async () => {
    const bodies = answerSignUp(() => HttpResponse.json({ subscribed: true }, { status: 201 }));
    // The exported page's markup, typed into before its script takes it over.
    document.body.innerHTML = renderToString(<Newsletter path="/" />);
    (document.querySelector('input[name="email"]') as HTMLInputElement).value = 'temprana@ejemplo.org';
    enhanceNewsletter(document);

    const input = screen.getByLabelText('Correo electrónico') as HTMLInputElement;
    expect(input.value).toBe('temprana@ejemplo.org');
    await userEvent.setup().click(screen.getByRole('button', { name: 'SUSCRIBIRME' }));
    expect(await toast('¡Gracias por registrarte!')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'temprana@ejemplo.org' }]);
  });

  it('sends once however many times the page runs the script', async () => {
    const bodies = answerSignUp(() => HttpResponse.json({ subscribed: true }, { status: 201 }));
    const { user, input, button } = renderNewsletter();
    enhanceNewsletter(document);
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    expect(await toast('¡Gracias por registrarte!')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('turns the answer of a form post sent before it ran into a toast, and drops the fragment from the address', async () => {
    window.history.replaceState(null, '', '/about/#boletin-gracias');
    renderNewsletter('/about');
    expect(await toast('¡Gracias por registrarte!')).toBeInTheDocument();
    expect(document.getElementById('boletin-gracias')).not.toBeVisible();
    expect(window.location.pathname + window.location.hash).toBe('/about/');
  });

  it('does nothing on a page without the box', () => {
    document.body.innerHTML = '<main><form><input name="email"></form></main>';
    expect(() => enhanceNewsletter(document)).not.toThrow();
    expect(document.querySelector('form')!.noValidate).toBe(false);
  });
});
