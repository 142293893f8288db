/**
 * Probe: how often something an applicant does as soon as a form shows (at DOMContentLoaded, before
 * the form has hydrated or its select has loaded) is undone or swallowed. Each trial loads a form
 * page in a fresh Chromium context with the CPU throttled, acts at once, waits, and checks what the
 * applicant sees and what react-hook-form holds (read from the form's React hooks: a probe only).
 *
 *   npx tsx scripts/probe-early-input.ts --loads 20 --rates 1,4
 *   npx tsx scripts/probe-early-input.ts --dir ../out-before --port 4390 --out /tmp/probe.json
 *   npx tsx scripts/probe-early-input.ts --only project-grants --loads 5 --verbose   (each load's outcome)
 *
 * Serves the export in --dir (default out/) with scripts/serve-static.ts' server (no API).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium';
import { outDir } from './export-files';
import { createStaticServer } from './serve-static';

type Outcome = { fault: boolean; detail: string };
/** One early action: done at once, then checked once the page has had time to go live. */
type Action = { name: string; act: (page: Page) => Promise<void>; check: (page: Page) => Promise<Outcome> };
type Scenario = { route: string; actions: Action[] };

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

/** react-hook-form's values, found in the hooks of the components above the form element. */
async function formValues(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    type Fiber = { return: Fiber | null; memoizedState: Hook | null };
    type Hook = { memoizedState: unknown; next: Hook | null };
    const form = document.querySelector('form[id$="-form"]');
    if (!form) return null;
    const key = Object.keys(form).find((name) => name.startsWith('__reactFiber$'));
    if (!key) return null;
    let fiber = (form as unknown as Record<string, Fiber>)[key] ?? null;
    while (fiber) {
      for (let hook = fiber.memoizedState; hook && typeof hook === 'object' && 'next' in hook; hook = hook.next) {
        const state = hook.memoizedState as { current?: { control?: { _formValues?: Record<string, unknown> } } } | null;
        const values = state?.current?.control?._formValues;
        if (values) return { ...values };
      }
      fiber = fiber.return;
    }
    return null;
  });
}

/** True once React has hydrated the form element (its fiber is attached). */
async function formHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const form = document.querySelector('form[id$="-form"]');
    return Boolean(form && Object.keys(form).some((name) => name.startsWith('__reactFiber$')));
  });
}

/** Chooses a radio by clicking it, as a person would; checks it, what it reveals and the form's state. */
function radio(name: string, value: string, revealed: string): Action {
  const locator = (page: Page) => page.locator(`input[type="radio"][name="${name}"][value="${value}"]`);
  return {
    name: `radio ${name}=${value}`,
    act: (page) => locator(page).check({ force: true, timeout: 5000 }),
    check: async (page) => {
      const checked = await locator(page).isChecked();
      const shown = await page.locator(`#field-${revealed}`).isVisible();
      const held = (await formValues(page))?.[name];
      return { fault: !checked || !shown || held !== value, detail: `checked=${checked} revealed=${shown} state=${String(held)}` };
    },
  };
}

/** Types steadily in First name, then moves to the select and presses ArrowDown once: the menu should open. */
function selectKey(name: string): Action {
  return {
    name: `select ArrowDown ${name}`,
    act: async (page) => {
      await page.locator('#field-firstName').click({ timeout: 5000 });
      await page.keyboard.type('Ana María Quispe', { delay: 120 });
      await page.locator(`#field-${name}`).focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(2000);
    },
    check: async (page) => {
      const open = await page.locator(`#react-select-${name}-listbox`).isVisible();
      return { fault: !open, detail: `menu open=${open}` };
    },
  };
}

/** Presses the select's stand-in: the menu should be open once the select has loaded. */
function selectClick(name: string): Action {
  return {
    name: `select pressed ${name}`,
    act: (page) => page.locator(`#field-${name}`).click({ timeout: 5000 }),
    check: async (page) => {
      const open = await page.locator(`#react-select-${name}-listbox`).isVisible();
      return { fault: !open, detail: `menu open=${open}` };
    },
  };
}

/** Fills a date or number input. */
function fill(name: string, value: string): Action {
  return {
    name: `fill ${name}`,
    act: (page) => page.locator(`#field-${name}`).fill(value, { timeout: 5000 }),
    check: async (page) => {
      const shown = await page.locator(`#field-${name}`).inputValue();
      const held = (await formValues(page))?.[name];
      return { fault: shown !== value || held !== value, detail: `shown=${shown} state=${String(held)}` };
    },
  };
}

