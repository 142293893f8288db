import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteTabNav } from '@/components/content/RouteTabNav';
import { routeTabsForPath } from '@/lib/routeTabs';

const router = vi.hoisted(() => ({ pathname: '/', push: vi.fn(() => Promise.resolve(true)) }));
vi.mock('next/router', () => ({ useRouter: () => router }));

/** The bar as SiteLayout renders it for the router's current path. */
function TabBarForCurrentPath() {
  const tabs = routeTabsForPath(router.pathname);
  return tabs ? <RouteTabNav set={tabs.set} selectedIndex={tabs.selectedIndex} /> : null;
}

const selectedTab = () => screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);

describe('route tab bars', () => {
  beforeEach(() => router.push.mockClear());

  it.each([
    ['/applicants', 'Cursos'],
    ['/applicants/office-hours', 'Office Hours'],
    ['/applicants/office-hours/apply', 'Office Hours'],
    ['/applicants/small-grants/thank-you', 'Small Grants'],
    ['/applicants/project-grants/apply', 'Project Grants'],
    ['/por-que-elegirnos/eventos', 'Eventos exclusivos'],
    ['/cursos/blockchain-consultant/nfts-y-metaversos', 'NFTs y Metaversos'],
  ])('on %s selects %s', (path, label) => {
    router.pathname = path;
    render(<TabBarForCurrentPath />);
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

  it('pushes the chosen tab’s route without scrolling, and the selection follows the new path', async () => {
    const user = userEvent.setup();
    router.pathname = '/cursos/blockchain-consultant';
    const { rerender } = render(<TabBarForCurrentPath />);
    expect(screen.getByRole('navigation', { name: 'Módulos del curso Blockchain Consultant' })).toBeInTheDocument();
    expect(selectedTab()).toEqual(['Resumen']);

    await user.click(screen.getByRole('link', { name: 'Ethereum' }));
    expect(router.push).toHaveBeenCalledWith('/cursos/blockchain-consultant/ethereum/', undefined, { scroll: false });

    // The router reports the new path; the bar re-renders from it.
    router.pathname = '/cursos/blockchain-consultant/ethereum';
    rerender(<TabBarForCurrentPath />);
    expect(selectedTab()).toEqual(['Ethereum']);
  });

  it('leaves modified clicks (new tab, new window) to the browser', async () => {
    const user = userEvent.setup();
    router.pathname = '/por-que-elegirnos';
    render(<TabBarForCurrentPath />);
    const link = screen.getByRole('link', { name: 'Comunidad activa' });
    expect(link).toHaveAttribute('href', '/por-que-elegirnos/comunidad/');
    // Stop jsdom from trying to open the link once the component has let the click through.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(router.push).not.toHaveBeenCalled();
  });
});
