import { ReferenceParams } from '../../../api/contracts/applicant';
import { ApplicantGrant, ApplicantMilestoneParams, ApplicantReportFileParams, REPORT_LINK_MAX_LENGTH, REPORT_LINKS_MAX, REPORT_TEXT_MAX } from '../../../api/contracts/grants';
import { APPLICANT_ACTOR } from '../../../lib/team';
import { GRANT_MESSAGES, readApplicantGrant, readReportFile, reportFileName, submitReport } from '../../grants/service';
import type { StoredFile } from '../../storage/files';
import { ownedApplication } from '../service';
import { checkedUpload, PartsRefused, readTextAndFile } from './parts';
import { APPLICANT_MESSAGES, emailOf, RESPONSE_BODY_LIMIT, send, signedIn, type ApplicantResource } from './shared';

const LINKS_MESSAGE = `Los enlaces van uno por línea, hasta ${REPORT_LINKS_MAX}, y cada uno empieza con https://.`;
/** A progress report's text parts (besides its one file). */
const REPORT_PARTS = ['text', 'links'] as const;

/** The report's links, one a line: 0..REPORT_LINKS_MAX https URLs; null when any is not one. */
function parseLinks(text: string | undefined): string[] | null {
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length > REPORT_LINKS_MAX) return null;
  for (const line of lines) {
    if (line.length > REPORT_LINK_MAX_LENGTH || !URL.canParse(line) || new URL(line).protocol !== 'https:') return null;
  }
  return lines;
}

/**
 * The grantee's side of their grant: read it (milestones, reports, payments), send a progress report
 * on a milestone (multipart: text, links, one optional file with the answer file's checks) and open
 * a file they sent. Another applicant's grant is answered 404, exactly as a missing one.
 */
export const grantRoutes: ApplicantResource = async (api, options) => {
  const { database } = options;

  api.get('/applications/:reference/grant', { config: signedIn, schema: { params: ReferenceParams, response: { 200: ApplicantGrant } } }, async (request, reply) => {
    const owned = await ownedApplication(database, emailOf(request), request.params.reference);
    const grant = owned ? await readApplicantGrant(database, owned.id) : null;
    return grant ?? send(reply, 404, GRANT_MESSAGES.notFound);
  });

  api.post(
    '/applications/:reference/grant/milestones/:milestoneId/reports',
    { bodyLimit: RESPONSE_BODY_LIMIT, config: { ...signedIn, applicantBody: 'multipart', textParts: REPORT_PARTS }, schema: { params: ApplicantMilestoneParams, response: { 201: ApplicantGrant } } },
    async (request, reply) => {
      let text: string;
      let links: string[];
      let upload: StoredFile | null;
      try {
        const parts = await readTextAndFile(request, {
          fields: REPORT_PARTS,
          textMaxBytes: REPORT_TEXT_MAX * 3 + REPORT_LINKS_MAX * (REPORT_LINK_MAX_LENGTH + 2),
          badForm: GRANT_MESSAGES.badReportForm,
        });
        text = parts.fields.text ?? '';
        if (text.trim() === '' || text.length > REPORT_TEXT_MAX) throw new PartsRefused(400, GRANT_MESSAGES.badReportText);
        const parsedLinks = parseLinks(parts.fields.links);
        if (!parsedLinks) throw new PartsRefused(400, LINKS_MESSAGE);
        links = parsedLinks;
        upload = await checkedUpload(parts.file);
      } catch (error) {
        if (error instanceof PartsRefused) return send(reply, error.status, error.message);
        throw error;
      }
      const email = emailOf(request);
      const outcome = await database.transaction(async (tx) => {
        const owned = await ownedApplication(tx, email, request.params.reference, true);
        if (!owned) return { status: 'refused', code: 404, message: GRANT_MESSAGES.notFound } as const;
        const submitted = await submitReport(tx, { submissionId: owned.id, milestoneId: request.params.milestoneId, text, links, upload, auditActor: APPLICANT_ACTOR });
        return submitted.status === 'ok' ? ({ status: 'ok', submissionId: owned.id } as const) : submitted;
      });
      if (outcome.status === 'refused') return send(reply, outcome.code, outcome.message);
      const grant = await readApplicantGrant(database, outcome.submissionId);
      return grant ? reply.code(201).send(grant) : send(reply, 404, GRANT_MESSAGES.notFound);
    },
  );

  api.get('/applications/:reference/grant/milestones/:milestoneId/reports/:version/file', { config: signedIn, schema: { params: ApplicantReportFileParams } }, async (request, reply) => {
    const owned = await ownedApplication(database, emailOf(request), request.params.reference);
    const file = owned ? await readReportFile(database, { form: owned.form, rowId: owned.id }, request.params.milestoneId, request.params.version) : null;
    if (!file) return send(reply, 404, APPLICANT_MESSAGES.notFound);
    const name = reportFileName(request.params.reference, request.params.milestoneId, request.params.version, file.originalName, file.mediaType);
    // A file someone uploaded is never rendered as the site's own page.
    reply.header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'none'");
    return reply.type(file.mediaType).header('content-disposition', `attachment; filename="${name}"`).send(file.bytes);
  });
};
