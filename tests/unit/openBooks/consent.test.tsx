/**
 * The grantee's consent panel on /mi-solicitud/solicitud/?ref= (src/applicant/PublicationPanel.tsx),
 * /api/applicant/* answered by msw: what each choice makes public, the description's counted limit,
 * saving (PUT) and its confirmation with the link to the public page, a refusal that keeps every
 * value and shows the server's message, and withdrawing in one action.
 */
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicantGrant } from '@/api/contracts/grants';
import { PUBLIC_DESCRIPTION_MAX, PUBLIC_PROJECT_NAME_MAX, type Publication, type PublicationChoice } from '@/api/contracts/openBooks';
import { PUBLIC_DESCRIPTION_MAX as FIELD_DESCRIPTION_MAX, PUBLIC_PROJECT_NAME_MAX as FIELD_NAME_MAX } from '@/applicant/fields';
import ApplicantApplicationPage from '@/pages/mi-solicitud/solicitud';
import { apiServer } from '../../support/apiServer';
import { approvedDetail } from '../../support/applicantDetail';
import { answer, json, renderPage } from '../team/harness';

const REFERENCE = 'PG-000123';
const DETAIL_PATH = `/api/applicant/applications/${REFERENCE}`;
const PUBLICATION_PATH = `${DETAIL_PATH}/publication`;

const approved = approvedDetail({ reference: REFERENCE, steps: [{ status: 'approved', label: 'Aprobada', at: '2026-11-25T12:00:00Z' }] });

const grant: ApplicantGrant = {
  reference: REFERENCE,
  noun: 'beca',
  amount: '10000.00',
  currency: 'USD',
  state: 'active',
  stateLabel: 'Activa',
  cancelReason: null,
  createdAt: '2026-11-25T12:00:00Z',
  paid: '0.00',
  outstanding: '10000.00',
  today: '2026-12-05',
  milestones: [],
  payments: [],
};

const nothingYet: Publication = {
  choice: { publish: false, projectName: '', description: '', showAmount: false, showMilestones: false, showPayments: false },
  updatedAt: null,
};

const published: Publication = {
  choice: { publish: true, projectName: 'Monedero comunitario', description: 'Un monedero en español.', showAmount: true, showMilestones: false, showPayments: true },
  updatedAt: '2026-12-01T10:00:00Z',
};

/** The page of an approved application with a grant; the publication answered with `initial` (or a status). */
function openPage(initial: Publication | number, puts: (body: PublicationChoice) => Response) {
  answer('get', '/api/applicant/session', json({ signedIn: true, email: 'ana@ejemplo.org' }));
  answer('get', DETAIL_PATH, json(approved));
  answer('get', `${DETAIL_PATH}/grant`, json(grant));
  answer('get', PUBLICATION_PATH, typeof initial === 'number' ? json({ error: 'Tu solicitud todavía no tiene una beca.' }, initial) : json(initial));
  const bodies: PublicationChoice[] = [];
  apiServer.use(
    http.put(`*${PUBLICATION_PATH}`, async ({ request }) => {
      const body = (await request.json()) as PublicationChoice;
      bodies.push(body);
      return puts(body);
    }),
  );
  return { ...renderPage(ApplicantApplicationPage, `/mi-solicitud/solicitud/?ref=${REFERENCE}`), bodies };
}

const stored = (choice: PublicationChoice): Response => HttpResponse.json({ choice, updatedAt: '2026-12-05T12:00:00Z' } satisfies Publication);
const panel = () => screen.findByRole('region', { name: 'Publicar tu proyecto' });

