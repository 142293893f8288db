import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints';
import { formDefinitions, type FormKey, type FormValues } from '../../src/forms/definitions';
import { payloadToFormEntries } from '../../src/forms/definitions/payload';
import { addGrantee } from '../../src/server/grantees';
import { loadMailConfig } from '../../src/server/mail/config';
import { enqueueEmail, outboxCounts } from '../../src/server/mail/outbox';
import { backoffMs } from '../../src/server/outbox/queue';
import type { RunningServer } from '../../src/server/main';
import {
  validAcademicGrants,
  validDevconGrants,
  validFinanceCrypto,
  validOfficeHours,
  validProjectGrants,
  validSmallGrantsEvent,
  validSmallGrantsProject,
} from '../../scripts/support/formAnswers';
import { createRestartableStorage, eventually, FAST_RETRY_ENV, type RestartableStorage } from './support/restartableServer';
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from './support/smtpSink';
import { postJson } from './support/testServer';

const TEAM_ADDRESS = 'equipo-proyectos@example.org';

async function submit(server: RunningServer, form: FormKey, values: FormValues, path: string, method: 'POST' | 'PUT' = 'POST'): Promise<Response> {
  const payload = formDefinitions[form].toPayload(values);
  if (form !== 'project-grants') return postJson(server.address + path, payload, method);
  const body = new FormData();
  for (const [name, value] of payloadToFormEntries(payload)) body.append(name, value);
  return fetch(server.address + path, { method, body });
}

