/**
 * The sidebar of section links (src/components/content/Sidebar.tsx) marks the section in view with
 * aria-current="location": a section counts as in view while it crosses the band from 20 % to 40 %
 * of the viewport height; with two in the band the upper one wins, and between sections the last
 * mark stays. The build marks the first section, which stays marked where nothing observes.
 */

/** Starts watching the sections of every [data-light="sidebar"] of the page not watched yet. */
export function enhanceSidebar(root: Document): void {
  if (typeof IntersectionObserver !== 'function') return;
  for (const sidebar of root.querySelectorAll<HTMLElement>('[data-light="sidebar"]:not([data-enhanced])')) {
    sidebar.setAttribute('data-enhanced', '');
    const links = Array.from(sidebar.querySelectorAll<HTMLAnchorElement>('a[href^="#"]'));
    const idOf = (link: HTMLAnchorElement) => decodeURIComponent(link.hash.slice(1));
    const sections = links.map((link) => root.getElementById(idOf(link))).filter((section): section is HTMLElement => section !== null);
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = sections.find((section) => visible.has(section.id));
        if (!first) return;
        for (const link of links) {
          if (idOf(link) === first.id) link.setAttribute('aria-current', 'location');
          else link.removeAttribute('aria-current');
        }
      },
      { rootMargin: '-20% 0px -60% 0px' },
    );
    for (const section of sections) observer.observe(section);
  }
}
