/**
 * Guard for the class of fault where a form looks ready before it is: on every form page, with the
 * CPU slowed as on a phone, the applicant acts at once (a radio, typed text, a date and a number, a
 * file, a key on a select still loading), and nothing they did may be undone once the form is live.
 * The page's scripts are held back while the applicant acts, so every load acts before hydration;
 * they are let go after a different delay on each load, since the fault is a race with them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { outDir } from '../../scripts/export-files';
import { expect, test } from './fixtures';
import { stubCaptcha } from './forms-support';

/** Scripts let go this long after the applicant acted, one load each: at once, mid-way, late. */
const RELEASE_DELAYS_MS = [0, 300, 1200];
const CPU_SLOWDOWN = 4;

type EarlyAction = {
  /** Done in the exported HTML, before any script has run. */
  before: (page: Page) => Promise<void>;
  /** What must still hold once the form is live. */
  kept: (page: Page) => Promise<void>;
};

function radio(name: string, value: string, revealed: string): EarlyAction {
  const control = (page: Page) => page.locator(`input[type="radio"][name="${name}"][value="${value}"]`);
  return {
    before: (page) => control(page).check(),
    kept: async (page) => {
      await expect(control(page), `${name}=${value} still chosen`).toBeChecked();
      await expect(page.locator(`#field-${revealed}`), `${revealed} revealed by ${name}=${value}`).toBeVisible();
    },
  };
}

function typed(name: string, value: string): EarlyAction {
  return {
    before: (page) => page.locator(`#field-${name}`).fill(value),
    kept: async (page) => {
      await expect(page.locator(`#field-${name}`)).toHaveValue(value);
      // The form holds it too, not only the page: a draft written after the next keystroke has it.
      await expect.poll(() => draftValue(page, name), { message: `${name} in the form's state` }).toBe(value);
    },
  };
}

const file: EarlyAction = {
  before: (page) => page.locator('#field-uploadProposal').setInputFiles({ name: 'propuesta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 early') }),
  kept: (page) => expect(page.getByTestId('uploaded-file')).toHaveText('propuesta.pdf'),
};

/** Any draft the form kept in the browser for `name` (drafts are written after a pause in typing). */
async function draftValue(page: Page, name: string): Promise<string | undefined> {
  return page.evaluate((field) => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      if (!key.startsWith('borrador:')) continue;
      const draft = (JSON.parse(localStorage.getItem(key) ?? '{}') as { values?: Record<string, string> }).values ?? {};
      if (field in draft) return draft[field];
    }
    return undefined;
  }, name);
}

const PAGES: Array<{ route: string; actions: EarlyAction[]; select?: string; drafts: boolean }> = [
  { route: '/applicants/small-grants/apply/', actions: [radio('individualOrTeam', 'Team', 'company'), typed('firstName', 'Ana'), file], select: 'projectCategory', drafts: true },
  { route: '/applicants/project-grants/apply/', actions: [typed('firstName', 'Ana'), file], select: 'country', drafts: true },
  { route: '/applicants/office-hours/apply/', actions: [radio('individualOrTeam', 'Team', 'company'), typed('firstName', 'Ana')], select: 'timezone', drafts: true },
  { route: '/applicants/grantee-finance/', actions: [radio('paymentPreference', 'Fiat', 'IBAN')], drafts: false },
  { route: '/academic-grants/apply/', actions: [radio('POCisAuthorisedSignatory', 'No', 'authorisedSignatoryInformation'), typed('firstName', 'Ana')], select: 'applyingAs', drafts: true },
  {
    route: '/devcon-grants/apply/',
    actions: [typed('eventDate', '2027-03-15'), typed('expectedAttendees', '120'), radio('eventFormat', 'hybrid', 'city')],
    select: 'eventType',
    drafts: true,
  },
];

/** React has hydrated the form: its element carries React's fiber. */
async function formIsLive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const form = document.querySelector('form[id$="-form"]');
      return Boolean(form && Object.keys(form).some((key) => key.startsWith('__reactFiber$')));
    },
    undefined,
    { timeout: 20_000 },
  );
}

test.describe.configure({ timeout: 90_000 });

for (const { route, actions, select, drafts } of PAGES) {
  test(`${route}: what the applicant does at once is kept once the form is live (${RELEASE_DELAYS_MS.length} loads, CPU ${CPU_SLOWDOWN}x)`, async ({ page }) => {
    await stubCaptcha(page);
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    for (const delay of RELEASE_DELAYS_MS) {
      await test.step(`scripts let go ${delay} ms after the applicant acted`, async () => {
        let releaseScripts = () => {};
        const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
        const holdScripts = async (route: Route) => {
          await scriptsHeld;
          await route.continue();
        };
        await page.route('**/_next/static/chunks/*.js', holdScripts);
        await page.goto(route, { waitUntil: 'commit' });
        await page.evaluate(() => localStorage.clear());
        for (const action of actions) await action.before(page);
        await page.waitForTimeout(delay);
        releaseScripts();
        await formIsLive(page);
        await page.unroute('**/_next/static/chunks/*.js', holdScripts);

        if (select) {
          // At once after hydration the select is still its stand-in: the first key must open it.
          await page.locator(`#field-${select}`).focus();
          await page.keyboard.press('ArrowDown');
          await expect(page.locator(`#react-select-${select}-listbox`), `${select} opens on the first ArrowDown`).toBeVisible();
          await page.keyboard.press('Escape');
        }
        // A keystroke after the form is live has the form write its draft, with whatever it holds.
        if (drafts) {
          await page.locator('form[id$="-form"] textarea').last().pressSequentially('x');
        }
        for (const action of actions) await action.kept(page);
      });
    }
  });
}

