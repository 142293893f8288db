import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RoundReview, RoundReviewSetup } from '@/api/contracts/rounds';
import { ReviewSetup } from '@/team/rounds/ReviewSetup';
import { answer, json } from './harness';

const meanings = ['Insuficiente: nada', 'Débil: poco', 'Aceptable: algo', 'Bueno: bastante', 'Excelente: todo'];
const setup: RoundReviewSetup = {
  criteria: [{ key: 'impacto', label: 'Impacto', description: 'Qué cambia si sale bien.', weight: 1, meanings }],
  blind: false,
  reviewersPerApplication: 2,
  reasons: { approved: [{ key: 'cumple', label: 'Cumple los criterios' }], rejected: [{ key: 'fuera', label: 'Fuera del alcance' }] },
  disagreementThreshold: 1.5,
};
const PATH = '/api/team/rounds/7/review';
const LOCKED =
  'Esta convocatoria ya tiene puntajes: agregar, quitar o cambiar el peso de un criterio cambiaría lo que significan. Para hacerlo, usa «recalcular», que vuelve a calcular todos los puntajes agregados de la convocatoria.';

describe('a round’s review set-up', () => {
  it('lets an admin change it and save; a reweight the server refuses is sent again only after «Sí, recalcular»', async () => {
    answer('get', PATH, json({ roundId: '7', review: setup, scored: true } satisfies RoundReview));
    let refuse = true;
    const posts = answer('post', PATH, () => {
      if (refuse) {
        refuse = false;
        return json({ error: LOCKED }, 409)();
      }
      return json({ roundId: '7', review: { ...setup, criteria: [{ ...setup.criteria[0]!, weight: 3 }] }, scored: true, recalculated: 4 })();
    });
    const user = userEvent.setup();
    render(<ReviewSetup roundId="7" role="admin" />);
    const weight = await screen.findByLabelText('Peso');
    expect(screen.getByText(/ya tiene puntajes: puedes cambiar la redacción/)).toBeInTheDocument();
    await user.clear(weight);
    await user.type(weight, '3');
    await user.click(screen.getByRole('button', { name: 'Guardar la revisión' }));
    expect(await screen.findByText(LOCKED)).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ ...setup, criteria: [{ ...setup.criteria[0]!, weight: 3 }] });
    await user.click(screen.getByRole('button', { name: 'Sí, recalcular' }));
    expect(await screen.findByText('Guardamos la revisión y recalculamos los puntajes de 4 solicitudes.')).toBeInTheDocument();
    expect(posts[1]!.body).toEqual({ ...setup, criteria: [{ ...setup.criteria[0]!, weight: 3 }], recalculate: true });
  });

  it('does not send anything when the admin goes back from «recalcular»', async () => {
    answer('get', PATH, json({ roundId: '7', review: setup, scored: true } satisfies RoundReview));
    const posts = answer('post', PATH, json({ error: LOCKED }, 409));
    const user = userEvent.setup();
    render(<ReviewSetup roundId="7" role="admin" />);
    await user.click(await screen.findByRole('button', { name: 'Agregar un criterio' }));
    await user.click(screen.getByRole('button', { name: 'Guardar la revisión' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Guardar la revisión' })).toBeEnabled();
  });

  it('shows a reviewer the set-up read-only, with nothing to save', async () => {
    answer('get', PATH, json({ roundId: '7', review: { ...setup, blind: true }, scored: false } satisfies RoundReview));
    render(<ReviewSetup roundId="7" role="reviewer" />);
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveValue('Impacto'));
    expect(screen.getByLabelText('Nombre')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Revisión ciega/ })).toBeChecked();
    expect(screen.getByLabelText('Revisores por solicitud')).toHaveValue(2);
    expect(screen.queryByRole('button', { name: 'Guardar la revisión' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Agregar un criterio' })).toBeNull();
  });

  it('says so when the round does not exist', async () => {
    answer('get', PATH, json({ error: 'No encontramos esa convocatoria.' }, 404));
    render(<ReviewSetup roundId="7" role="admin" />);
    expect(await screen.findByText('No encontramos esa convocatoria.')).toBeInTheDocument();
  });
});
