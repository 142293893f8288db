import { http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Newsletter } from '@/components/shell/Newsletter';
import { Toasts } from '@/components/shell/Toasts';
import { apiServer } from '../../support/apiServer';

function renderNewsletter() {
  render(
    <>
      <Newsletter />
      <Toasts />
    </>,
  );
  return {
    user: userEvent.setup(),
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

describe('Newsletter', () => {
  it('says "Correo invalido" while the typed address is not an email, and clears it once it is', async () => {
    const { user, input } = renderNewsletter();
    await user.type(input, 'ana@');
    expect(screen.getByText('Correo invalido')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, 'ejemplo.org');
    expect(screen.queryByText('Correo invalido')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('posts the email as JSON, thanks the visitor and empties the field', async () => {
    const bodies = answerSignUp(() => HttpResponse.json({}, { status: 200 }));
    const { user, input, button } = renderNewsletter();
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    expect(await screen.findByText('¡Gracias por registrarte!')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ana@ejemplo.org' }]);
    expect(input.value).toBe('');
  });

  it('thanks the visitor the same way for an address that is already signed up (the server answers 201 to any valid address)', async () => {
    answerSignUp(() => HttpResponse.json({ subscribed: true }, { status: 201 }));
    const { user, input, button } = renderNewsletter();
    for (const attempt of [1, 2]) {
      await user.type(input, 'ana@ejemplo.org');
      await user.click(button);
      await waitFor(() => expect(screen.getAllByText('¡Gracias por registrarte!')).toHaveLength(attempt));
    }
    expect(screen.queryByText(/suscrito|registrado/)).not.toBeInTheDocument();
  });

  it("shows the text of a 4xx answer (the server's invalid-address text) as the toast and resets the form", async () => {
    answerSignUp(() => new HttpResponse('El correo electrónico no es válido, inténtalo de nuevo.', { status: 400 }));
    const { user, input, button } = renderNewsletter();
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    expect(await screen.findByText('El correo electrónico no es válido, inténtalo de nuevo.')).toBeInTheDocument();
    expect(input.value).toBe('');
  });

  it('shows the generic error on a 500 and keeps what was typed', async () => {
    answerSignUp(() => new HttpResponse('boom', { status: 500 }));
    const { user, input, button } = renderNewsletter();
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    expect(await screen.findByText('Algo salió mal durante el envío, inténtalo de nuevo.')).toBeInTheDocument();
    expect(input.value).toBe('ana@ejemplo.org');
  });

  it('shows the generic error when the network fails, and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerSignUp(() => HttpResponse.error());
    const { user, input, button } = renderNewsletter();
    await user.type(input, 'ana@ejemplo.org');
    await user.click(button);
    expect(await screen.findByText('Algo salió mal durante el envío, inténtalo de nuevo.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Newsletter sign-up failed', expect.anything());
    expect(input.value).toBe('ana@ejemplo.org');
    logged.mockRestore();
  });

  it('refuses an invalid address on submit with its toast, sends nothing and resets', async () => {
    const bodies = answerSignUp(() => HttpResponse.json({}));
    const { user, input } = renderNewsletter();
    await user.type(input, 'ana@ejemplo{Enter}');
    expect(await screen.findByText('El correo electrónico no es válido, inténtalo de nuevo.')).toBeInTheDocument();
    expect(input.value).toBe('');
    await waitFor(() => expect(bodies).toEqual([]));
  });

  it('sends an address typed before the page hydrated instead of calling the field empty', async () => {
    const bodies = answerSignUp(() => HttpResponse.json({ subscribed: true }, { status: 201 }));
    // The exported page's markup, typed into before React takes it over.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Newsletter />);
    document.body.append(container);
    (container.querySelector('input[name="email"]') as HTMLInputElement).value = 'temprana@ejemplo.org';
    render(<Newsletter />, { container, hydrate: true });
    render(<Toasts />);

    const input = screen.getByLabelText('Correo electrónico') as HTMLInputElement;
    expect(input.value).toBe('temprana@ejemplo.org');
    await userEvent.setup().click(screen.getByRole('button', { name: 'SUSCRIBIRME' }));
    expect(await screen.findByText('¡Gracias por registrarte!')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'temprana@ejemplo.org' }]);
  });
});
