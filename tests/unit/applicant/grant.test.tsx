/**
 * The grant on the grantee's application page (/mi-solicitud/solicitud/?ref=), /api/applicant/*
 * answered by msw: the amount and what was received, milestones with their states and due dates,
 * every report version with the team's comment, the report form (values kept on a failed send,
 * one file, links checked), the payments received with their transaction hash and never a bank detail.
 */
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicantGrant } from '@/api/contracts/grants';
import ApplicantApplicationPage from '@/pages/mi-solicitud/solicitud';
import { apiServer } from '../../support/apiServer';
import { approvedDetail } from '../../support/applicantDetail';
import { answer, json, renderPage } from '../team/harness';

const REFERENCE = 'PG-000123';
const DETAIL_PATH = `/api/applicant/applications/${REFERENCE}`;
const GRANT_PATH = `${DETAIL_PATH}/grant`;
const REPORT_PATH = `${GRANT_PATH}/milestones/11/reports`;
const HASH = `0x${'ab'.repeat(32)}`;

const approved = approvedDetail({ reference: REFERENCE });

const changesAsked = {
  version: 1,
  body: 'Publicamos la primera versión del monedero.',
  links: ['https://github.com/ejemplo/monedero'],
  file: { name: 'avance.pdf', mediaType: 'application/pdf', size: 2048 },
  submittedAt: '2026-12-01T10:00:00Z',
  decision: 'changes_requested',
  comment: 'Falta el informe de la auditoría.',
  reviewedAt: '2026-12-02T09:00:00Z',
} as const;

function grantWith(changes: Partial<ApplicantGrant> = {}): ApplicantGrant {
  return {
    reference: REFERENCE,
    noun: 'beca',
    amount: '10000.00',
    currency: 'USD',
    state: 'active',
    stateLabel: 'Activa',
    cancelReason: null,
    createdAt: '2026-11-25T12:00:00Z',
    paid: '4000.00',
    outstanding: '6000.00',
    today: '2026-12-05',
    milestones: [
      {
        id: '11',
        position: 1,
        title: 'Primera versión',
        doneCriteria: 'El monedero publicado con pruebas.',
        dueDate: '2026-12-20',
        amount: '4000.00',
        state: 'changes_requested',
        stateLabel: 'Con cambios pedidos',
        acceptedAt: null,
        reports: [{ ...changesAsked, links: [...changesAsked.links], file: { ...changesAsked.file } }],
      },
      {
        id: '12',
        position: 2,
        title: 'Auditoría',
        doneCriteria: 'El informe de auditoría publicado.',
        dueDate: '2026-12-01',
        amount: '6000.00',
        state: 'overdue',
        stateLabel: 'Vencido',
        acceptedAt: null,
        reports: [],
      },
    ],
    payments: [{ paidOn: '2026-12-03', amount: '1.5', currency: 'ETH', milestoneId: null, publicReference: HASH }],
    ...changes,
  };
}

function openPage(grant: ApplicantGrant | number) {
  answer('get', '/api/applicant/session', json({ signedIn: true, email: 'ana@ejemplo.org' }));
  answer('get', DETAIL_PATH, json(approved));
  answer('get', GRANT_PATH, typeof grant === 'number' ? json({ error: 'No encontramos esa solicitud.' }, grant) : json(grant));
  // The consent panel beside the grant (tests/unit/openBooks/consent.test.tsx): nothing chosen yet.
  answer('get', `${DETAIL_PATH}/publication`, json({ choice: { publish: false, projectName: '', description: '', showAmount: false, showMilestones: false, showPayments: false }, updatedAt: null }));
  return renderPage(ApplicantApplicationPage, `/mi-solicitud/solicitud/?ref=${REFERENCE}`);
}

const grantRegion = () => screen.findByRole('region', { name: 'Tu beca' });

