import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DueList, PaymentList } from '@/api/contracts/payments';
import PaymentsPage from '@/pages/equipo/pagos';
import { ERASED_GRANTEE } from '@/lib/payments';
import { navigate } from '@/team/navigate';
import { answer, finance, json, noRounds, renderPage, reviewer, signedInAs } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => {
  vi.mocked(navigate).mockClear();
  noRounds();
});

const HASH = `0x${'ab'.repeat(32)}`;

const due: DueList = {
  due: [
    {
      reference: 'PG-000012',
      grantee: 'Ana Pérez',
      milestoneId: '7',
      position: 1,
      title: 'Prototipo publicado',
      acceptedAt: '2026-11-20T15:00:00Z',
      currency: 'USD',
      amount: '1500.00',
      paid: '0.00',
      outstanding: '1500.00',
      grantCreatedOn: '2026-10-01',
    },
    {
      reference: 'AG-000003',
      grantee: 'Luis Soto',
      milestoneId: '9',
      position: 2,
      title: 'Informe final',
      acceptedAt: '2026-11-22T15:00:00Z',
      currency: 'ETH',
      amount: '2',
      paid: '0.5',
      outstanding: '1.5',
      grantCreatedOn: '2026-09-01',
    },
  ],
};

const payments: PaymentList = {
  payments: [
    {
      id: '1',
      milestoneId: '5',
      milestoneTitle: 'Diseño',
      amount: '0.5',
      currency: 'ETH',
      grantAmount: '1500.00',
      rate: '1 ETH = 3000 USD',
      paidOn: '2026-11-02',
      method: 'eth',
      reference: HASH,
      detailsVersion: 1,
      destinationMismatchConfirmed: false,
      recordedBy: 'fede@ejemplo.org',
      recordedAt: '2026-11-02T10:00:00Z',
      applicationReference: 'PG-000010',
      grantee: 'Marta Ruiz',
      grantCurrency: 'USD',
    },
  ],
};

