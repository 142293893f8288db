import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from '@/components/content/Sidebar';
import { enhanceSidebar } from '@/light/sidebar';

/** Stands in for the browser's IntersectionObserver: the test says which sections cross the band. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {}
  unobserve() {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Reports each listed section id as entering (true) or leaving (false) the band. */
  report(changes: Record<string, boolean>) {
    const entries = Object.entries(changes).map(([id, isIntersecting]) => {
      const target = document.getElementById(id);
      if (!target) throw new Error(`no section #${id}`);
      return { target, isIntersecting } as unknown as IntersectionObserverEntry;
    });
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const links = [
  { id: 'description', label: 'Descripción' },
  { id: 'process', label: 'Proceso' },
  { id: 'faq', label: 'Preguntas frecuentes' },
];

/** The page as built, then as src/light/sidebar.ts leaves it. */
function renderPage() {
  render(<PageWithSidebar />);
  enhanceSidebar(document);
}

function PageWithSidebar() {
  return (
    <>
      <Sidebar label="Secciones de Project Grants" links={links} />
      {links.map((link) => (
        <section key={link.id} id={link.id}>
          <h2>{link.label}</h2>
        </section>
      ))}
    </>
  );
}

// The sidebar is display:none below the lg breakpoint and jsdom applies no media queries, so queries include hidden elements.
const sidebarLinks = () => screen.getAllByRole('link', { hidden: true });
const currentLinks = () => sidebarLinks().filter((link) => link.getAttribute('aria-current') === 'location').map((link) => link.textContent);

describe('Sidebar', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('links every section and marks the first one before anything scrolls', () => {
    renderPage();
    expect(screen.getByRole('navigation', { hidden: true })).toHaveAttribute('aria-label', 'Secciones de Project Grants');
    expect(sidebarLinks().map((link) => link.getAttribute('href'))).toEqual(['#description', '#process', '#faq']);
    expect(currentLinks()).toEqual(['Descripción']);
    expect(FakeIntersectionObserver.instances[0]?.observed.map((element) => element.id)).toEqual(['description', 'process', 'faq']);
  });

  it('highlights the section in view as the reader scrolls down and back up', () => {
    renderPage();
    const observer = FakeIntersectionObserver.instances[0];
    if (!observer) throw new Error('no IntersectionObserver created');

    observer.report({ description: false, process: true });
    expect(currentLinks()).toEqual(['Proceso']);

    observer.report({ process: false, faq: true });
    expect(currentLinks()).toEqual(['Preguntas frecuentes']);

    // Two sections in the band at once: the upper one wins.
    observer.report({ process: true });
    expect(currentLinks()).toEqual(['Proceso']);

    // Between sections (nothing in the band) the last highlight stays.
    observer.report({ process: false, faq: false });
    expect(currentLinks()).toEqual(['Proceso']);
  });

  it('watches the sections once, however often the script runs', () => {
    renderPage();
    enhanceSidebar(document);
    expect(FakeIntersectionObserver.instances).toHaveLength(1);
  });

  it('without scripts (or IntersectionObserver) the first section stays marked', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderPage();
    expect(currentLinks()).toEqual(['Descripción']);
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });
});
