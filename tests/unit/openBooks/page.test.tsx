/**
 * /becas-otorgadas/ with GET /api/open-books/grants answered by msw: the build's snapshot first,
 * with its date, then the server's list; the filters; each payment as the public may see it (a
 * bank transfer as "Transferencia bancaria", never a link); the totals per currency.
 */
import { delay, http, HttpResponse } from 'msw';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublishedGrantList } from '@/api/contracts/openBooks';
import OpenBooks from '@/pages/becas-otorgadas';
import { apiServer } from '../../support/apiServer';
import { fakeRouter } from '../forms/components/harness';
import { EXPLORER, HASH, allGrants, explorer, grant, meetup, snapshotOf, wallet } from './fixtures';

const LIST_PATH = '*/api/open-books/grants';

/** Answers the server's list (after `wait` ms), counting the requests. */
function serveList(body: PublishedGrantList | number, wait = 0) {
  const calls = { count: 0 };
  apiServer.use(
    http.get(LIST_PATH, async () => {
      calls.count += 1;
      if (wait > 0) await delay(wait);
      return typeof body === 'number' ? HttpResponse.json({ error: 'No disponible.' }, { status: body }) : HttpResponse.json(body);
    }),
  );
  return calls;
}

function openPage(snapshot: PublishedGrantList, address = '/becas-otorgadas/') {
  window.history.replaceState(null, '', address);
  render(
    <RouterContext.Provider value={fakeRouter('/becas-otorgadas')}>
      <OpenBooks snapshot={snapshot} />
    </RouterContext.Provider>,
  );
  return userEvent.setup();
}

const projectList = () => within(screen.getByRole('region', { name: 'Proyectos' })).getAllByRole('article');
const projectNames = () => projectList().map((article) => within(article).getByRole('heading', { level: 3 }).textContent);

