/**
 * The copy of every exported public page as a reader (and a screen reader) gets it: no phrase of
 * tests/support/copyFaults.ts in the Spanish text, no count with a bare plural, and no English
 * text the page does not mark lang="en" (a screen reader would read it with a Spanish voice).
 * The team pages render from the API: tests/unit/content/copyGuard.test.ts reads their copy.
 */
import type { Page } from '@playwright/test';
import { copyFaultsIn, readsAsEnglish } from '../support/copyFaults';
import { isApplicantPortalRoute, signedOutPortalShown, stubApplicantApiSignedOut } from './applicantStub';
import { expect, exportedRoutes, gotoHydrated, test } from './fixtures';

const publicRoutes = exportedRoutes().filter((route) => !route.startsWith('/equipo/'));

type TextRun = { text: string; lang: string; where: string };

/** Every text node of the body with the language it is read in (its closest lang attribute). */
async function textRuns(page: Page): Promise<TextRun[]> {
  return page.evaluate(() => {
    const runs: Array<{ text: string; lang: string; where: string }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      const text = node.textContent ?? '';
      if (text.trim() === '') continue;
      const lang = parent.closest('[lang]')?.getAttribute('lang') ?? '';
      const where = [parent.closest('[id]')?.id, parent.tagName.toLowerCase()].filter(Boolean).join(' › ');
      runs.push({ text, lang, where });
    }
    return runs;
  });
}

for (const route of publicRoutes) {
  test(`${route}: one voice, each language declared`, async ({ page, consoleErrors }) => {
    if (isApplicantPortalRoute(route)) await stubApplicantApiSignedOut(page, consoleErrors);
    await gotoHydrated(page, route);
    if (isApplicantPortalRoute(route)) await signedOutPortalShown(page);
    const runs = await textRuns(page);
    const spanish = runs.filter((run) => run.lang.startsWith('es'));
    expect(spanish.length, 'the page has Spanish text').toBeGreaterThan(0);

    const unmarkedEnglish = spanish.filter((run) => readsAsEnglish(run.text)).map((run) => `${run.where}: «${run.text.trim()}»`);
    expect(unmarkedEnglish, 'English text inside the Spanish page without lang="en"').toEqual([]);

    expect(copyFaultsIn(spanish.map((run) => run.text).join('')), 'faults in the Spanish copy').toEqual([]);
    // A bare plural after a count is wrong in either language ('1 business days').
    const english = runs.filter((run) => !run.lang.startsWith('es'));
    expect(english.map((run) => run.text).join('').match(/\b1 [a-z]+s\b/g) ?? [], 'bare plurals in the English text').toEqual([]);
  });
}