describe('the grant on the grantee’s page', () => {
  it('shows the amount, what was received, each milestone with its state and due date, the reports with the team’s comment, and the payments', async () => {
    openPage(grantWith());
    const region = await grantRegion();
    const facts = within(region).getAllByRole('term').slice(0, 4).map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Monto aprobado', 'USD 10.000,00'],
      ['Estado', 'Activa'],
      ['Recibido', 'USD 4.000,00'],
      ['Por recibir', 'USD 6.000,00'],
    ]);
    const milestones = within(within(region).getByRole('list', { name: 'Hitos de tu beca' })).getAllByRole('listitem').filter((item) => item.parentElement?.getAttribute('aria-label') === 'Hitos de tu beca');
    expect(milestones).toHaveLength(2);
    expect(within(milestones[0]!).getByRole('heading', { level: 4 })).toHaveTextContent('Hito 1: Primera versiónCon cambios pedidos');
    expect(within(milestones[1]!).getByRole('heading', { level: 4 })).toHaveTextContent('Hito 2: AuditoríaVencido');
    expect(within(milestones[1]!).getByText(/2026/).closest('time')).toHaveAttribute('datetime', '2026-12-01');
    expect(milestones[1]).toHaveTextContent('1 de diciembre de 2026');

    const versions = within(milestones[0]!).getByRole('list', { name: 'Tus informes del hito 1' });
    expect(versions).toHaveTextContent('Versión 1');
    expect(versions).toHaveTextContent('Publicamos la primera versión del monedero.');
    expect(within(versions).getByRole('link', { name: 'https://github.com/ejemplo/monedero' })).toHaveAttribute('href', 'https://github.com/ejemplo/monedero');
    expect(within(versions).getByRole('link', { name: 'avance.pdf' })).toHaveAttribute('href', `${REPORT_PATH}/1/file`);
    expect(versions).toHaveTextContent('El equipo pidió cambios');
    expect(versions).toHaveTextContent('Falta el informe de la auditoría.');

    const payments = within(region).getByRole('list', { name: 'Pagos recibidos' });
    expect(payments).toHaveTextContent('ETH 1,5 el 3 de diciembre de 2026 · Anticipo');
    // No block explorer is configured in the tests: the hash is text, not a link.
    expect(within(payments).getByText(HASH).closest('a')).toBeNull();
    // The hash is explained, not bare jargon; the milestone's criterion has a plain name.
    expect(payments).toHaveTextContent(`Comprobante en la blockchain (hash de la transacción): ${HASH}`);
    expect(within(milestones[0]!).getByText('Criterio de cumplimiento').tagName).toBe('DT');
  });

  it('calls an event sponsorship a patrocinio, in agreement, and promises the email the team sends when it defines the milestones', async () => {
    openPage(grantWith({ noun: 'patrocinio', stateLabel: 'Activo', milestones: [], payments: [] }));
    const region = await screen.findByRole('region', { name: 'Tu patrocinio' });
    expect(region).not.toHaveTextContent(/beca/);
    expect(region).toHaveTextContent('El equipo todavía no definió los hitos de tu patrocinio. Cuando los defina, te avisaremos por correo y aparecerán aquí.');
    expect(region).toHaveTextContent('Todavía no registramos pagos de tu patrocinio.');
    expect(within(region).getAllByRole('term')[1]!.nextElementSibling).toHaveTextContent('Activo');
  });

  it('shows nothing of a grant while the team has not created one', async () => {
    openPage(404);
    expect(await screen.findByRole('heading', { level: 2, name: 'Estado: Aprobada' })).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Cargando la solicitud…')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Tu beca' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a report only on milestones that wait for one', async () => {
    const delivered = grantWith();
    delivered.milestones[0] = { ...delivered.milestones[0]!, state: 'delivered', stateLabel: 'Entregado', reports: [{ ...changesAsked, links: [], file: null, decision: null, comment: null, reviewedAt: null }] };
    openPage(delivered);
    const region = await grantRegion();
    expect(within(region).queryByRole('button', { name: /hito 1/ })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Enviar el informe del hito 2' })).toBeVisible();
    expect(region).toHaveTextContent('El equipo todavía no lo revisó.');
  });
});

