/**
 * Review with a rubric end to end, in Chromium against `npm start`'s server on PostgreSQL: an
 * applicant sends a project grant; an admin assigns three reviewers; two of them (each in their own
 * browser context with their own virtual authenticator) declare no conflict and score it far apart,
 * the second seeing nothing of the first's scores (page and API) until sending their own; the third
 * declares a conflict and from then on sees the reference only. The admin sorts the inbox by score,
 * sees "Desacuerdo", decides with a reason and a message, and downloads the CSV with the scores.
 * Axe runs on the scoring panel and the inbox.
 *
 * With SCORING_SCREENSHOTS_DIR, the scoring panel (declaring, scoring, after sending) and the inbox
 * sorted by score, at 1280 and 375 px.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { projectGrantsSample } from '../unit/forms/components/samples';
import { expect, expectNoAxeViolations, gotoHydrated, test } from '../e2e/fixtures';
import { enrolledMember as enrolMember, saveScreenshots, startTeamServer, submitProjectGrant, type TeamServer } from './teamSupport';

// Their own ports (E2E_SCORING_PORT, E2E_SCORING_POSTGRES_PORT), so this spec can run beside the others.
const SERVER_PORT = Number(process.env.E2E_SCORING_PORT) || 3204;
const POSTGRES_PORT = Number(process.env.E2E_SCORING_POSTGRES_PORT) || 3205;
const ORIGIN = `http://localhost:${SERVER_PORT}`;

let teamServer: TeamServer;

test.describe.configure({ mode: 'serial', timeout: 900_000 });

test.beforeAll(async () => {
  teamServer = await startTeamServer({ serverPort: SERVER_PORT, postgresPort: POSTGRES_PORT, name: 'scoring' });
});

test.afterAll(async () => {
  await teamServer?.stop();
});

const enrolledMember = (browser: Browser, email: string, role: 'admin' | 'reviewer'): Promise<Page> => enrolMember(browser, teamServer, email, role);

const screenshots = (page: Page, name: string) => saveScreenshots(page, process.env.SCORING_SCREENSHOTS_DIR, name);

/** Declares no conflict, as an assigned reviewer does before reading. */
async function declareNoConflict(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Sin conflicto' }).check();
  await page.getByRole('button', { name: 'Enviar la declaración' }).click();
  await expect(page.getByText('Registramos que no tienes conflicto de interés. Ya puedes leer la solicitud y puntuarla.')).toBeFocused();
}

/** Gives every criterion the same score, with a comment on the first, and the recommendation. */
async function score(page: Page, value: number, recommendation: 'Aprobar' | 'Rechazar', comment: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Tu puntaje' });
  const criteria = form.getByRole('group').filter({ hasNot: page.getByRole('radio', { name: recommendation }) });
  const count = await criteria.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) await criteria.nth(index).getByRole('radio', { name: new RegExp(`^${value} · `) }).check();
  await form.getByRole('textbox').first().fill(comment);
  await form.getByRole('radio', { name: recommendation }).check();
}