describe('the snapshot and the live list', () => {
  it('shows the build’s snapshot with its date, then the server’s current list', async () => {
    const calls = serveList(snapshotOf([wallet, explorer, meetup], '2026-11-30T09:00:00.000Z'), 300);
    openPage(snapshotOf([explorer]));
    expect(screen.getByRole('heading', { level: 1, name: 'Becas otorgadas' })).toBeVisible();
    expect(screen.getByText('Datos al 29 de noviembre de 2026')).toBeVisible();
    expect(projectNames()).toEqual(['Explorador de bloques educativo']);

    await waitFor(() => expect(projectNames()).toEqual(['Monedero comunitario', 'Explorador de bloques educativo', 'Meetup Ethereum Bogotá']));
    expect(screen.getByText('Datos al 30 de noviembre de 2026')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('3 becas publicadas');
    expect(calls.count).toBe(1);
  });

  it('keeps the snapshot when the server fails', async () => {
    const calls = serveList(503);
    openPage(snapshotOf([explorer]));
    await waitFor(() => expect(calls.count).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(projectNames()).toEqual(['Explorador de bloques educativo']);
    expect(screen.getByText('Datos al 29 de noviembre de 2026')).toBeVisible();
  });

  it('says so plainly when nothing is published yet', async () => {
    serveList(snapshotOf([]));
    openPage(snapshotOf([]));
    expect(screen.getByText('Todavía no hay becas publicadas. Cuando un equipo con una beca aprobada acepte publicar su proyecto, aparecerá aquí.')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Filtrar las becas' })).toBeNull();
  });

  it('follows a grant withdrawn since the build: the live list no longer has it', async () => {
    serveList(snapshotOf([explorer]));
    openPage(snapshotOf([wallet, explorer]));
    expect(projectNames()).toHaveLength(2);
    await waitFor(() => expect(projectNames()).toEqual(['Explorador de bloques educativo']));
    expect(screen.queryByText('Monedero comunitario')).toBeNull();
  });
});

describe('a grant as published', () => {
  it('shows programme, round, description, amount, milestones done out of total, and each payment: on-chain linked to the explorer, a bank transfer only as such', async () => {
    serveList(snapshotOf([wallet]));
    openPage(snapshotOf([wallet]));
    const [card] = projectList();
    expect(card).toHaveTextContent('Project Grants · Ronda 2027 · Aprobada el 10 de febrero de 2027');
    expect(card).toHaveTextContent('Un monedero en español para quienes empiezan.');
    const facts = within(card!).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Monto aprobado', 'USD 10.000,00'],
      ['Pagado', 'USD 4.000,00'],
      ['Hitos cumplidos', '1 de 3'],
    ]);
    const payments = within(card!).getByRole('list', { name: 'Pagos de Monedero comunitario' });
    const [bank, onchain] = within(payments).getAllByRole('listitem');
    expect(bank).toHaveTextContent('Transferencia bancaria · 20 de febrero de 2027 · USD 2.500,00');
    expect(within(bank!).queryByRole('link')).toBeNull();
    expect(onchain).toHaveTextContent('Ethereum · 5 de marzo de 2027 · USD 1.500,00');
    const link = within(onchain!).getByRole('link', { name: 'Transacción 0xababab…abab' });
    expect(link).toHaveAttribute('href', EXPLORER);
    expect(link).toHaveAttribute('title', HASH);
  });

  it('shows only what the grantee allowed: no amount, no milestones, no payments', async () => {
    const bare = grant({ id: 'g9', projectName: 'Sin montos', description: 'Solo el nombre y la descripción.' });
    serveList(snapshotOf([bare]));
    openPage(snapshotOf([bare]));
    const [card] = projectList();
    expect(within(card!).queryByRole('term')).toBeNull();
    expect(within(card!).queryByRole('list')).toBeNull();
    expect(card).not.toHaveTextContent(/USD|Pagos|Hitos/);
    // Nothing to add up: the totals say so instead of showing an empty chart.
    expect(screen.getByText('Ninguna de estas becas muestra su monto.')).toBeVisible();
  });
});

describe('filters and totals', () => {
  it('filters by programme, round and year in the browser, and keeps the choice in the address', async () => {
    serveList(snapshotOf(allGrants));
    const user = openPage(snapshotOf(allGrants));
    const form = screen.getByRole('form', { name: 'Filtrar las becas' });
    await user.selectOptions(within(form).getByLabelText('Programa'), 'Small Grants');
    expect(projectNames()).toEqual(['Meetup Ethereum Bogotá', 'Traducciones abiertas']);
    expect(screen.getByRole('status')).toHaveTextContent('2 de 4 becas publicadas');
    expect(window.location.search).toBe('?programa=small-grants');
    // Small Grants has no rounds: the round select offers none of Project Grants'.
    expect(within(within(form).getByLabelText('Ronda')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todas las rondas']);

    await user.selectOptions(within(form).getByLabelText('Programa'), 'Todos los programas');
    await user.selectOptions(within(form).getByLabelText('Ronda'), 'Project Grants · Ronda 2026');
    expect(projectNames()).toEqual(['Explorador de bloques educativo']);
    await user.selectOptions(within(form).getByLabelText('Ronda'), 'Todas las rondas');
    await user.selectOptions(within(form).getByLabelText('Año'), '2026');
    expect(projectNames()).toEqual(['Explorador de bloques educativo']);
    expect(window.location.search).toBe('?anio=2026');
  });

  it('applies the filters an address carries (the HTML form’s submission)', async () => {
    serveList(snapshotOf(allGrants));
    openPage(snapshotOf(allGrants), '/becas-otorgadas/?programa=project-grants&anio=2027');
    await waitFor(() => expect(projectNames()).toEqual(['Monedero comunitario']));
    expect(screen.getByLabelText('Programa')).toHaveValue('project-grants');
    expect(screen.getByLabelText('Año')).toHaveValue('2027');
  });

  it('says when no grant matches the filters', async () => {
    serveList(snapshotOf(allGrants));
    openPage(snapshotOf(allGrants), '/becas-otorgadas/?programa=small-grants&anio=2026');
    expect(await screen.findByText('Ninguna beca publicada coincide con estos filtros.')).toBeVisible();
  });

  it('totals committed and paid per programme and per quarter, one chart per currency, figures as text', async () => {
    serveList(snapshotOf(allGrants));
    openPage(snapshotOf(allGrants));
    const totals = screen.getByRole('region', { name: 'Totales' });
    expect(within(totals).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['En USD', 'En DAI']);
    const rows = (caption: string) =>
      within(within(totals).getByRole('table', { name: caption }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows('Por programa, en USD')).toEqual([['Project Grants', 'USD 15.000,50', 'USD 9.000,50']]);
    expect(rows('Por trimestre de aprobación, en USD')).toEqual([
      ['T4 2026', 'USD 5.000,50', 'USD 5.000,50'],
      ['T1 2027', 'USD 10.000,00', 'USD 4.000,00'],
    ]);
    expect(rows('Por programa, en DAI')).toEqual([['Small Grants', 'DAI 1.200,5', 'DAI 0']]);
    expect(rows('Por trimestre de aprobación, en DAI')).toEqual([['T1 2027', 'DAI 1.200,5', 'DAI 0']]);
    expect(totals).toHaveTextContent('1 beca no muestra su monto y no se suma.');
  });
});