/** Chooses a file; a disabled input that takes no file is "not there" rather than a fault. */
function chooseFile(): Action {
  let enabled = false;
  return {
    name: 'file chosen',
    act: async (page) => {
      const input = page.locator('#field-uploadProposal');
      enabled = await input.isEnabled();
      if (enabled) await input.setInputFiles({ name: 'propuesta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 probe') }, { timeout: 5000 });
    },
    check: async (page) => {
      const listed = await page.getByTestId('uploaded-file').isVisible();
      return { fault: enabled && !listed, detail: enabled ? `listed=${listed}` : 'disabled at start (not operable)' };
    },
  };
}

const SCENARIOS: Scenario[] = [
  { route: '/applicants/small-grants/apply/', actions: [radio('individualOrTeam', 'Team', 'company'), selectKey('projectCategory')] },
  { route: '/applicants/grantee-finance/', actions: [radio('paymentPreference', 'Fiat', 'IBAN')] },
  { route: '/applicants/project-grants/apply/', actions: [chooseFile(), selectKey('projectCategory')] },
  { route: '/applicants/office-hours/apply/', actions: [radio('individualOrTeam', 'Team', 'company'), selectKey('timezone')] },
  { route: '/devcon-grants/apply/', actions: [fill('eventDate', '2027-03-15'), fill('expectedAttendees', '120'), selectClick('eventType')] },
];

/** Checked this long after the applicant acted: the form has long gone live by then, even at 4x. */
const CHECK_AFTER_MS = 5000;

async function runScenario(browser: Browser, origin: string, scenario: Scenario, rate: number): Promise<{ outcomes: Outcome[]; hydratedAtAct: boolean }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(origin + scenario.route, { waitUntil: 'domcontentloaded' });
    const hydratedAtAct = await formHydrated(page);
    const errors: string[] = [];
    for (const action of scenario.actions) {
      await action.act(page).catch((error: unknown) => errors.push(`${action.name}: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`));
    }
    await page.waitForTimeout(CHECK_AFTER_MS);
    const outcomes: Outcome[] = [];
    for (const action of scenario.actions) {
      const failed = errors.find((error) => error.startsWith(`${action.name}:`));
      outcomes.push(failed ? { fault: true, detail: `error ${failed}` } : await action.check(page));
    }
    return { outcomes, hydratedAtAct };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const loads = Number(option(args, '--loads') ?? 20);
  const rates = (option(args, '--rates') ?? '1,4').split(',').map(Number);
  const dir = option(args, '--dir') ?? outDir;
  const only = option(args, '--only');
  const out = option(args, '--out');
  const verbose = args.includes('--verbose');
  const server = createStaticServer(dir);
  await new Promise<void>((resolve) => server.listen(Number(option(args, '--port') ?? 0), '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch(chromiumLaunchOptions());
  const rows: Array<{ action: string; route: string; rate: number; faults: number; loads: number; early: number; details: string[] }> = [];
  const line = (row: (typeof rows)[number]) => `| ${row.action} | ${row.route} | ${row.rate}x | ${row.faults}/${row.loads} | ${row.early}/${row.loads} |`;
  try {
    for (const scenario of SCENARIOS.filter((candidate) => !only || candidate.route.includes(only))) {
      for (const rate of rates) {
        const found = scenario.actions.map((action) => ({ action: action.name, route: scenario.route, rate, faults: 0, loads, early: 0, details: [] as string[] }));
        for (let load = 0; load < loads; load += 1) {
          const { outcomes, hydratedAtAct } = await runScenario(browser, origin, scenario, rate);
          outcomes.forEach((outcome, index) => {
            const row = found[index];
            if (!row) return;
            if (outcome.fault) row.faults += 1;
            if (!hydratedAtAct) row.early += 1;
            row.details.push(`${outcome.fault ? 'FAULT' : 'ok'} ${outcome.detail}`);
            if (verbose) console.log(`  ${row.action} ${rate}x load ${load + 1}: ${row.details.at(-1) ?? ''}`);
          });
        }
        for (const row of found) console.log(line(row));
        rows.push(...found);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(['', '| action | page | CPU | faults | acted before the form hydrated |', '| --- | --- | --- | ---: | ---: |', ...rows.map(line)].join('\n'));
  if (out) fs.writeFileSync(out, JSON.stringify(rows, null, 2));
}

main().catch((error: unknown) => {
  console.error(`probe-early-input: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
