import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteTabNav } from '@/components/content/RouteTabNav';
import { enhanceRouteTabs } from '@/light/routeTabs';
import { routeTabsForPath } from '@/lib/routeTabs';

/** The bar as SiteLayout renders it for a path. */
function renderBarFor(path: string) {
  const tabs = routeTabsForPath(path);
  if (!tabs) throw new Error(`no bar on ${path}`);
  return render(<RouteTabNav set={tabs.set} selectedIndex={tabs.selectedIndex} />);
}

const selectedTab = () => screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);

describe('route tab bars', () => {
  it.each([
    ['/applicants', 'Cursos'],
    ['/applicants/office-hours', 'Office Hours'],
    ['/applicants/office-hours/apply', 'Office Hours'],
    ['/applicants/small-grants/thank-you', 'Small Grants'],
    ['/applicants/project-grants/apply', 'Project Grants'],
    ['/por-que-elegirnos/eventos', 'Eventos exclusivos'],
    ['/cursos/blockchain-consultant/nfts-y-metaversos', 'NFTs y Metaversos'],
  ])('on %s selects %s', (path, label) => {
    renderBarFor(path);
    expect(selectedTab()).toEqual([label]);
  });

  it('numbers the applicants tabs as the spec does: applicants 0, office hours 1, small grants 2, project grants 3', () => {
    const index = (path: string) => routeTabsForPath(path)?.selectedIndex;
    expect([index('/applicants/'), index('/applicants/office-hours/'), index('/applicants/small-grants/apply/'), index('/applicants/project-grants/thank-you/')]).toEqual([0, 1, 2, 3]);
  });

  it('shows the course bar on the enrolment route with no tab selected, and no bar outside the tabbed sections', () => {
    expect(routeTabsForPath('/cursos/blockchain-consultant/inscripcion/')).toMatchObject({ selectedIndex: -1 });
    expect(routeTabsForPath('/')).toBeNull();
    expect(routeTabsForPath('/academic-grants/')).toBeNull();
  });

  it('is a bar of plain links to the tabs\' routes', () => {
    renderBarFor('/por-que-elegirnos');
    const bar = screen.getByRole('navigation', { name: 'Razones para elegirnos' });
    expect(Array.from(bar.querySelectorAll('a'), (link) => link.getAttribute('href'))).toEqual(['/por-que-elegirnos/', '/por-que-elegirnos/eventos/', '/por-que-elegirnos/comunidad/']);
  });
});

describe('choosing a route tab keeps the reader at the bar across the page load', () => {
  let navigationType: string;
  /** Where the page is scrolled, as window.scrollTo leaves it. */
  let scrollY: number;

  /** The bar's distance from the viewport's top, as the browser would measure it with the page scrolled by scrollY. */
  const placeBar = (documentTop: number) => {
    const bar = document.querySelector('nav') as HTMLElement;
    vi.spyOn(bar, 'getBoundingClientRect').mockImplementation(() => ({ top: documentTop - scrollY }) as DOMRect);
  };

  /** The visitor arrives at `path` by a full page load of the given type, and the page's script runs. */
  const arriveAt = (path: string, type = 'navigate') => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', path);
    scrollY = 0;
    navigationType = type;
    renderBarFor(path);
    placeBar(120);
    enhanceRouteTabs(document);
  };

  beforeEach(() => {
    sessionStorage.clear();
    scrollY = 0;
    navigationType = 'navigate';
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => [{ type: navigationType }] as unknown as PerformanceEntryList);
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
      scrollY = options.top ?? scrollY;
    }) as typeof window.scrollTo);
    // jsdom cannot load another page: the click is let through to the script, then stopped here.
    document.addEventListener('click', preventNavigation);
  });
  afterEach(() => {
    document.removeEventListener('click', preventNavigation);
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });
  function preventNavigation(event: Event) {
    event.preventDefault();
  }

  /** On `from`, scrolled by `offset`, the visitor clicks `label` (with `modifier` held, if any). */
  async function chooseTab(from: string, offset: number, label: string, modifier?: string) {
    const user = userEvent.setup();
    arriveAt(from);
    scrollY = offset;
    if (modifier) await user.keyboard(`{${modifier}>}`);
    await user.click(screen.getByRole('link', { name: label }));
    if (modifier) await user.keyboard(`{/${modifier}}`);
  }

  it('opens the chosen tab\'s page scrolled as far as the previous one was, so the bar stays put', async () => {
    await chooseTab('/cursos/blockchain-consultant/', 60, 'Ethereum');
    arriveAt('/cursos/blockchain-consultant/ethereum/');
    expect(scrollY).toBe(60);
    expect(selectedTab()).toEqual(['Ethereum']);
  });

  it('scrolls only the page the tab led to, once: a reload, the back button or another page open as the browser leaves them', async () => {
    await chooseTab('/cursos/blockchain-consultant/', 60, 'Ethereum');
    arriveAt('/cursos/blockchain-consultant/ethereum/', 'reload');
    expect(scrollY).toBe(0);
    arriveAt('/cursos/blockchain-consultant/ethereum/');
    expect(scrollY).toBe(0);

    await chooseTab('/cursos/blockchain-consultant/', 60, 'Ethereum');
    arriveAt('/cursos/blockchain-consultant/bitcoin/');
    expect(scrollY).toBe(0);

    await chooseTab('/cursos/blockchain-consultant/', 60, 'Ethereum');
    arriveAt('/cursos/blockchain-consultant/ethereum/', 'back_forward');
    expect(scrollY).toBe(0);
  });

  it('leaves modified clicks (new tab, new window) to the browser: that page opens at its top', async () => {
    await chooseTab('/por-que-elegirnos/', 60, 'Comunidad activa', 'Control');
    arriveAt('/por-que-elegirnos/comunidad/');
    expect(scrollY).toBe(0);
  });
});
