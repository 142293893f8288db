/**
 * Cifras (/equipo/cifras/, issue 51) in the browser, from the static export with the team API answered here: the
 * tables read at 375 px inside their own scrolling boxes (the page itself never scrolls sideways), every figure links
 * to the inbox, and axe finds nothing. With FIGURES_SCREENSHOTS_DIR, the page at 1280 and 375 px is saved there.
 */
import type { Page } from '@playwright/test';
import type { Figures } from '../../src/api/contracts/teamFigures';
import { saveScreenshots } from '../e2e-server/teamSupport';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures';

const rounds = [
  { id: '3', name: 'Project Grants 2026 · primera ola' },
  { id: '4', name: 'Small Grants 2026' },
];
type Group = Pick<Figures['review'][number], 'programme' | 'programmeName'> & { round: { id: string; name: string } };
const pg: Group = { programme: 'project-grants', programmeName: 'Project Grants', round: rounds[0]! };
const sg: Group = { programme: 'small-grants', programmeName: 'Small Grants', round: rounds[1]! };
const link = (group: Group, more: { status?: 'approved' | 'rejected'; assignee?: string; from?: string; to?: string } = {}) => ({ form: group.programme, round: group.round.id, ...more });

const figures: Figures = {
  today: '2026-11-29',
  weeks: [
    { ...pg, week: '2026-W45', weekStart: '2026-11-02', received: 14, inbox: link(pg, { from: '2026-11-02', to: '2026-11-08' }) },
    { ...pg, week: '2026-W46', weekStart: '2026-11-09', received: 23, inbox: link(pg, { from: '2026-11-09', to: '2026-11-15' }) },
    { ...pg, week: '2026-W47', weekStart: '2026-11-16', received: 9, inbox: link(pg, { from: '2026-11-16', to: '2026-11-22' }) },
    { ...sg, week: '2026-W46', weekStart: '2026-11-09', received: 31, inbox: link(sg, { from: '2026-11-09', to: '2026-11-15' }) },
  ],
  review: [
    {
      ...pg,
      received: 46,
      decided: 18,
      approved: 7,
      rejected: 11,
      decidedShare: 0.3913,
      approvalRate: 0.3889,
      firstAction: { count: 40, medianHours: 19.5, p90Hours: 70.25 },
      decision: { count: 18, medianHours: 212, p90Hours: 388.4 },
      ratings: 12,
      averageRating: 4.25,
      inbox: { received: link(pg), approved: link(pg, { status: 'approved' }), rejected: link(pg, { status: 'rejected' }) },
    },
    {
      ...sg,
      received: 31,
      decided: 25,
      approved: 20,
      rejected: 5,
      decidedShare: 0.8065,
      approvalRate: 0.8,
      firstAction: { count: 31, medianHours: 6, p90Hours: 30 },
      decision: { count: 25, medianHours: 48, p90Hours: 120 },
      ratings: 9,
      averageRating: 3.89,
      inbox: { received: link(sg), approved: link(sg, { status: 'approved' }), rejected: link(sg, { status: 'rejected' }) },
    },
  ],
  money: [
    { ...pg, currency: 'USD', grants: 6, approved: '180000.00', paid: '45000.00', outstanding: '135000.00', inbox: link(pg, { status: 'approved' }) },
    { ...pg, currency: 'ETH', grants: 1, approved: '12.5', paid: '2.5', outstanding: '10', inbox: link(pg, { status: 'approved' }) },
    { ...sg, currency: 'DAI', grants: 20, approved: '100000', paid: '60000', outstanding: '40000', inbox: link(sg, { status: 'approved' }) },
  ],
  grants: [
    { ...pg, overdueMilestones: 3, overdueGrants: 2, reportsWaiting: 4, oldestReportAt: '2026-11-18T14:00:00.000Z', oldestWaitDays: 10.8, inbox: link(pg, { status: 'approved' }) },
    { ...sg, overdueMilestones: 0, overdueGrants: 0, reportsWaiting: 1, oldestReportAt: '2026-11-27T09:00:00.000Z', oldestWaitDays: 2.1, inbox: link(sg, { status: 'approved' }) },
  ],
  reviewers: [
    { ...pg, member: { id: '2', email: 'rita.revisora@ejemplo.org' }, assigned: 30, scored: 21, waiting: 8, inbox: link(pg, { assignee: '2' }) },
    { ...pg, member: { id: '3', email: 'tomas@ejemplo.org' }, assigned: 28, scored: 28, waiting: 0, inbox: link(pg, { assignee: '3' }) },
    { ...sg, member: { id: '2', email: 'rita.revisora@ejemplo.org' }, assigned: 31, scored: 25, waiting: 6, inbox: link(sg, { assignee: '2' }) },
  ],
  ratings: [
    { ...pg, reference: 'PG-000041', rating: 5, comment: 'Las preguntas del equipo me ayudaron a mejorar el presupuesto.', ratedAt: '2026-11-27T16:20:00.000Z' },
    { ...sg, reference: 'SG-000112', rating: 3, comment: 'La respuesta tardó más de lo que decía la página.', ratedAt: '2026-11-25T11:05:00.000Z' },
    { ...pg, reference: 'PG-000033', rating: 4, comment: null, ratedAt: '2026-11-24T09:40:00.000Z' },
  ],
  ratingsTotal: 3,
};

async function answerTeamApi(page: Page) {
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/team/session', (route) => route.fulfill(json({ signedIn: true, email: 'ana@ejemplo.org', role: 'admin' })));
  await page.route('**/api/team/rounds', (route) => route.fulfill(json({ now: '2026-11-29T12:00:00Z', programmes: [] })));
  await page.route('**/api/team/figures?*', (route) => route.fulfill(json(figures)));
  await page.route('**/api/team/figures', (route) => route.fulfill(json(figures)));
}

test('Cifras: every table reads at 375 px in its own box, every figure links to the inbox, axe 0', async ({ page }) => {
  await answerTeamApi(page);
  await gotoHydrated(page, '/equipo/cifras/');
  const review = page.getByRole('table', { name: 'Revisión por programa y convocatoria' });
  await expect(review).toBeVisible();
  await expect(review.getByRole('link', { name: /^7 \(aprobadas/ })).toHaveAttribute('href', '/equipo/solicitudes/?form=project-grants&round=3&status=approved');
  await expect(page.getByRole('link', { name: /^Descargar CSV/ })).toHaveCount(6);
  await expectNoAxeViolations(page);
  await saveScreenshots(page, process.env.FIGURES_SCREENSHOTS_DIR, 'cifras');

  await page.setViewportSize({ width: 375, height: 812 });
  // The page never scrolls sideways: a wide table scrolls inside its own region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = page.getByRole('region', { name: 'Revisión por programa y convocatoria' });
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expectNoAxeViolations(page);
});
