/** The logic of /becas-otorgadas/ (src/lib/openBooks.ts): filters, the choices they offer, quarters, and exact totals per currency. */
import { describe, expect, it } from 'vitest';
import { applicantPaths } from '@/api/applicant';
import { OPEN_BOOKS_GRANTS_PATH, applicantPublicationPath } from '@/api/contracts/openBooks';
import {
  NO_FILTER,
  OPEN_BOOKS_PATH,
  barPercent,
  currenciesOf,
  filterChoices,
  filterFromSearch,
  filterGrants,
  programmeAndRound,
  quarterOf,
  searchFromFilter,
  totalsByProgramme,
  totalsByQuarter,
} from '@/lib/openBooks';
import { formatAmount } from '@/lib/money';
import { allGrants, grant, privateAmount, wallet } from './fixtures';

const ids = (grants: ReadonlyArray<{ id: string }>) => grants.map((entry) => entry.id);

it('asks the paths the contract declares (written as literals in the browser, which takes only types from contracts)', () => {
  expect(OPEN_BOOKS_PATH).toBe(OPEN_BOOKS_GRANTS_PATH);
  expect(applicantPaths.publication('PG-000123')).toBe(applicantPublicationPath('PG-000123'));
});

describe('quarters', () => {
  it('labels a day with its quarter and year, T1 to T4', () => {
    expect(['2027-01-01', '2027-03-31', '2027-04-01', '2027-09-30', '2027-10-01', '2027-12-31'].map((day) => quarterOf(day).label)).toEqual([
      'T1 2027',
      'T1 2027',
      'T2 2027',
      'T3 2027',
      'T4 2027',
      'T4 2027',
    ]);
  });
});

describe('filters', () => {
  it('filters by programme, round and year, each alone and together', () => {
    expect(ids(filterGrants(allGrants, NO_FILTER))).toEqual(['g1', 'g2', 'g3', 'g4']);
    expect(ids(filterGrants(allGrants, { ...NO_FILTER, programme: 'small-grants' }))).toEqual(['g3', 'g4']);
    expect(ids(filterGrants(allGrants, { ...NO_FILTER, round: 'r-2026' }))).toEqual(['g2']);
    expect(ids(filterGrants(allGrants, { ...NO_FILTER, year: '2027' }))).toEqual(['g1', 'g3', 'g4']);
    expect(ids(filterGrants(allGrants, { programme: 'project-grants', round: '', year: '2027' }))).toEqual(['g1']);
    expect(ids(filterGrants(allGrants, { programme: 'small-grants', round: 'r-2027', year: '' }))).toEqual([]);
  });

  it('offers the programmes, rounds and years the list has; with a programme chosen, only its rounds', () => {
    const all = filterChoices(allGrants, '');
    expect(all.programmes).toEqual([
      { value: 'project-grants', label: 'Project Grants' },
      { value: 'small-grants', label: 'Small Grants' },
    ]);
    expect(all.rounds).toEqual([
      { value: 'r-2027', label: 'Project Grants · Ronda 2027' },
      { value: 'r-2026', label: 'Project Grants · Ronda 2026' },
    ]);
    expect(all.years.map((year) => year.value)).toEqual(['2027', '2026']);
    expect(filterChoices(allGrants, 'small-grants').rounds).toEqual([]);
    expect(filterChoices(allGrants, 'project-grants').rounds.map((round) => round.label)).toEqual(['Ronda 2027', 'Ronda 2026']);
  });

  it('names a round with its programme once, even when the round’s name already carries it', () => {
    expect(programmeAndRound(wallet)).toBe('Project Grants · Ronda 2027');
    expect(programmeAndRound({ programmeName: 'Project Grants', round: { id: '1', name: 'Project Grants · primera convocatoria' } })).toBe('Project Grants · primera convocatoria');
    expect(programmeAndRound({ programmeName: 'Small Grants', round: null })).toBe('Small Grants');
    const seeded = grant({ id: 'g10', round: { id: '1', name: 'Project Grants · primera convocatoria' } });
    expect(filterChoices([seeded], '').rounds).toEqual([{ value: '1', label: 'Project Grants · primera convocatoria' }]);
  });

  it('reads and writes the filters in the address the HTML form submits', () => {
    const filter = { programme: 'small-grants', round: '', year: '2027' };
    expect(searchFromFilter(filter)).toBe('?programa=small-grants&anio=2027');
    expect(filterFromSearch('?programa=small-grants&anio=2027')).toEqual(filter);
    expect(searchFromFilter(NO_FILTER)).toBe('');
    expect(filterFromSearch('')).toEqual(NO_FILTER);
  });
});

describe('totals', () => {
  it('adds committed and paid per programme exactly, each currency apart, leaving out a grant whose amount is private', () => {
    const rows = totalsByProgramme(allGrants);
    expect(rows.map((row) => [row.label, row.totals.map((total) => [formatAmount(total.committed, total.currency), formatAmount(total.paid, total.currency), total.grants])])).toEqual([
      ['Project Grants', [['USD 15.000,50', 'USD 9.000,50', 2]]],
      ['Small Grants', [['DAI 1.200,5', 'DAI 0', 1]]],
    ]);
  });

  it('keeps two currencies of one programme in two totals, never one sum', () => {
    const mixed = [wallet, grant({ id: 'g5', approvedOn: '2027-01-15', amount: { amount: '0.1', currency: 'ETH', paid: '0.05' } }), grant({ id: 'g6', approvedOn: '2027-02-01', amount: { amount: '0.2', currency: 'ETH', paid: '0' } })];
    const [projectGrants] = totalsByProgramme(mixed);
    // 0.1 + 0.2 is exactly 0.3 ETH: minor units, not floating point.
    expect(projectGrants?.totals.map((total) => [formatAmount(total.committed, total.currency), formatAmount(total.paid, total.currency)])).toEqual([
      ['USD 10.000,00', 'USD 4.000,00'],
      ['ETH 0,3', 'ETH 0,05'],
    ]);
    expect(currenciesOf(totalsByProgramme(mixed))).toEqual(['USD', 'ETH']);
  });

  it('adds per approval quarter, oldest first', () => {
    const rows = totalsByQuarter([...allGrants, grant({ id: 'g7', approvedOn: '2027-12-01', amount: { amount: '300.00', currency: 'USD', paid: '0.00' } })]);
    expect(rows.map((row) => [row.label, row.totals.map((total) => `${formatAmount(total.committed, total.currency)} / ${formatAmount(total.paid, total.currency)}`)])).toEqual([
      ['T4 2026', ['USD 5.000,50 / USD 5.000,50']],
      ['T1 2027', ['USD 10.000,00 / USD 4.000,00', 'DAI 1.200,5 / DAI 0']],
      ['T4 2027', ['USD 300,00 / USD 0,00']],
    ]);
  });

  it('has no totals when no grant shows its amount', () => {
    expect(totalsByProgramme([privateAmount])).toEqual([]);
    expect(currenciesOf(totalsByQuarter([privateAmount]))).toEqual([]);
  });

  it('draws bars in proportion to the largest figure of the chart', () => {
    expect(barPercent(5000n, 10000n)).toBe(50);
    expect(barPercent(10000n, 10000n)).toBe(100);
    expect(barPercent(0n, 10000n)).toBe(0);
    expect(barPercent(1n, 10_000_000n)).toBe(1);
  });
});
