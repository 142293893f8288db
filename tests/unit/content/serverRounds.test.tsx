/**
 * The public pages follow the rounds' state the server publishes (GET /api/rounds), answered here
 * by msw at the network layer: the build's state first, then the server's, decided by the server's
 * answer and clock, never the visitor's. The apply pages (React) follow it through useServerRound;
 * the programme pages, static, through their own script (src/light/roundPage.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicRound, PublicRounds } from '@/api/contracts/rounds';
import { academicGrantsPage, devconGrantsPage, roundPageParams } from '@/content/grantRounds';
import { DEFAULT_REVIEW_CONFIG, publishedCriteria } from '@/config/review';
import { builtApplyView } from '@/content/rounds';
import { forgetPublicRounds } from '@/lib/publicRounds';
import { deadlineSentence, shownBudget } from '@/lib/roundWords';
import AcademicGrantsApplyPage from '@/pages/academic-grants/apply';
import AcademicGrantsPage from '@/pages/academic-grants/index';
import DevconGrantsPage from '@/pages/devcon-grants/index';
import { enhanceRound } from '@/light/roundPage';
import ProjectGrantsApplyPage from '@/pages/applicants/project-grants/apply';
import { apiServer } from '../../support/apiServer';
import { renderPage } from '../forms/components/harness';

type Round = NonNullable<PublicRound['round']>;

/** 23:59 AoE on 15 March 2027 is 11:59 UTC on the 16th. */
const CLOSES = '2027-03-16T11:59:00.000Z';
const round = (state: Round['state'], extra: Partial<Round> = {}): Round => ({
  name: 'Academic Grants 2027 · primera ola',
  state,
  opensAt: '2027-02-01T12:00:00.000Z',
  closesAt: CLOSES,
  timezone: 'AoE',
  budget: null,
  criteria: [],
  ...extra,
});

/** The server's answer for one programme, with the server's clock in the Date header. */
function serveRounds(programme: PublicRound['programme'], value: Round | null, serverDate = new Date('2027-03-01T12:00:00Z')) {
  const requests: string[] = [];
  const body: PublicRounds = { programmes: [{ programme, alwaysOpen: false, round: value }] };
  apiServer.use(
    http.get('*/api/rounds', ({ request }) => {
      requests.push(request.url);
      return HttpResponse.json(body, { headers: { Date: serverDate.toUTCString(), ETag: '"r1"' } });
    }),
  );
  return requests;
}

/** The visitor's timezone as the browser reports it. */
function visitorIn(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone };
  });
}

const form = () => document.querySelector('form');
const deadlineLine = () => form()?.previousElementSibling;