describe('the consent panel', () => {
  it('uses the server’s caps', () => {
    expect([FIELD_NAME_MAX, FIELD_DESCRIPTION_MAX]).toEqual([PUBLIC_PROJECT_NAME_MAX, PUBLIC_DESCRIPTION_MAX]);
  });

  it('says what each choice makes public, counts the description, saves the whole choice and links to the public page', async () => {
    const { user, bodies } = openPage(nothingYet, (body) => stored(body));
    const region = await panel();
    expect(region).toHaveTextContent('Ahora tu proyecto no está publicado.');
    const publish = within(region).getByRole('checkbox', { name: 'Publicar mi proyecto en Becas otorgadas' });
    expect(publish).not.toBeChecked();
    expect(publish).toHaveAccessibleDescription(/nada de tu solicitud se publica/);
    expect(within(region).getByRole('checkbox', { name: 'Mostrar el monto' })).toHaveAccessibleDescription(
      'Se publican el monto aprobado y lo pagado hasta hoy; las transferencias bancarias aparecen solo como «Transferencia bancaria», con su fecha y su monto, nunca con datos de tu cuenta.',
    );
    expect(within(region).getByRole('checkbox', { name: 'Mostrar los hitos' })).toHaveAccessibleDescription(/título y el estado de cada hito/);
    expect(within(region).getByRole('checkbox', { name: 'Mostrar los pagos en la blockchain' })).toHaveAccessibleDescription(/hash de la transacción/);

    await user.click(publish);
    await user.type(within(region).getByLabelText(/Nombre del proyecto/), '  Monedero comunitario ');
    const description = within(region).getByLabelText(/Descripción pública/);
    await user.type(description, 'Un monedero en español.');
    expect(region).toHaveTextContent('23 / 600');
    await user.click(within(region).getByRole('checkbox', { name: 'Mostrar el monto' }));
    await user.click(within(region).getByRole('button', { name: 'Guardar mi elección' }));

    const notice = (await within(region).findByText(/Guardamos tu elección/)).closest<HTMLElement>('[role="status"]');
    expect(notice).toHaveTextContent('Guardamos tu elección: tu proyecto aparece en Becas otorgadas con lo que elegiste mostrar.');
    expect(notice).toHaveFocus();
    expect(within(notice!).getByRole('link', { name: 'Becas otorgadas' })).toHaveAttribute('href', '/becas-otorgadas/');
    expect(bodies).toEqual([{ publish: true, projectName: 'Monedero comunitario', description: 'Un monedero en español.', showAmount: true, showMilestones: false, showPayments: false }]);
    expect(region).toHaveTextContent('Ahora tu proyecto está publicado.');
    expect(within(region).getByRole('button', { name: 'Dejar de publicar mi proyecto' })).toBeVisible();
  });

  it('asks for the project’s name before publishing, sending nothing', async () => {
    const { user, bodies } = openPage(nothingYet, (body) => stored(body));
    const region = await panel();
    await user.click(within(region).getByRole('checkbox', { name: 'Publicar mi proyecto en Becas otorgadas' }));
    await user.click(within(region).getByRole('button', { name: 'Guardar mi elección' }));
    expect(await within(region).findByText('Escribe el nombre del proyecto para publicarlo.')).toBeVisible();
    await waitFor(() => expect(within(region).getByLabelText(/Nombre del proyecto/)).toHaveFocus());
    expect(bodies).toEqual([]);
  });

  it('keeps every value when the server refuses, and shows its message', async () => {
    const refusal = 'La descripción pública va en texto simple: quita las etiquetas HTML (como <a> o <script>).';
    const { user, bodies } = openPage(nothingYet, () => HttpResponse.json({ error: refusal }, { status: 400 }));
    const region = await panel();
    await user.click(within(region).getByRole('checkbox', { name: 'Publicar mi proyecto en Becas otorgadas' }));
    await user.type(within(region).getByLabelText(/Nombre del proyecto/), 'Monedero');
    await user.type(within(region).getByLabelText(/Descripción pública/), 'Mira <b>esto</b>');
    await user.click(within(region).getByRole('checkbox', { name: 'Mostrar los hitos' }));
    await user.click(within(region).getByRole('button', { name: 'Guardar mi elección' }));

    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(bodies).toHaveLength(1);
    expect(within(region).getByLabelText(/Nombre del proyecto/)).toHaveValue('Monedero');
    expect(within(region).getByLabelText(/Descripción pública/)).toHaveValue('Mira <b>esto</b>');
    expect(within(region).getByRole('checkbox', { name: 'Publicar mi proyecto en Becas otorgadas' })).toBeChecked();
    expect(within(region).getByRole('checkbox', { name: 'Mostrar los hitos' })).toBeChecked();
    expect(within(region).getByRole('checkbox', { name: 'Mostrar el monto' })).not.toBeChecked();
    expect(region).toHaveTextContent('Ahora tu proyecto no está publicado.');
  });

  it('withdraws in one action, keeping what was written for a later change of mind', async () => {
    const { user, bodies } = openPage(published, (body) => stored(body));
    const region = await panel();
    expect(region).toHaveTextContent('Ahora tu proyecto está publicado.');
    expect(within(region).getByLabelText(/Nombre del proyecto/)).toHaveValue('Monedero comunitario');
    expect(within(region).getByRole('checkbox', { name: 'Mostrar los pagos en la blockchain' })).toBeChecked();
    await user.click(within(region).getByRole('button', { name: 'Dejar de publicar mi proyecto' }));

    expect(await within(region).findByText(/tu proyecto no aparece en/)).toBeVisible();
    expect(bodies).toEqual([{ ...published.choice, publish: false }]);
    expect(region).toHaveTextContent('Ahora tu proyecto no está publicado.');
    expect(within(region).getByRole('checkbox', { name: 'Publicar mi proyecto en Becas otorgadas' })).not.toBeChecked();
    expect(within(region).queryByRole('button', { name: 'Dejar de publicar mi proyecto' })).toBeNull();
  });

  it('shows nothing while the application has no grant to publish (409)', async () => {
    openPage(409, (body) => stored(body));
    expect(await screen.findByRole('region', { name: 'Tu beca' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Publicar tu proyecto' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
