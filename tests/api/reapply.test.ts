/**
 * Reapplying without starting over (issue 52), on PGlite and PostgreSQL: the prefill route and who may call it; a new
 * application sent with `?desde=<reference>` linked to the rejected or withdrawn one it started from, with no file
 * copied; the team's detail showing the link both ways; and every refusal with nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_COOKIE, REAPPLY_MESSAGES, type ApplicantApplicationDetail, type ApplicationPrefill } from '../../src/api/contracts/applicant';
import type { ApplicationDetail } from '../../src/api/contracts/teamApplications';
import { formDefinitions, type FormValues } from '../../src/forms/definitions';
import { payloadToFormEntries } from '../../src/forms/definitions/payload';
import { eraseInTransaction } from '../../src/server/dataRights/erase';
import { resolveFinanceKeys } from '../../src/server/finance/encryption';
import { startApplicantSession } from '../../src/server/applicant/sessions';
import { validAcademicGrants, validProjectGrants } from '../../scripts/support/formAnswers';
import { enrolMember, teamClient, type Member } from './support/teamClient';
import { BACKENDS, postJson, startTestServer, type TestServer } from './support/testServer';

const ANA = 'ana@example.org';
const BEA = 'bea@example.org';
const PROPOSAL = Buffer.from('%PDF-1.7\nthe first proposal');
const NOT_FOUND = 'No encontramos esa solicitud.';

function projectGrantBody(values: FormValues, withFile: boolean): FormData {
  const body = new FormData();
  for (const [name, value] of payloadToFormEntries(formDefinitions['project-grants'].toPayload(values))) body.append(name, value);
  if (withFile) body.append('uploadProposal', new Blob([new Uint8Array(PROPOSAL)], { type: 'application/pdf' }), 'propuesta.pdf');
  return body;
}

for (const backend of BACKENDS) {
  describe(`reapplying (${backend})`, () => {
    let server: TestServer;
    let admin: Member;
    const cookies = {} as Record<'ana' | 'bea', string>;
    /** References by what they are: Ana's rejected project grant (with a file), her withdrawn academic grant, her project grant still in review, Bea's rejected one. */
    const refs = {} as Record<'rejected' | 'withdrawn' | 'inReview' | 'beas', string>;
    const ids = {} as Record<'rejected', string>;

    const count = async (table: string): Promise<number> => (await server.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    const stored = async () => ({ submissions: await count('submissions'), files: await count('submission_files'), mail: await count('mail_outbox') });
    const prefill = (reference: string, cookie: string | null) =>
      fetch(`${server.url}/api/applicant/applications/${reference}/prefill`, { headers: cookie ? { cookie } : {} });
    const sendProject = (values: FormValues, options: { desde?: string; cookie?: string | null; file?: boolean } = {}) =>
      fetch(`${server.url}/api/project-grants${options.desde === undefined ? '' : `?desde=${encodeURIComponent(options.desde)}`}`, {
        method: 'POST',
        headers: options.cookie ? { cookie: options.cookie } : {},
        body: projectGrantBody(values, options.file ?? false),
      });
    const referenceOfAnswer = async (response: Response): Promise<string> => {
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      return `PG-${id.padStart(6, '0')}`;
    };
    const setStatus = (reference: string, status: string) =>
      server.database.query('UPDATE submissions SET status = $1 WHERE id = $2', [status, String(Number(reference.slice(3)))]);

    beforeAll(async () => {
      server = await startTestServer({ backend });
      admin = await enrolMember(server.url, server.database, 'admin@example.org', 'admin', resolveFinanceKeys(server.config).keyring);
      cookies.ana = `${APPLICANT_COOKIE}=${await startApplicantSession(server.database, ANA)}`;
      cookies.bea = `${APPLICANT_COOKIE}=${await startApplicantSession(server.database, BEA)}`;

      refs.rejected = await referenceOfAnswer(await sendProject({ ...validProjectGrants(), projectName: 'Primer intento' }, { file: true }));
      ids.rejected = String(Number(refs.rejected.slice(3)));
      await setStatus(refs.rejected, 'rejected');
      refs.inReview = await referenceOfAnswer(await sendProject(validProjectGrants()));
      await setStatus(refs.inReview, 'in_review');
      refs.beas = await referenceOfAnswer(await sendProject({ ...validProjectGrants(), email: BEA }));
      await setStatus(refs.beas, 'rejected');
      const academic = await postJson(`${server.url}/api/academic-grants`, formDefinitions['academic-grants'].toPayload(validAcademicGrants()));
      expect(academic.status).toBe(201);
      refs.withdrawn = `AG-${((await academic.json()) as { id: string }).id.padStart(6, '0')}`;
      await server.database.query("UPDATE submissions SET status = 'withdrawn' WHERE form = 'academic-grants'");
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers the prefill route by caller and application exactly as the table says', async () => {
      const table: Array<[string, string | null, string, number]> = [
        ['signed out', null, refs.rejected, 401],
        ['a session that is not one', `${APPLICANT_COOKIE}=${'x'.repeat(43)}`, refs.rejected, 401],
        ['a team member (no applicant session)', admin.cookie, refs.rejected, 401],
        ['the owner, rejected', cookies.ana, refs.rejected, 200],
        ['the owner, withdrawn', cookies.ana, refs.withdrawn, 200],
        ['the owner, still in review', cookies.ana, refs.inReview, 409],
        ["someone else's rejected application", cookies.ana, refs.beas, 404],
        ['a reference that does not exist', cookies.ana, 'PG-999999', 404],
        ['a malformed reference', cookies.ana, 'nada', 404],
      ];
      const answers = [];
      for (const [caller, cookie, reference] of table) answers.push([caller, cookie, reference, (await prefill(reference, cookie)).status]);
      expect(answers).toEqual(table);
      const refusal = async (reference: string) => ((await (await prefill(reference, cookies.ana)).json()) as { error: string }).error;
      expect(await refusal(refs.inReview)).toBe(REAPPLY_MESSAGES.notSettled);
      expect(await refusal(refs.beas)).toBe(NOT_FOUND);
    });

    it('prefills the form with the answers as the form holds them, never the file nor the captcha', async () => {
      const body = (await (await prefill(refs.rejected, cookies.ana)).json()) as ApplicationPrefill;
      expect(body.reference).toBe(refs.rejected);
      expect(body.form).toBe('project-grants');
      expect(body.fileName).toBe('propuesta.pdf');
      expect(body.values.projectName).toBe('Primer intento');
      expect(body.values.country).toBe('PE');
      expect(body.values.repeatApplicant).toBe('No');
      expect(Object.keys(body.values)).not.toContain('uploadProposal');
      expect(Object.keys(body.values)).not.toContain('captchaToken');
    });

    it('offers "Volver a solicitar" on a rejected or withdrawn application of a programme with an open round, not on one in review', async () => {
      const detail = async (reference: string) =>
        ((await (await fetch(`${server.url}/api/applicant/applications/${reference}`, { headers: { cookie: cookies.ana } })).json()) as ApplicantApplicationDetail).canReapply;
      expect([await detail(refs.rejected), await detail(refs.withdrawn), await detail(refs.inReview)]).toEqual([true, true, false]);
    });

    it('refuses a new application naming an earlier one it may not, with a Spanish message, and stores nothing', async () => {
      const before = await stored();
      const cases: Array<[string, Parameters<typeof sendProject>[1], FormValues, number, string]> = [
        ['signed out', { desde: refs.rejected, cookie: null, file: true }, validProjectGrants(), 401, REAPPLY_MESSAGES.signedOut],
        ["Bea's application, sent by Ana", { desde: refs.beas, cookie: cookies.ana, file: true }, validProjectGrants(), 404, REAPPLY_MESSAGES.notFound],
        ["Ana's application, named by Bea", { desde: refs.rejected, cookie: cookies.bea }, { ...validProjectGrants(), email: BEA }, 404, REAPPLY_MESSAGES.notFound],
        ['one still in review', { desde: refs.inReview, cookie: cookies.ana }, validProjectGrants(), 409, REAPPLY_MESSAGES.notSettled],
        ['one of another programme', { desde: refs.withdrawn, cookie: cookies.ana }, validProjectGrants(), 409, REAPPLY_MESSAGES.otherProgramme],
        ['a new application with another email', { desde: refs.rejected, cookie: cookies.ana }, { ...validProjectGrants(), email: BEA }, 409, REAPPLY_MESSAGES.otherEmail],
        ['a reference too long to be one', { desde: 'P'.repeat(41), cookie: cookies.ana }, validProjectGrants(), 400, REAPPLY_MESSAGES.malformed],
        ['an empty reference', { desde: '', cookie: cookies.ana }, validProjectGrants(), 400, REAPPLY_MESSAGES.malformed],
      ];
      for (const [what, options, values, status, message] of cases) {
        const answer = await sendProject(values, options);
        expect({ what, status: answer.status, body: await answer.json() }).toEqual({ what, status, body: { error: message } });
      }
      expect(await stored()).toEqual(before);
    });

    it('links the new application to the rejected one, with its own reference and only its own file, and the team sees both ways', async () => {
      const before = await stored();
      const newer = await referenceOfAnswer(
        await sendProject({ ...validProjectGrants(), email: 'Ana@Example.org', projectName: 'Segundo intento' }, { desde: refs.rejected, cookie: cookies.ana }),
      );
      expect(newer).not.toBe(refs.rejected);
      // One new row, no file: the earlier proposal is not copied.
      expect(await stored()).toMatchObject({ submissions: before.submissions + 1, files: before.files });
      const [row] = await server.database.query<{ previous: string | null; file_sha256: string | null; payload: { projectName: string } }>(
        'SELECT previous_submission_id::text AS previous, file_sha256, payload FROM submissions WHERE id = $1',
        [String(Number(newer.slice(3)))],
      );
      expect(row).toEqual({ previous: ids.rejected, file_sha256: null, payload: expect.objectContaining({ projectName: 'Segundo intento' }) });

      const team = teamClient(server.url, admin.cookie);
      const detailOf = async (reference: string) => ((await (await team.get(`/applications/${reference}`)).json()) as ApplicationDetail).reapplication;
      expect(await detailOf(newer)).toEqual({ previous: refs.rejected, later: [] });
      expect(await detailOf(refs.rejected)).toEqual({ previous: null, later: [newer] });
      expect(await detailOf(refs.inReview)).toEqual({ previous: null, later: [] });

      // Blind review: a reviewer reading the new application (no decision yet) gets no reference to the decided one, which is not hidden.
      await server.database.query(`UPDATE rounds SET review = jsonb_set(review, '{blind}', 'true') WHERE programme = 'project-grants'`);
      const reviewer = await enrolMember(server.url, server.database, 'reviewer@example.org', 'reviewer', resolveFinanceKeys(server.config).keyring);
      const blind = (await (await teamClient(server.url, reviewer.cookie).get(`/applications/${newer}`)).json()) as ApplicationDetail;
      expect({ blind: blind.blind, reapplication: blind.reapplication }).toEqual({ blind: true, reapplication: { previous: 'Oculto', later: [] } });
      expect(await detailOf(newer)).toEqual({ previous: refs.rejected, later: [] });
      await server.database.query(`UPDATE rounds SET review = jsonb_set(review, '{blind}', 'false') WHERE programme = 'project-grants'`);
    });

    it('leaves the newer application whole, unlinked, when the earlier one is erased', async () => {
      // A throwaway rejected application of Ana's, sent again, then erased.
      const newer = await referenceOfAnswer(await sendProject(validProjectGrants()));
      await setStatus(newer, 'rejected');
      const again = await referenceOfAnswer(await sendProject(validProjectGrants(), { desde: newer, cookie: cookies.ana }));
      await server.database.transaction((tx) => eraseInTransaction(tx, { submissionIds: [String(Number(newer.slice(3)))] }, { actor: 'cli', action: 'erase-personal-data' }));
      const [row] = await server.database.query<{ previous: string | null }>('SELECT previous_submission_id::text AS previous FROM submissions WHERE id = $1', [String(Number(again.slice(3)))]);
      expect(row).toEqual({ previous: null });
      expect(await count(`submissions WHERE id = ${Number(newer.slice(3))}`)).toBe(0);
    });
  });
}