test('review with a rubric: assignment, declarations, scores apart, a recusal, the inbox by score, a decision with a reason, the CSV', async ({ page, browser }) => {
  await test.step('an applicant sends a project grant', async () => {
    await submitProjectGrant(page, ORIGIN, Buffer.from('%PDF-1.4 propuesta'));
  });

  const admin = await enrolledMember(browser, 'coordinacion@ejemplo.org', 'admin');
  const first = await enrolledMember(browser, 'revisora1@ejemplo.org', 'reviewer');
  const second = await enrolledMember(browser, 'revisor2@ejemplo.org', 'reviewer');
  const third = await enrolledMember(browser, 'revisora3@ejemplo.org', 'reviewer');
  const row = admin.getByRole('row').filter({ hasText: 'Ana Pérez' });
  await gotoHydrated(admin, `${ORIGIN}/equipo/solicitudes/`);
  const reference = (await row.getByRole('link').textContent())!;
  expect(reference).toMatch(/^PG-\d{6}$/);
  const detailUrl = `${ORIGIN}/equipo/solicitud/?id=${reference}`;

  await test.step('the admin assigns three reviewers', async () => {
    await gotoHydrated(admin, detailUrl);
    const panel = admin.getByRole('region', { name: 'Puntaje' });
    for (const email of ['revisora1@ejemplo.org', 'revisor2@ejemplo.org', 'revisora3@ejemplo.org']) await panel.getByRole('checkbox', { name: email }).check();
    await panel.getByRole('button', { name: 'Guardar revisores' }).click();
    await expect(panel.getByText('Revisan la solicitud: revisora1@ejemplo.org, revisor2@ejemplo.org, revisora3@ejemplo.org.')).toBeFocused();
    await expect(panel.getByRole('list', { name: 'Declaraciones de quienes revisan' }).getByRole('listitem')).toHaveText([
      'revisora1@ejemplo.org: Todavía no declaró',
      'revisor2@ejemplo.org: Todavía no declaró',
      'revisora3@ejemplo.org: Todavía no declaró',
    ]);
  });

  await test.step('the first reviewer sees no answers before declaring, declares no conflict and scores high', async () => {
    await gotoHydrated(first, detailUrl);
    await expect(first.getByRole('form', { name: 'Conflicto de interés' })).toBeVisible();
    await expect(first.locator('dt', { hasText: /^Project name/ })).toHaveCount(0);
    await expect(first.getByText(projectGrantsSample.projectName!)).toHaveCount(0);
    await expectNoAxeViolations(first);
    await screenshots(first, 'scoring-declaring');
    await declareNoConflict(first);
    await expect(first.locator('dt', { hasText: /^Project name/ }).first()).toBeVisible();
    const panel = first.getByRole('region', { name: 'Puntaje' });
    await expect(panel).toContainText('Verás los puntajes de las demás personas después de enviar el tuyo.');
    await score(first, 5, 'Aprobar', 'Equipo con experiencia demostrada.');
    await expectNoAxeViolations(first);
    await screenshots(first, 'scoring-form');
    await panel.getByRole('button', { name: 'Enviar mi puntaje' }).click();
    await expect(panel.getByText('Enviamos tu puntaje. Ahora ves los de las demás personas.')).toBeFocused();
    await expect(panel).toContainText('Nadie más envió su puntaje todavía.');
  });

  await test.step('the second reviewer cannot see the first one’s scores before sending theirs (page and API), then scores low', async () => {
    await gotoHydrated(second, detailUrl);
    await declareNoConflict(second);
    const panel = second.getByRole('region', { name: 'Puntaje' });
    await expect(panel.getByRole('form', { name: 'Tu puntaje' })).toBeVisible();
    await expect(panel).not.toContainText('revisora1@ejemplo.org');
    await expect(panel).not.toContainText('Equipo con experiencia demostrada.');
    const answer = await second.request.get(`${ORIGIN}/api/team/applications/${reference}`);
    const detail = (await answer.json()) as { scoring: { others: unknown; aggregate: unknown } };
    expect(detail.scoring.others).toBeNull();
    expect(detail.scoring.aggregate).toBeNull();
    expect(JSON.stringify(detail)).not.toContain('Equipo con experiencia demostrada.');

    await score(second, 1, 'Rechazar', 'No se ve el aporte al ecosistema.');
    await panel.getByRole('button', { name: 'Enviar mi puntaje' }).click();
    await expect(panel.getByText('Enviamos tu puntaje. Ahora ves los de las demás personas.')).toBeFocused();
    const others = panel.getByRole('article', { name: 'revisora1@ejemplo.org' });
    await expect(others).toContainText('revisora1@ejemplo.org: 5 de 5 · Aprobar');
    await expect(others).toContainText('Equipo con experiencia demostrada.');
    await expect(panel).toContainText('Puntaje3 de 5Revisiones2 de 3Dispersión4');
    await expect(panel.getByText('Desacuerdo', { exact: true })).toBeVisible();
    await expectNoAxeViolations(second);
    await screenshots(second, 'scoring-after-submit');
  });

  await test.step('the third reviewer declares a conflict and from then on sees only the reference', async () => {
    await gotoHydrated(third, detailUrl);
    await third.getByRole('radio', { name: 'Tengo un conflicto' }).check();
    await third.getByLabel('Motivo del conflicto').fill('Trabajé con este equipo el año pasado.');
    await third.getByRole('button', { name: 'Enviar la declaración' }).click();
    await expect(third.getByText('Registramos tu conflicto de interés: ya no verás las respuestas ni los puntajes de esta solicitud.')).toBeFocused();
    await gotoHydrated(third, detailUrl);
    await expect(third.getByRole('heading', { level: 1, name: `Solicitud ${reference}` })).toBeVisible();
    await expect(third.getByText(/Declaraste un conflicto de interés con esta solicitud/)).toBeVisible();
    for (const hidden of [projectGrantsSample.projectName!, 'revisora1@ejemplo.org', 'Puntaje', 'Historial', 'Notas internas']) await expect(third.locator('main')).not.toContainText(hidden);
    const answer = await (await third.request.get(`${ORIGIN}/api/team/applications/${reference}`)).json();
    expect(answer).toEqual({ id: reference, reference, access: 'recused' });
  });

  await test.step('the admin sorts the inbox by score, sees Desacuerdo, and every declaration on the application', async () => {
    await gotoHydrated(admin, `${ORIGIN}/equipo/solicitudes/`);
    await admin.getByLabel('Orden').selectOption({ label: 'Puntaje: mayor primero' });
    await admin.getByRole('button', { name: 'Aplicar filtro' }).click();
    await admin.waitForURL(/sort=score-desc/);
    const scored = admin.getByRole('row').filter({ hasText: reference });
    await expect(scored.getByRole('cell').nth(6)).toHaveText('3 Desacuerdo');
    await expect(scored.getByRole('cell').nth(7)).toHaveText('2 de 2');
    await expect(scored.getByRole('cell').nth(8)).toHaveText('4');
    await admin.getByRole('checkbox', { name: 'Desacuerdo' }).check();
    await admin.getByRole('button', { name: 'Aplicar filtro' }).click();
    await admin.waitForURL(/review=disagreement/);
    await expect(admin.getByRole('table', { name: /1 en total/ })).toBeVisible();
    await expectNoAxeViolations(admin);
    await screenshots(admin, 'inbox-by-score');

    await gotoHydrated(admin, detailUrl);
    await expect(admin.getByRole('list', { name: 'Declaraciones de quienes revisan' }).getByRole('listitem')).toHaveText([
      'revisora1@ejemplo.org: Sin conflicto · puntaje enviado',
      'revisor2@ejemplo.org: Sin conflicto · puntaje enviado',
      'revisora3@ejemplo.org: Conflicto: Trabajé con este equipo el año pasado.',
    ]);
    await expectNoAxeViolations(admin);
  });

  await test.step('the admin decides with a reason and a message; the history shows the reason', async () => {
    const decide = admin.getByRole('region', { name: 'Decisión' });
    await expect(decide).toContainText('Para decidir, primero pasa la solicitud a En revisión.');
    await admin.getByRole('button', { name: 'Pasar a En revisión' }).click();
    await expect(admin.getByText('La solicitud pasó a En revisión.')).toBeFocused();
    await decide.getByRole('radio', { name: 'Rechazar' }).check();
    await decide.getByLabel('Motivo').selectOption({ label: 'No cumple los criterios de selección' });
    await decide.getByLabel('Mensaje para la persona solicitante (opcional)').fill('Te invitamos a postular de nuevo con un plan más concreto.');
    await decide.getByRole('button', { name: 'Registrar la decisión' }).click();
    await expect(decide.getByText('La solicitud quedó rechazada (motivo: No cumple los criterios de selección). Ahora revisa y envía el correo de decisión.')).toBeFocused();
    await expect(admin.getByRole('region', { name: 'Estado' })).toContainText(/^EstadoRechazada/);
    await expect(admin.getByRole('region', { name: 'Historial' }).getByRole('listitem').last()).toContainText('Motivo: No cumple los criterios de selección');
    await expect(admin.locator('#mensaje-solicitante')).toHaveValue('Te invitamos a postular de nuevo con un plan más concreto.');
    await expectNoAxeViolations(admin);
  });

  await test.step('the CSV of the inbox holds each reviewer’s scores', async () => {
    await gotoHydrated(admin, `${ORIGIN}/equipo/solicitudes/?form=project-grants&sort=score-desc`);
    const downloading = admin.waitForEvent('download');
    await admin.getByRole('link', { name: 'Exportar CSV' }).click();
    const [header, ...rows] = parse(fs.readFileSync((await (await downloading).path())!, 'utf8'), { bom: true }) as string[][];
    const line = rows.find((cells) => cells.includes(reference))!;
    expect(line).toBeDefined();
    const columnsOf = (email: string) => header!.flatMap((cell, index) => (cell.endsWith(`— ${email}`) ? [[cell, line[index]] as const] : []));
    const firstScores = columnsOf('revisora1@ejemplo.org');
    // One column per criterion and the recommendation, for each reviewer who sent scores; none for the recused one.
    expect(firstScores.length).toBeGreaterThan(2);
    expect(columnsOf('revisora3@ejemplo.org')).toEqual([]);
    expect(new Set(firstScores.filter(([cell]) => !cell.startsWith('Recommendation')).map(([, value]) => value))).toEqual(new Set(['5']));
    expect(new Set(columnsOf('revisor2@ejemplo.org').filter(([cell]) => !cell.startsWith('Recommendation')).map(([, value]) => value))).toEqual(new Set(['1']));
  });
});