async function submittedId(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const reference = (prefix: string, id: string): string => `${prefix}-${id.padStart(6, '0')}`;
const withReference = (emails: readonly ReceivedEmail[], ref: string): ReceivedEmail[] => emails.filter((email) => email.headers.subject?.includes(`(${ref})`));

describe('confirmation emails through the outbox', () => {
  let sink: SmtpSink;
  let storage: RestartableStorage;
  let server: RunningServer;
  const mailEnv = (): Record<string, string> => ({ SMTP_URL: sink.url, MAIL_FROM: '"Cadena Academy" <hola@example.org>', TEAM_NOTIFICATIONS_PROJECT_GRANTS: TEAM_ADDRESS, ...FAST_RETRY_ENV });

  beforeAll(async () => {
    sink = await startSmtpSink();
    storage = await createRestartableStorage();
    server = await storage.start(mailEnv());
  });
  afterAll(async () => {
    await server.stop();
    await storage.close();
    await sink.close();
  });

  it('sends the applicant of each of the six forms exactly one Spanish email naming the programme and the reference; the newsletter only its opt-in', async () => {
    const { securityId } = await addGrantee(server.database, 'Mail test grantee');
    const sent = [
      { prefix: 'OH', programme: 'Office Hours', id: await submittedId(await submit(server, 'office-hours', validOfficeHours(), endpoints.officeHours.path)) },
      { prefix: 'SG', programme: 'Small Grants', id: await submittedId(await submit(server, 'small-grants', validSmallGrantsProject(), endpoints.smallGrantsProject.path)) },
      { prefix: 'SG', programme: 'Small Grants', id: await submittedId(await submit(server, 'small-grants', validSmallGrantsEvent(), endpoints.smallGrantsEvent.path)) },
      { prefix: 'AG', programme: 'Academic Grants', id: await submittedId(await submit(server, 'academic-grants', validAcademicGrants(), endpoints.academicGrants.path)) },
      { prefix: 'DG', programme: 'Devcon Grants', id: await submittedId(await submit(server, 'devcon-grants', validDevconGrants(), endpoints.devconGrants.path)) },
      { prefix: 'PG', programme: 'Project Grants', id: await submittedId(await submit(server, 'project-grants', validProjectGrants(), endpoints.projectGrants.path)) },
      {
        prefix: 'GF',
        programme: 'Grantee Finance',
        id: await submittedId(await submit(server, 'grantee-finance', { ...validFinanceCrypto(), granteeSecurityID: securityId }, endpoints.granteeFinance.path, 'PUT')),
      },
    ];
    expect((await postJson(server.address + endpoints.newsletterSignup.path, { email: 'boletin@example.org' })).status).toBe(201);

    await eventually(async () => (await outboxCounts(server.database)).pending === 0);
    const applicantEmails = sink.received.filter((email) => !email.envelopeTo.includes(TEAM_ADDRESS) && !email.envelopeTo.includes('boletin@example.org'));
    expect(applicantEmails).toHaveLength(sent.length);
    for (const { prefix, programme, id } of sent) {
      const ref = reference(prefix, id);
      const [email, ...others] = withReference(applicantEmails, ref);
      expect(others).toHaveLength(0);
      expect(email?.headers.subject).toBe(prefix === 'GF' ? `Recibimos tus datos de pago (${ref})` : `Recibimos tu solicitud ${prefix === 'OH' ? 'de' : 'a'} ${programme} (${ref})`);
      // Grantee finance is the team's name for the form: the grantee reads 'los datos de pago que enviaste' (no 'beca': it may be a patrocinio).
      expect(email?.text).toContain(prefix === 'GF' ? 'Recibimos los datos de pago que enviaste a Cadena Academy.' : programme);
      expect(email?.text).toContain(`Número de referencia: ${ref}`);
      // Every confirmation, payment details included, ends with the portal's address (never a token).
      expect(email?.text.trimEnd()).toMatch(/Puedes seguir el estado de tu solicitud en http:\/\/[^\s]+\/mi-solicitud\/$/);
      expect(email?.headers.from).toBe('Cadena Academy <hola@example.org>');
    }
    // The addresses the applicants typed; finance confirms to its contact email, and never repeats the payment details.
    const finance = withReference(applicantEmails, reference('GF', sent[6]!.id))[0]!;
    expect(finance.envelopeTo).toEqual([validFinanceCrypto().contactEmail]);
    expect(finance.text).not.toContain(validFinanceCrypto().ethAddress);
    expect(withReference(applicantEmails, reference('OH', sent[0]!.id))[0]!.envelopeTo).toEqual([validOfficeHours().email]);
    // The email is the confirmation the thank-you pages announce: small grants with its page, the others with a
    // contact address; none promises a further message.
    expect(withReference(applicantEmails, reference('SG', sent[1]!.id))[0]!.text).toContain('/applicants/small-grants/');
    const academic = withReference(applicantEmails, reference('AG', sent[3]!.id))[0]!.text;
    expect(academic).toContain('Este correo confirma que tu solicitud llegó; no hace falta que lo respondas. Si tienes alguna pregunta, escríbenos a academic-grants@example.org');
    expect(academic).not.toMatch(/te escribiremos|días hábiles/i);
    expect(finance.text).toContain('vuelve a enviar el formulario con tu ID de seguridad (Security Grantee ID)');
    // The newsletter sends no application confirmation, only its own double opt-in email (tests/api/newsletter.test.ts).
    expect(sink.received.filter((email) => email.envelopeTo.includes('boletin@example.org')).map((email) => email.headers.subject)).toEqual([
      'Confirma tu suscripción al boletín de Cadena Academy',
    ]);

    // Only project grants has a team address configured: one notice, naming the reference, and no answers.
    const teamEmails = sink.received.filter((email) => email.envelopeTo.includes(TEAM_ADDRESS));
    expect(teamEmails.map((email) => email.headers.subject)).toEqual([`Nueva solicitud a Project Grants (${reference('PG', sent[5]!.id)})`]);
    expect(teamEmails[0]!.text).not.toContain(validProjectGrants().email);
    expect(await outboxCounts(server.database)).toEqual({ pending: 0, sent: sent.length + 2, skipped: sent.length - 1, failed: 0 });
  });

  it('sends a composed email queued by any feature (enqueueEmail), then blanks its stored body', async () => {
    const secretLink = 'https://example.org/confirmar?token=abc123';
    const outboxId = await server.database.transaction((tx) =>
      enqueueEmail(tx, { to: 'alguien@example.org', subject: 'Confirma tu suscripción', text: `Hola:\n\n${secretLink}\n`, purpose: 'test-composed' }, storage.keys()),
    );
    await eventually(() => sink.received.some((email) => email.headers.subject === 'Confirma tu suscripción'));
    const email = sink.received.find((candidate) => candidate.headers.subject === 'Confirma tu suscripción')!;
    expect(email.envelopeTo).toEqual(['alguien@example.org']);
    expect(email.text).toContain(secretLink);
    expect(email.headers['message-id']).toBe(`<outbox-${outboxId}@example.org>`);
    await eventually(async () => (await server.database.query<{ status: string }>('SELECT status FROM mail_outbox WHERE id = $1', [outboxId]))[0]!.status === 'sent');
    const [row] = await server.database.query<{ purpose: string; recipient: string; body: string | null; body_ciphertext: Uint8Array | null }>(
      'SELECT purpose, recipient, body, body_ciphertext FROM mail_outbox WHERE id = $1',
      [outboxId],
    );
    expect(row).toEqual({ purpose: 'test-composed', recipient: 'alguien@example.org', body: null, body_ciphertext: null });
  });

  it('answers 201 at once while the SMTP server is down, and sends the email once it is back', async () => {
    await sink.down();
    const before = sink.received.length;
    const started = performance.now();
    const id = await submittedId(await submit(server, 'office-hours', validOfficeHours(), endpoints.officeHours.path));
    expect(performance.now() - started).toBeLessThan(1000);

    // The worker has tried and failed at least once: the message waits with a retry time.
    const failedAttempts = async (): Promise<number> =>
      (await server.database.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending' AND last_error = 'ESOCKET CONN'"))[0]!.n;
    await eventually(async () => (await failedAttempts()) > 0);
    expect(sink.received).toHaveLength(before);

    await sink.up();
    await eventually(() => withReference(sink.received, reference('OH', id)).length > 0);
    await eventually(async () => (await outboxCounts(server.database)).pending === 0);
    expect(withReference(sink.received, reference('OH', id))).toHaveLength(1);
  });

  it('sends an email stored while email was off once a server with SMTP_URL starts', async () => {
    await server.stop();
    server = await storage.start({});
    expect(server.mailWorker).toBeNull();
    const id = await submittedId(await submit(server, 'academic-grants', validAcademicGrants(), endpoints.academicGrants.path));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(withReference(sink.received, reference('AG', id))).toHaveLength(0);
    expect((await outboxCounts(server.database)).pending).toBe(2);

    await server.stop();
    server = await storage.start(mailEnv());
    await eventually(() => withReference(sink.received, reference('AG', id)).length > 0);
    await eventually(async () => (await outboxCounts(server.database)).pending === 0);
    expect(withReference(sink.received, reference('AG', id))).toHaveLength(1);
  });
});

describe('two servers on one PostgreSQL database', () => {
  it('send each email once, though both workers send: a worker claims a message before sending it', async () => {
    const sink = await startSmtpSink();
    const storage = await createRestartableStorage('postgres');
    const env = { SMTP_URL: sink.url, ...FAST_RETRY_ENV };
    const servers = [await storage.start(env), await storage.start(env)];
    try {
      const ids = await Promise.all(
        Array.from({ length: 30 }, async (_, index) => submittedId(await submit(servers[index % 2]!, 'office-hours', validOfficeHours(), endpoints.officeHours.path))),
      );
      await eventually(async () => (await outboxCounts(servers[0]!.database)).pending === 0);
      const subjects = sink.received.map((email) => email.headers.subject);
      expect(subjects).toHaveLength(ids.length);
      expect(new Set(subjects)).toEqual(new Set(ids.map((id) => `Recibimos tu solicitud de Office Hours (${reference('OH', id)})`)));
      const [workers] = await servers[0]!.database.query<{ n: number }>("SELECT count(DISTINCT claimed_by)::int AS n FROM mail_outbox WHERE status = 'sent'");
      expect(workers!.n).toBe(2);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await storage.close();
      await sink.close();
    }
  });
});

describe('the retry schedule', () => {
  it('waits 30 s after the first failure, doubling each time up to an hour, by default', () => {
    const defaults = loadMailConfig({});
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) => backoffMs(attempts, defaults) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(defaults.smtpUrl).toBeNull();
  });
});