describe('sending a report', () => {
  it('checks the links, keeps the text, links and file when the server refuses, and shows the new version once sent', async () => {
    const bodies: string[] = [];
    const resubmitted = grantWith();
    resubmitted.milestones[0] = {
      ...resubmitted.milestones[0]!,
      state: 'delivered',
      stateLabel: 'Entregado',
      reports: [...resubmitted.milestones[0]!.reports, { version: 2, body: 'Agregamos la auditoría.', links: [], file: null, submittedAt: '2026-12-05T10:00:00Z', decision: null, comment: null, reviewedAt: null }],
    };
    let refuse = true;
    apiServer.use(
      http.post(`*${REPORT_PATH}`, async ({ request }) => {
        bodies.push(await request.text());
        if (refuse) return HttpResponse.json({ error: 'Ese tipo de archivo no se acepta: envía un PDF, una imagen o un documento.' }, { status: 415 });
        return HttpResponse.json(resubmitted, { status: 201 });
      }),
    );
    const { user } = openPage(grantWith());
    const region = await grantRegion();
    await user.click(within(region).getByRole('button', { name: 'Enviar una nueva versión del informe del hito 1' }));
    const form = await within(region).findByRole('form', { name: 'Informe del hito 1: Primera versión' });
    await waitFor(() => expect(within(form).getByRole('heading', { name: 'Informe del hito 1: Primera versión' })).toHaveFocus());

    await user.type(within(form).getByLabelText(/Tu informe/), 'Agregamos la auditoría.');
    await user.type(within(form).getByLabelText(/Enlaces/), 'http://inseguro.example.org');
    await user.click(within(form).getByRole('button', { name: 'Enviar el informe' }));
    expect(await within(form).findByText('Cada enlace debe ser una dirección completa que empiece con https://, una por línea.')).toBeVisible();
    await waitFor(() => expect(within(form).getByLabelText(/Enlaces/)).toHaveFocus());
    expect(bodies).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Enlaces/));
    await user.type(within(form).getByLabelText(/Enlaces/), 'https://github.com/ejemplo/monedero/pull/7{enter}https://ejemplo.org/auditoria');
    await within(form).findByText(/Elige un archivo o arrástralo aquí/, {}, { timeout: 5000 });
    await user.upload(within(form).getByLabelText(/Archivo \(opcional\)/), new File(['MZ'], 'auditoria.exe', { type: 'application/octet-stream' }));
    await user.click(within(form).getByRole('button', { name: 'Enviar el informe' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Ese tipo de archivo no se acepta');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatch(/name="text"\r\n\r\nAgregamos la auditoría\.\r\n/);
    expect(bodies[0]).toMatch(/name="links"\r\n\r\nhttps:\/\/github\.com\/ejemplo\/monedero\/pull\/7\r\nhttps:\/\/ejemplo\.org\/auditoria\r\n/);
    expect(bodies[0]).toMatch(/name="file"; filename="[^"]+"/);
    expect(within(form).getByLabelText(/Tu informe/)).toHaveValue('Agregamos la auditoría.');
    expect(within(form).getByLabelText(/Enlaces/)).toHaveValue('https://github.com/ejemplo/monedero/pull/7\nhttps://ejemplo.org/auditoria');
    expect(within(form).getByTestId('uploaded-file')).toHaveTextContent('auditoria.exe');

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Quitar auditoria.exe' }));
    await user.click(within(form).getByRole('button', { name: 'Enviar el informe' }));
    const done = await screen.findByText(/^Recibimos tu informe del hito 1\./);
    await waitFor(() => expect(done).toHaveFocus());
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).not.toMatch(/name="file"/);
    expect(screen.queryByRole('form', { name: /Informe del hito 1/ })).toBeNull();
    const versions = screen.getByRole('list', { name: 'Tus informes del hito 1' });
    expect(within(versions).getAllByRole('listitem').filter((item) => item.parentElement === versions)).toHaveLength(2);
    expect(versions).toHaveTextContent('Versión 2');
    expect(screen.getByRole('heading', { level: 4, name: /Hito 1: Primera versión/ })).toHaveTextContent('Entregado');
  });

  it('closing the form without sending returns the focus to its button and sends nothing', async () => {
    const posts = answer('post', REPORT_PATH, json({ error: 'No.' }, 500));
    const { user } = openPage(grantWith());
    const region = await grantRegion();
    await user.click(within(region).getByRole('button', { name: 'Enviar el informe del hito 2' }));
    await user.click(await within(region).findByRole('button', { name: 'Cerrar sin enviar' }));
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Enviar el informe del hito 2' })).toHaveFocus());
    expect(posts).toHaveLength(0);
  });
});