beforeEach(() => {
  forgetPublicRounds();
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('an apply page follows the server at run time', { timeout: 30_000 }, () => {
  it('built open, closed on the server: "Convocatoria cerrada" with the published date instead of the form, asked once', async () => {
    const requests = serveRounds('academic-grants', round('closed'));
    renderPage(<AcademicGrantsApplyPage built={builtApplyView('academic-grants')} />, '/academic-grants/apply');
    expect(form()).not.toBeNull();
    const notice = await screen.findByRole('region', { name: 'Convocatoria cerrada' });
    expect(notice).toHaveTextContent('La convocatoria de Academic Grants cerró el 15 de marzo de 2027 y ya no recibe solicitudes.');
    expect(within(notice).getByRole('link', { name: 'academic-grants@example.org' })).toHaveAttribute('href', 'mailto:academic-grants@example.org');
    expect(form()).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('upcoming on the server: says when it opens, in the round\'s timezone, and shows no form', async () => {
    serveRounds('academic-grants', round('upcoming'));
    renderPage(<AcademicGrantsApplyPage built={builtApplyView('academic-grants')} />, '/academic-grants/apply');
    const notice = await screen.findByRole('region', { name: 'Convocatoria aún no abierta' });
    expect(notice).toHaveTextContent('La convocatoria de Academic Grants abre el 1 de febrero de 2027; todavía no recibe solicitudes.');
    expect(form()).toBeNull();
  });

  it('built closed, reopened on the server: the form appears with the deadline in both time zones', async () => {
    vi.stubEnv('NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES', '2022-05-15');
    vi.resetModules();
    const { builtApplyView: built } = await import('@/content/rounds');
    const { default: Page } = await import('@/pages/academic-grants/apply');
    visitorIn('America/Argentina/Buenos_Aires');
    serveRounds('academic-grants', round('open'));
    renderPage(<Page built={built('academic-grants')} />, '/academic-grants/apply');
    expect(screen.getByRole('region', { name: 'Convocatoria cerrada' })).toBeInTheDocument();
    await waitFor(() => expect(form()).not.toBeNull());
    expect(deadlineLine()).toHaveTextContent('Cierra el 15 de marzo a las 23:59 AoE — el 16 de marzo a las 8:59 en tu hora.');
    expect(screen.queryByRole('region', { name: 'Convocatoria cerrada' })).toBeNull();
  });

  it('the state comes from the server, not the visitor\'s clock: "closed" wins even though the visitor\'s clock is long before the close', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2020-01-01T00:00:00Z') });
    serveRounds('academic-grants', round('closed'), new Date('2027-04-01T00:00:00Z'));
    renderPage(<AcademicGrantsApplyPage built={builtApplyView('academic-grants')} />, '/academic-grants/apply');
    expect(await screen.findByRole('region', { name: 'Convocatoria cerrada' })).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('when the server fails, the page keeps the build\'s state and shows no error', async () => {
    let asked = false;
    apiServer.use(
      http.get('*/api/rounds', () => {
        asked = true;
        return new HttpResponse('boom', { status: 503 });
      }),
    );
    renderPage(<AcademicGrantsApplyPage built={builtApplyView('academic-grants')} />, '/academic-grants/apply');
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form()).not.toBeNull();
    expect(deadlineLine()).toHaveTextContent('Recibimos solicitudes en todo momento.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an always-open programme stays open with no deadline', async () => {
    serveRounds('project-grants', round('open', { closesAt: null, opensAt: null }));
    renderPage(<ProjectGrantsApplyPage built={builtApplyView('project-grants')} />, '/applicants/project-grants/apply');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form()).not.toBeNull();
    expect(deadlineLine()).toHaveTextContent('Recibimos solicitudes en todo momento.');
  });
});

describe('the deadline in the applicant\'s words', { timeout: 30_000 }, () => {
  it('says the closing moment in the round\'s timezone, then in the visitor\'s (24-hour clock)', () => {
    const now = new Date('2027-03-01T12:00:00Z');
    expect(deadlineSentence(round('open'), 'America/Sao_Paulo', now)).toBe('Cierra el 15 de marzo a las 23:59 AoE — el 16 de marzo a las 8:59 en tu hora.');
    expect(deadlineSentence(round('open'), 'Europe/Madrid', now)).toBe('Cierra el 15 de marzo a las 23:59 AoE — el 16 de marzo a las 12:59 en tu hora.');
    expect(deadlineSentence(round('open', { timezone: 'America/Bogota', closesAt: '2027-03-16T04:59:00.000Z' }), 'America/Bogota', now)).toBe(
      'Cierra el 15 de marzo a las 23:59, hora de Bogotá.',
    );
  });

  it('names the year when the close is in another year than the server\'s', () => {
    expect(deadlineSentence(round('open'), 'Etc/GMT+12', new Date('2026-12-01T12:00:00Z'))).toBe('Cierra el 15 de marzo de 2027 a las 23:59 AoE.');
  });

  it('warns when less than 48 hours remain by the server\'s clock (Date header), not before', async () => {
    visitorIn('Etc/GMT+12');
    serveRounds('academic-grants', round('open'), new Date(Date.parse(CLOSES) - 47 * 3600_000));
    renderPage(<AcademicGrantsApplyPage built={builtApplyView('academic-grants')} />, '/academic-grants/apply');
    await waitFor(() => expect(deadlineLine()).toHaveTextContent('Cierra el 15 de marzo a las 23:59 AoE. Quedan menos de 48 horas para enviar tu solicitud.'));
    expect(within(deadlineLine() as HTMLElement).getByText('Quedan menos de 48 horas para enviar tu solicitud.').tagName).toBe('STRONG');
  });

  it('says nothing of the last hours 49 hours before the close', async () => {
    visitorIn('Etc/GMT+12');
    serveRounds('academic-grants', round('open'), new Date(Date.parse(CLOSES) - 49 * 3600_000));
    renderPage(<AcademicGrantsApplyPage built={builtApplyView('academic-grants')} />, '/academic-grants/apply');
    await waitFor(() => expect(deadlineLine()).toHaveTextContent('Cierra el 15 de marzo a las 23:59 AoE.'));
    expect(deadlineLine()).not.toHaveTextContent('48 horas');
  });
});

describe('a round programme page follows the server (its own script, src/light/roundPage.ts)', { timeout: 30_000 }, () => {
  const section = (id: string) => document.getElementById(id) as HTMLElement;

  /** The page as built, then its script asking the server (msw answers). */
  function openAcademicPage(copy = academicGrantsPage, params = roundPageParams['academic-grants'], Page = AcademicGrantsPage) {
    renderPage(<Page copy={copy} params={params} />, '/academic-grants');
    enhanceRound(document);
  }

  /** Every change to the page's nodes from now on. */
  function recordChanges(): MutationRecord[] {
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((batch) => records.push(...batch));
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    return records;
  }

  it('a round closed on the server: the deadline, the stats and the #apply section say so, the budget is the server\'s', async () => {
    serveRounds('academic-grants', round('closed', { budget: { amount: '500.000,00', currency: 'USD' } }));
    openAcademicPage();
    expect(within(section('apply')).getByRole('link', { name: /Applica/ })).toBeInTheDocument();
    await waitFor(() => expect(section('deadline')).toHaveTextContent('La ronda recibió propuestas hasta el 15 de marzo de 2027 y ya cerró.'));
    expect(section('apply')).toHaveTextContent('La convocatoria cerró el 15 de marzo de 2027. Si tienes preguntas, escribe a academic-grants@example.org.');
    expect(within(section('apply')).queryByRole('link', { name: /Applica/ })).toBeNull();
    const stats = within(section('description'));
    expect(stats.getByText('USD 500.000')).toBeInTheDocument();
    // The build had no deadline stat: none is added near the top of the page, where it would move everything below.
    expect(stats.queryByText('15 de marzo de 2027')).toBeNull();
    expect(section('submit-proposal')).toHaveTextContent('Envía tu propuesta desde la sección de solicitud hasta el 15 de marzo de 2027.');
  });

  it('built closed, open on the server: the call to apply, in the page all along, shows', async () => {
    vi.stubEnv('NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES', '2022-05-15');
    vi.resetModules();
    const { academicGrantsPage: built, roundPageParams: params } = await import('@/content/grantRounds');
    serveRounds('academic-grants', round('open'));
    openAcademicPage(built, params['academic-grants']);
    expect(section('apply')).toHaveTextContent('La convocatoria cerró el 15 de mayo de 2022.');
    expect(within(section('apply')).queryByRole('link', { name: /Applica/ })).toBeNull();
    expect(await within(section('apply')).findByRole('link', { name: /Applica/ })).toHaveAttribute('href', expect.stringMatching(/^\/academic-grants\/apply\/?$/));
    expect(section('apply')).toHaveTextContent('Recibimos solicitudes hasta el 15 de marzo de 2027.');
  });

  it('built with a deadline, extended on the server: the deadline stat and the banner note take the new date', async () => {
    vi.stubEnv('NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES', '2027-02-28');
    vi.resetModules();
    const { academicGrantsPage: built, roundPageParams: params } = await import('@/content/grantRounds');
    const { default: Page } = await import('@/pages/academic-grants/index');
    serveRounds('academic-grants', round('open'));
    openAcademicPage(built, params['academic-grants'], Page);
    expect(within(section('description')).getByText('28 de febrero de 2027')).toBeInTheDocument();
    expect(screen.getByText(/Proposals are due February 28, 2027\./)).toBeInTheDocument();
    expect(await within(section('description')).findByText('15 de marzo de 2027')).toBeInTheDocument();
    expect(screen.getByText(/Proposals are due March 15, 2027\./)).toBeInTheDocument();
  });

  it('lists the selection criteria of the round the server names, in place of the build\'s', async () => {
    serveRounds('academic-grants', round('open', { criteria: ['Impacto de la investigación', 'Claridad de la propuesta'] }));
    openAcademicPage();
    const criteria = () => within(section('selection-criteria')).getAllByRole('listitem').map((item) => item.textContent);
    expect(criteria()).toEqual(publishedCriteria('academic-grants'));
    await waitFor(() => expect(criteria()).toEqual(['Impacto de la investigación.', 'Claridad de la propuesta.']));
  });

  it('an open round on the server: the call to apply with its deadline', async () => {
    serveRounds('academic-grants', round('open'));
    openAcademicPage();
    await waitFor(() => expect(section('apply')).toHaveTextContent('Recibimos solicitudes hasta el 15 de marzo de 2027.'));
    expect(within(section('apply')).getByRole('link', { name: /Applica/ })).toBeInTheDocument();
    expect(within(section('description')).getByText('USD 750.000')).toBeInTheDocument();
  });

  it('an answer equal to the build\'s changes nothing in the page, and the page asks once', async () => {
    const requests = serveRounds('academic-grants', round('open', { opensAt: null, closesAt: null, criteria: DEFAULT_REVIEW_CONFIG.programmes['academic-grants'].criteria.map((item) => item.label) }));
    renderPage(<AcademicGrantsPage copy={academicGrantsPage} params={roundPageParams['academic-grants']} />, '/academic-grants');
    const changes = recordChanges();
    enhanceRound(document);
    enhanceRound(document);
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('when the server fails, the page stays as built and shows no error', async () => {
    let asked = false;
    apiServer.use(
      http.get('*/api/rounds', () => {
        asked = true;
        return new HttpResponse('boom', { status: 503 });
      }),
    );
    renderPage(<AcademicGrantsPage copy={academicGrantsPage} params={roundPageParams['academic-grants']} />, '/academic-grants');
    const changes = recordChanges();
    enhanceRound(document);
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the devcon page follows its own round: closed, its call to apply gives way to the dates and the contact', async () => {
    serveRounds('devcon-grants', round('closed', { criteria: ['Alcance regional'] }));
    renderPage(<DevconGrantsPage copy={devconGrantsPage} params={roundPageParams['devcon-grants']} />, '/devcon-grants');
    enhanceRound(document);
    await waitFor(() => expect(section('apply')).toHaveTextContent('La convocatoria cerró el 15 de marzo de 2027. Si tienes preguntas, escribe a devcon-grants@example.org.'));
    expect(within(section('apply')).queryByRole('link', { name: /Applica/ })).toBeNull();
    expect(within(section('selection-criteria')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Alcance regional.']);
  });
});

describe('a round budget as the stats show it', () => {
  it('regroups the amounts the server accepts, in the site style, and refuses other text', () => {
    expect(shownBudget({ amount: '750000', currency: 'USD' })).toBe('USD 750.000');
    expect(shownBudget({ amount: '750.000,00', currency: 'USD' })).toBe('USD 750.000');
    expect(shownBudget({ amount: '1,5', currency: 'ETH' })).toBe('ETH 1,5');
    expect(shownBudget({ amount: 'mucho', currency: 'USD' })).toBeUndefined();
  });
});