describe('Pagos (/equipo/pagos/, finance)', () => {
  it('lists what to pay next, oldest acceptance first, and the payments with the CSV link of the range', async () => {
    signedInAs(finance);
    answer('get', '/api/team/payments/due', json(due));
    const lists = answer('get', '/api/team/payments', json(payments));
    const { user } = renderPage(PaymentsPage, '/equipo/pagos/');
    expect(await screen.findByRole('link', { name: 'Pagos' })).toHaveAttribute('aria-current', 'page');
    const dueTable = await screen.findByRole('table', { name: 'Hitos aceptados sin pagar: 2' });
    const rows = within(dueTable).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['PG-000012', 'AG-000003']);
    expect(rows[0]).toHaveTextContent('USD 1.500,00');
    expect(rows[1]).toHaveTextContent('ETH 1,5 (de ETH 2)');
    const paid = await screen.findByRole('table', { name: 'Pagos: 1' });
    expect(paid).toHaveTextContent('ETH 0,5');
    expect(paid).toHaveTextContent('USD 1.500,00 (1 ETH = 3000 USD)');
    expect(paid).toHaveTextContent(HASH);
    // Dates as every other team page shows them, and one name for the grantee.
    expect(within(paid).getAllByRole('row')[1]!.firstElementChild).toHaveTextContent(/^2 nov 2026$/);
    expect(within(paid).getAllByRole('columnheader')[2]).toHaveTextContent('Persona beneficiaria');
    expect(within(dueTable).getAllByRole('columnheader')[1]).toHaveTextContent('Persona beneficiaria');

    await user.type(screen.getByLabelText('Pagados desde'), '2026-11-01');
    await user.type(screen.getByLabelText('Antes del'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Mostrar' }));
    await waitFor(() => expect(lists.at(-1)?.url.search).toBe('?since=2026-11-01&before=2026-12-01&round=current'));
    expect(screen.getByRole('link', { name: 'Descargar CSV de estos pagos' })).toHaveAttribute('href', '/api/team/payments.csv?since=2026-11-01&before=2026-12-01&round=current');
  });

  it('lists a payment kept after its grantee’s data was erased: no application link, the grantee as erased, the milestone by its number', async () => {
    signedInAs(finance);
    answer('get', '/api/team/payments/due', json({ due: [] }));
    const erased = { ...payments.payments[0]!, id: '2', milestoneId: null, milestoneTitle: 'Hito 1', detailsVersion: null, applicationReference: null, grantee: ERASED_GRANTEE };
    answer('get', '/api/team/payments', json({ payments: [erased] }));
    renderPage(PaymentsPage, '/equipo/pagos/');
    const paid = await screen.findByRole('table', { name: 'Pagos: 1' });
    const cells = within(within(paid).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.slice(1, 4).map((cell) => cell.textContent)).toEqual(['—', 'Datos borrados', 'Hito 1']);
    expect(within(paid).queryByRole('link')).toBeNull();
    expect(paid).toHaveTextContent(HASH);
  });

  it('records a payment in another currency: asks for its value and the rate, sends the contract body, then focuses the outcome', async () => {
    signedInAs(finance);
    answer('get', '/api/team/payments/due', json(due));
    answer('get', '/api/team/payments', json({ payments: [] }));
    const recorded = answer('post', '/api/team/applications/PG-000012/grant/payments', json({ payment: { ...payments.payments[0]!, milestoneId: '7' }, paid: '1500.00', outstanding: '0.00', grantState: 'active' }, 201));
    const { user } = renderPage(PaymentsPage, '/equipo/pagos/');
    await user.click(await screen.findByRole('button', { name: 'Registrar pago del hito 1 de PG-000012' }));
    expect(await screen.findByText(/La fecha no puede ser anterior al 1 oct 2026 ni futura\./)).toBeInTheDocument();
    expect(await screen.findByLabelText('ETH en capa 2 (L2)')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Valor en USD/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('ETH'));
    expect(screen.getByLabelText(/Monto pagado/)).toHaveAccessibleDescription('En la moneda del método. Por ejemplo 12000 o 12.000,00: el punto separa los miles y la coma, los decimales.');
    await user.type(screen.getByLabelText(/Monto pagado/), '0.5');
    expect(await screen.findByLabelText(/Valor en USD/)).toHaveAccessibleDescription(
      /^La beca está en USD: escribe cuánto valía este pago en USD el día en que lo hiciste\. Por ejemplo 12000 o 12\.000,00/,
    );
    expect(screen.getByLabelText(/Tipo de cambio usado/)).toHaveAccessibleDescription(/«1 ETH = 3\.150,25 USD»/);
    await user.type(await screen.findByLabelText(/Valor en USD/), '1500.00');
    await user.type(screen.getByLabelText(/Tipo de cambio usado/), '1 ETH = 3000 USD');
    await user.clear(screen.getByLabelText(/Fecha del pago/));
    await user.type(screen.getByLabelText(/Fecha del pago/), '2026-11-02');
    await user.type(screen.getByLabelText(/Referencia/), HASH);
    await user.type(screen.getByLabelText(/Destino/), '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    const outcome = await screen.findByText(/Registramos el pago de ETH 0,5 del hito «Prototipo publicado» \(PG-000012\)/);
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(recorded[0]?.body).toEqual({
      milestoneId: '7',
      method: 'eth',
      currency: 'ETH',
      amount: '0.5',
      grantAmount: '1500.00',
      rate: '1 ETH = 3000 USD',
      paidOn: '2026-11-02',
      reference: HASH,
      destination: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    });
  });

  it('refuses «1.500» dollars typed as the pages show amounts, before sending, with the parser’s message on the field', async () => {
    signedInAs(finance);
    answer('get', '/api/team/payments/due', json(due));
    answer('get', '/api/team/payments', json({ payments: [] }));
    const recorded = answer('post', '/api/team/applications/PG-000012/grant/payments', json({ error: 'no debería llegar' }, 400));
    const { user } = renderPage(PaymentsPage, '/equipo/pagos/');
    await user.click(await screen.findByRole('button', { name: 'Registrar pago del hito 1 de PG-000012' }));
    await user.click(await screen.findByLabelText('Transferencia bancaria (USD)'));
    await user.type(screen.getByLabelText(/Monto pagado/), '1.500');
    await user.type(screen.getByLabelText(/Referencia/), 'TRF 2026/0042');
    await user.type(screen.getByLabelText(/Destino/), 'PE12 3456 7890 1234 5678 90');
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText('¿1.500 = mil quinientos? Escribe 1500 o 1.500,00; si son decimales, escribe 1,50.')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText(/Monto pagado/)).toHaveFocus());
    expect(recorded).toHaveLength(0);
  });

  it('a rate pasted with an escape sequence is refused in Spanish, and nothing is sent', async () => {
    signedInAs(finance);
    answer('get', '/api/team/payments/due', json(due));
    answer('get', '/api/team/payments', json({ payments: [] }));
    const recorded = answer('post', '/api/team/applications/PG-000012/grant/payments', json({}, 500));
    const { user } = renderPage(PaymentsPage, '/equipo/pagos/');
    await user.click(await screen.findByRole('button', { name: 'Registrar pago del hito 1 de PG-000012' }));
    await user.click(await screen.findByLabelText('ETH'));
    await user.type(screen.getByLabelText(/Monto pagado/), '0.5');
    await user.type(await screen.findByLabelText(/Valor en USD/), '1500.00');
    await user.click(screen.getByLabelText(/Tipo de cambio usado/));
    await user.paste('1 ETH = \u001b[31m3000 USD');
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText('Tu texto tiene un carácter que no podemos guardar (suele venir de copiar y pegar). Pégalo como texto sin formato e inténtalo de nuevo.')).toBeVisible();
    expect(screen.queryByText(/Contains characters/)).toBeNull();
    expect(recorded).toHaveLength(0);
  });

  it('keeps every value on a refusal; a mismatched destination is sent again only with the confirmation', async () => {
    signedInAs(finance);
    answer('get', '/api/team/payments/due', json(due));
    answer('get', '/api/team/payments', json({ payments: [] }));
    let calls = 0;
    const mismatch = 'El destino no coincide con los datos de pago más recientes de la persona beneficiaria (versión 2). Revísalo; si es correcto, confirma para registrar el pago igualmente.';
    const sent = answer('post', '/api/team/applications/PG-000012/grant/payments', () => {
      calls += 1;
      if (calls === 1) return HttpResponse.json({ error: 'Este pago supera el monto aprobado: quedan USD 1.500,00 por pagar.' }, { status: 400 });
      if (calls === 2) return HttpResponse.json({ error: mismatch, destinationMismatch: true }, { status: 409 });
      return HttpResponse.json({ payment: { ...payments.payments[0]!, method: 'bank_transfer', currency: 'USD', amount: '1500.00', reference: 'TRF-9' }, paid: '1500.00', outstanding: '0.00', grantState: 'active' }, { status: 201 });
    });
    const { user } = renderPage(PaymentsPage, '/equipo/pagos/');
    await user.click(await screen.findByRole('button', { name: 'Registrar pago del hito 1 de PG-000012' }));
    await user.click(await screen.findByLabelText('Transferencia bancaria (USD)'));
    await user.type(screen.getByLabelText(/Monto pagado/), '1600.00');
    await user.type(screen.getByLabelText(/Referencia/), 'TRF-9');
    await user.type(screen.getByLabelText(/Destino/), 'PE00 1111');
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Este pago supera el monto aprobado: quedan USD 1.500,00 por pagar.');
    await waitFor(() => expect(refusal).toHaveFocus());
    // Nothing typed is lost.
    expect(screen.getByLabelText(/Monto pagado/)).toHaveValue('1600.00');
    expect(screen.getByLabelText(/Referencia/)).toHaveValue('TRF-9');
    expect(screen.getByLabelText(/Destino/)).toHaveValue('PE00 1111');
    expect(screen.getByLabelText('Transferencia bancaria (USD)')).toBeChecked();

    await user.clear(screen.getByLabelText(/Monto pagado/));
    await user.type(screen.getByLabelText(/Monto pagado/), '1500.00');
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(mismatch);
    expect(sent[1]?.body).not.toHaveProperty('confirmMismatch');
    await user.click(screen.getByLabelText(/Confirmo que el destino es correcto/));
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText(/Registramos el pago de USD 1.500,00/)).toBeInTheDocument();
    expect(sent[2]?.body).toMatchObject({ amount: '1500.00', method: 'bank_transfer', currency: 'USD', confirmMismatch: true });
    expect(sent[2]?.body).not.toHaveProperty('grantAmount');
  });

  it('tells a reviewer the page is not for their role, without asking for payments', async () => {
    signedInAs(reviewer);
    const asked = answer('get', '/api/team/payments/due', json(due));
    renderPage(PaymentsPage, '/equipo/pagos/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu rol no tiene permiso para ver esta sección.');
    expect(asked).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Pagos' })).not.toBeInTheDocument();
  });
});