/**
 * A word typed whole on a select, then Enter, while the select's code is held back: the keys land on
 * the stand-in, and the select that arrives must end as a loaded one would have, the first match
 * chosen. Every select of every form, each on a fresh load (once loaded, a select swaps at once).
 */
const SELECT_HELD_MS = 1500;
type TypedSelect = { name: string; typed: string; chosen: string; shown: string };
/** The selects several forms share, typed the same way on each. */
const COUNTRY: TypedSelect = { name: 'country', typed: 'Argentina', chosen: 'AR', shown: 'Argentina' };
const LIMA: TypedSelect = { name: 'timezone', typed: 'Lima', chosen: 'America/Lima', shown: 'Lima' };
const HEARD_ABOUT_ESP: TypedSelect = { name: 'howDidYouHearAboutESP', typed: 'Ethereum Blog', chosen: 'ethereum-blog', shown: 'Ethereum Blog' };
/** Per form, in page order: the select, a word an applicant types whole, and the option it must choose. */
const TYPED_SELECTS: Array<{ route: string; selects: TypedSelect[] }> = [
  {
    route: '/applicants/project-grants/apply/',
    selects: [
      COUNTRY,
      LIMA,
      { name: 'projectCategory', typed: 'Cryptography', chosen: 'cryptography-and-zero-knowledge-proofs', shown: 'Cryptography and zero knowledge proofs' },
      HEARD_ABOUT_ESP,
    ],
  },
  {
    route: '/applicants/small-grants/apply/',
    selects: [
      COUNTRY,
      LIMA,
      { name: 'projectCategory', typed: 'Consensus', chosen: 'consensus-layer', shown: 'Consensus layer' },
      HEARD_ABOUT_ESP,
    ],
  },
  {
    route: '/devcon-grants/apply/',
    selects: [
      { name: 'eventType', typed: 'Hackathon', chosen: 'hackathon', shown: 'Hackathon' },
      HEARD_ABOUT_ESP,
    ],
  },
  {
    route: '/academic-grants/apply/',
    selects: [
      { name: 'applyingAs', typed: 'consortium', chosen: 'university-consortium', shown: 'A consortium of Universities' },
      COUNTRY,
      LIMA,
      { name: 'projectCategory', typed: 'Economics', chosen: 'economics', shown: 'Economics' },
      { name: 'howDidYouHearAboutGrantsWave', typed: 'Ethereum Blog', chosen: 'ethereum-blog', shown: 'Ethereum Blog' },
    ],
  },
  {
    route: '/applicants/office-hours/apply/',
    selects: [
      { name: 'projectCategory', typed: 'Community event', chosen: 'community-event', shown: 'Community event' },
      LIMA,
      HEARD_ABOUT_ESP,
    ],
  },
];

/** The exported chunk that holds the select (react-select is imported with it): the one with its "no match" text. */
function selectChunk(): string {
  const chunks = path.join(outDir, '_next', 'static', 'chunks');
  const found = fs.readdirSync(chunks).filter((name) => name.endsWith('.js') && fs.readFileSync(path.join(chunks, name), 'utf8').includes('No matching option'));
  if (found.length !== 1) throw new Error(`expected one chunk with the select, found ${found.length}: ${found.join(', ')}`);
  return found[0] as string;
}

for (const { route, selects } of TYPED_SELECTS) {
  test(`${route}: a word typed whole on each select while its code is held back ${SELECT_HELD_MS} ms, then Enter, chooses the first match`, async ({ page }) => {
    await stubCaptcha(page);
    const chunk = selectChunk();
    for (const { name, typed: word, chosen, shown } of selects) {
      await test.step(`${name}: "${word}" then Enter`, async () => {
        let releaseSelect = () => {};
        const selectReleased = new Promise<void>((resolve) => (releaseSelect = resolve));
        const holdSelect = async (held: Route) => {
          await selectReleased;
          await held.continue();
        };
        await page.route(`**/_next/static/chunks/${chunk}`, holdSelect);
        await page.goto(route);
        await page.evaluate(() => localStorage.clear());
        await formIsLive(page);

        const field = page.locator(`#field-${name}`);
        await field.focus();
        const held = setTimeout(releaseSelect, SELECT_HELD_MS);
        await page.keyboard.type(word, { delay: 40 });
        // Every key landed on the stand-in (read-only): the select's code has not arrived yet.
        await expect(field, 'still the stand-in when Enter is pressed').toHaveAttribute('readonly', '');
        await page.keyboard.press('Enter');

        await expect(page.locator(`input[type="hidden"][name="${name}"]`), `${name} holds what "${word}" found`).toHaveValue(chosen);
        await expect(field, 'the real select by now').not.toHaveAttribute('readonly', '');
        await expect(page.locator(`#react-select-${name}-listbox`), 'the menu closed on Enter').toBeHidden();
        await expect(page.locator(`[data-field="${name}"]`)).toContainText(shown);
        clearTimeout(held);
        releaseSelect();
        await page.unroute(`**/_next/static/chunks/${chunk}`, holdSelect);
      });
    }
  });
}
