/**
 * Published grants written straight into a database (no HTTP, no team session): a project grant in
 * USD published with everything (amount, two milestones, an ETH payment on Ethereum and a bank
 * transfer), a small grant in DAI published with its amount only, and an approved project grant
 * whose grantee never chose to publish. For the build's snapshot test and a local audit of
 * /becas-otorgadas/ with a few grants.
 */
import { formDefinitions } from '../../../src/forms/definitions';
import type { FormValues } from '../../../src/forms/definitions/types';
import { receiveApplication } from '../../../src/server/applications/receive';
import { rounds as configuredRounds } from '../../../src/config/programmes';
import { seedRounds } from '../../../src/server/rounds/seed';
import type { Database } from '../../../src/server/storage/database';
import { validProjectGrants, validSmallGrantsProject } from '../../../scripts/support/formAnswers';

export const SEEDED_HASH = `0x${'ab'.repeat(32)}`;
export const SEEDED_BANK_REFERENCE = 'TRF-SEED-0001';
export const SEEDED_NAMES = { wallet: 'Monedero comunitario', meetup: 'Meetup Ethereum Bogotá', hidden: 'Proyecto sin publicar' } as const;

async function grantFor(db: Database, form: 'project-grants' | 'small-grants', answers: FormValues, amount: string, currency: string, createdAt: string): Promise<string> {
  const endpoint = form === 'project-grants' ? '/api/project-grants' : '/api/small-grants/project';
  const id = await receiveApplication(db, { form, endpoint, payload: formDefinitions[form].toPayload(answers), upload: null });
  await db.query("UPDATE submissions SET status = 'approved' WHERE id = $1", [id]);
  const [grant] = await db.query<{ id: string }>('INSERT INTO grants (submission_id, amount, currency, created_at) VALUES ($1, $2, $3, $4) RETURNING id::text AS id', [id, amount, currency, createdAt]);
  return grant!.id;
}

const publish = (db: Database, grantId: string, name: string, description: string, flags: { amount: boolean; milestones: boolean; payments: boolean }) =>
  db.query('INSERT INTO grant_publications (grant_id, publish, project_name, description, show_amount, show_milestones, show_payments) VALUES ($1, true, $2, $3, $4, $5, $6)', [
    grantId,
    name,
    description,
    flags.amount,
    flags.milestones,
    flags.payments,
  ]);

export async function seedPublishedGrants(db: Database): Promise<void> {
  // The programmes' first rounds, as a server's start gives them: applications join a round.
  await seedRounds(db, configuredRounds, new Date());
  const [member] = await db.query<{ id: string }>("INSERT INTO team_members (email, role, webauthn_user_id) VALUES ('finanzas@example.org', 'finance', 'seed-finance') RETURNING id::text AS id");
  const wallet = await grantFor(db, 'project-grants', { ...validProjectGrants(), email: 'ana@example.org' }, '1000000', 'USD', '2027-02-10T12:00:00Z');
  await db.query(
    `INSERT INTO grant_milestones (grant_id, position, title, done_criteria, due_date, amount, state, accepted_at) VALUES
     ($1, 1, 'Primera versión', 'Publicada con pruebas', '2027-03-01', 400000, 'accepted', now()),
     ($1, 2, 'Lanzamiento', 'En producción', '2099-06-01', 600000, 'pending', NULL)`,
    [wallet],
  );
  const payment = `INSERT INTO grant_payments (grant_id, amount, currency, grant_amount, rate, paid_on, method, reference, destination_ciphertext, destination_iv, destination_auth_tag, destination_key_id, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '\\x00'::bytea, '\\x00'::bytea, '\\x00'::bytea, 'seed', $9)`;
  await db.query(payment, [wallet, '250000', 'USD', '250000', null, '2027-02-20', 'bank_transfer', SEEDED_BANK_REFERENCE, member!.id]);
  await db.query(payment, [wallet, '50000000000000000', 'ETH', '150000', '1 ETH = 3000 USD', '2027-03-05', 'eth', SEEDED_HASH, member!.id]);
  await publish(db, wallet, SEEDED_NAMES.wallet, 'Un monedero en español para quienes empiezan.', { amount: true, milestones: true, payments: true });

  const meetup = await grantFor(db, 'small-grants', { ...validSmallGrantsProject(), email: 'bruno@example.org' }, '1200500000000000000000', 'DAI', '2026-11-02T12:00:00Z');
  await publish(db, meetup, SEEDED_NAMES.meetup, 'Encuentros mensuales para quienes construyen en Ethereum.', { amount: true, milestones: false, payments: false });

  await grantFor(db, 'project-grants', { ...validProjectGrants(), email: 'carla@example.org', projectName: SEEDED_NAMES.hidden }, '500000', 'USD', '2027-01-15T12:00:00Z');
}
