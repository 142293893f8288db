/**
 * The apply and programme pages follow the rounds' state the server publishes (GET /api/rounds,
 * answered here by page.route) without moving: CLS stays 0 whether the server's state equals the
 * build's (default settings: open, no dates) or differs from it (a round closed since the build).
 */
import type { Page } from '@playwright/test';
import type { ReviewedProgrammeKey } from '../../src/config/programmes';
import { DEFAULT_REVIEW_CONFIG } from '../../src/config/review';
import { expect, test } from './fixtures';

const CLOSES = '2027-03-16T11:59:00.000Z';
/** A round scored on a rubric other than the build's: its criteria replace the page's list. */
const OTHER_CRITERIA = ['Impacto de la investigación', 'Claridad de la propuesta'];

/** The server's answer; the criteria are the build's (the default rubric) unless given. */
function answer(state: 'open' | 'closed', closesAt: string | null, criteria?: string[]) {
  return {
    programmes: (['academic-grants', 'devcon-grants'] as const).map((programme: ReviewedProgrammeKey) => ({
      programme,
      alwaysOpen: false,
      round: {
        name: 'Ronda 2027',
        state,
        opensAt: null,
        closesAt,
        timezone: 'AoE',
        budget: null,
        criteria: criteria ?? DEFAULT_REVIEW_CONFIG.programmes[programme].criteria.map((criterion) => criterion.label),
      },
    })),
  };
}

/**
 * Answers the rounds' state when the test releases it, with the server's clock in Date: the page
 * has painted the build's state and settled by then, so the shifts after the release are the ones
 * the server's state caused (a page may have its own, e.g. /academic-grants/ at 1280 px moves by
 * about 0.04 ~0.4 s after load, with or without the rounds: measured on the build before them).
 */
async function serveRounds(page: Page, body: unknown): Promise<() => void> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/rounds', async (route) => {
    await released;
    await route.fulfill({ status: 200, contentType: 'application/json', headers: { Date: new Date('2027-03-01T12:00:00Z').toUTCString() }, body: JSON.stringify(body) });
  });
  return release;
}

/** Opens the page, lets it settle with the build's state, then lets the server's answer in; the layout shift it caused. */
async function shiftFromAnswer(page: Page, path: string, body: unknown, settled: () => Promise<void>): Promise<number> {
  await recordLayoutShifts(page);
  const release = await serveRounds(page, body);
  await page.goto(path);
  await page.waitForTimeout(1500);
  const before = await layoutShift(page);
  release();
  await settled();
  await page.waitForTimeout(500);
  return (await layoutShift(page)) - before;
}

async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> };
        shifts.push(shift.value);
        // What moved, for a failure's message.
        const moved = (shift.sources ?? []).map((source) => {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          return `${element?.tagName ?? '?'}#${element?.id ?? ''}.${element?.className ?? ''} [${element?.textContent?.slice(0, 40)}] ${JSON.stringify(source.previousRect)}→${JSON.stringify(source.currentRect)} at ${Math.round(performance.now())}ms`;
        });
        Object.assign(window, { shiftSources: [...((window as unknown as { shiftSources?: string[] }).shiftSources ?? []), ...moved] });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShift(page: Page): Promise<number> {
  const { total, sources } = await page.evaluate(() => {
    const record = window as unknown as { layoutShifts: number[]; shiftSources?: string[] };
    return { total: record.layoutShifts.reduce((sum, value) => sum + value, 0), sources: record.shiftSources ?? [] };
  });
  if (total > 0) console.log('layout shifts from', sources.join('; '));
  return total;
}

const form = (page: Page) => page.locator('form[lang="en"]');

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test('an apply page whose round closed since the build shows "Convocatoria cerrada" instead of the form, with no layout shift', async ({ page }) => {
      const shift = await shiftFromAnswer(page, '/academic-grants/apply/', answer('closed', CLOSES), async () => {
        await expect(page.getByRole('region', { name: 'Convocatoria cerrada' })).toContainText('cerró el 15 de marzo de 2027');
        await expect(form(page)).toHaveCount(0);
      });
      expect(shift).toBe(0);
      await page.screenshot({ path: `test-results/rounds-apply-closed-${width}.png` });
    });

    test('an apply page whose round is still open gets its deadline in two time zones, with no layout shift', async ({ page }) => {
      const shift = await shiftFromAnswer(page, '/academic-grants/apply/', answer('open', CLOSES), async () => {
        await expect(page.getByText(/^Cierra el 15 de marzo a las 23:59 AoE/)).toBeVisible();
      });
      expect(shift).toBe(0);
      await page.screenshot({ path: `test-results/rounds-apply-open-${width}.png` });
    });

    test("an apply page whose server state equals the build's changes nothing", async ({ page }) => {
      const shift = await shiftFromAnswer(page, '/academic-grants/apply/', answer('open', null), async () => {
        await expect(page.getByText('Recibimos solicitudes en todo momento.')).toBeVisible();
      });
      expect(shift).toBe(0);
      expect(await layoutShift(page)).toBe(0);
    });

    test("the academic grants page with the server's state equal to the build's changes nothing", async ({ page }) => {
      const shift = await shiftFromAnswer(page, '/academic-grants/', answer('open', null), async () => {
        await expect(page.locator('#deadline')).toContainText('Esta ronda no tiene fecha de cierre');
      });
      expect(shift).toBe(0);
    });

    test('the academic grants page follows a round closed since the build, and its rubric, with no layout shift', async ({ page }) => {
      const shift = await shiftFromAnswer(page, '/academic-grants/', answer('closed', CLOSES, OTHER_CRITERIA), async () => {
        await expect(page.locator('#deadline')).toContainText('La ronda recibió propuestas hasta el 15 de marzo de 2027 y ya cerró.');
        await expect(page.locator('#apply')).toContainText('La convocatoria cerró el 15 de marzo de 2027.');
        await expect(page.locator('#selection-criteria li')).toHaveText(OTHER_CRITERIA.map((label) => `${label}.`));
      });
      expect(shift).toBe(0);
      await page.screenshot({ path: `test-results/rounds-programme-closed-${width}.png` });
    });
  });
}
