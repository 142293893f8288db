/**
 * ContentTabs (src/components/content/ContentTabs.tsx) upgraded from links to their panels to the
 * WAI-ARIA tabs pattern: role tablist/tab/tabpanel, aria-selected, arrow keys, Home and End move
 * between tabs (wrapping at the ends), only the selected tab in the Tab order. Choosing a tab shows
 * its panel without scrolling; an address that targets a panel (a link shared with scripts off)
 * selects it. The container's data-enhanced switches the links' CSS (:target) off.
 */

const KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End', ' '];

/** Upgrades every [data-light="tabs"] container of the page not upgraded yet. */
export function enhanceTabs(root: Document): void {
  for (const container of root.querySelectorAll<HTMLElement>('[data-light="tabs"]:not([data-enhanced])')) upgrade(root, container);
}

function upgrade(root: Document, container: HTMLElement): void {
  const list = container.querySelector<HTMLElement>(':scope > nav');
  const tabs = Array.from(list?.querySelectorAll<HTMLAnchorElement>('a[href^="#"]') ?? []);
  const panels = tabs.map((tab) => root.getElementById(decodeURIComponent(tab.hash.slice(1))));
  if (!list || tabs.length === 0 || panels.some((panel) => !panel)) return;

  list.setAttribute('role', 'tablist');
  tabs.forEach((tab, index) => {
    const panel = panels[index] as HTMLElement;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
  });

  let selected = 0;
  const select = (index: number, focus: boolean) => {
    selected = index;
    tabs.forEach((tab, other) => {
      tab.setAttribute('aria-selected', String(other === index));
      tab.tabIndex = other === index ? 0 : -1;
      (panels[other] as HTMLElement).hidden = other !== index;
    });
    if (focus) tabs[index]?.focus();
  };
  const targeted = panels.findIndex((panel) => `#${panel?.id}` === decodeURIComponent(root.location.hash));
  select(Math.max(targeted, 0), false);
  container.setAttribute('data-enhanced', '');

  list.addEventListener('click', (event) => {
    const index = tabs.indexOf((event.target as Element).closest('a') as HTMLAnchorElement);
    // New-tab and new-window gestures stay the browser's.
    if (index < 0 || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    select(index, true);
  });

  list.addEventListener('keydown', (event) => {
    if (!KEYS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const last = tabs.length - 1;
    const next = { ArrowRight: selected === last ? 0 : selected + 1, ArrowLeft: selected === 0 ? last : selected - 1, Home: 0, End: last }[event.key] ?? selected;
    select(next, true);
  });
}
