import { randomBytes } from 'node:crypto';
import { site } from '../../config/site';
import { isEmail } from '../../forms/definitions/validate';
import type { FinanceKeyring } from '../finance/encryption';
import { enqueueEmail } from '../mail/outbox';
import type { Database, Queryable } from '../storage/database';
import { recordAudit } from './audit';
import type { Role } from './roles';
import { endAllSessions } from './sessions';
import { hashToken, newSecretToken } from './tokens';
import { spanishUtcMoment } from '../../lib/moments';

/**
 * Team members and their enrolment links. A member is invited by email with a role; the link
 * (single use, ENROLMENT_LINK_HOURS) registers their first passkey. Revoking ends every session,
 * removes the passkeys and voids open links; inviting the address again starts over.
 */
export const ENROLMENT_LINK_HOURS = 24;
/** The team page that reads the token from the fragment: it never reaches a log or a Referer. */
export const ENROLMENT_PATH = '/equipo/inscripcion/';

export const enrolmentLink = (siteOrigin: string, token: string): string => `${siteOrigin}${ENROLMENT_PATH}#t=${token}`;

export class InviteRefused extends Error {}

export type Invitation = { readonly link: string; readonly expiresAt: string };

const ROLE_NAMES: Record<Role, string> = { admin: 'administración', reviewer: 'revisión', finance: 'finanzas' };

export function invitationEmail(email: string, role: Role, link: string, expiresAt: Date) {
  return {
    to: email,
    subject: `Tu acceso al área del equipo de ${site.brand}`,
    text: [
      'Hola:',
      '',
      `Te invitaron al área del equipo de ${site.brand} con el rol de ${ROLE_NAMES[role]}.`,
      'Para entrar, abre este enlace y registra una llave de acceso (passkey) en tu dispositivo:',
      '',
      link,
      '',
      `El enlace sirve una sola vez y vence el ${spanishUtcMoment(expiresAt)}.`,
      'Si no esperabas esta invitación, ignora este correo.',
      '',
      `El equipo de ${site.brand}`,
      '',
    ].join('\n'),
    purpose: 'team-invite',
  };
}

/**
 * Invites `email` with `role`, or invites again someone revoked or not yet enrolled (the role is
 * updated, earlier links stop working). A member who already has a passkey is refused. The link
 * is queued by email in the same transaction, and shown once to the inviter.
 */
export async function inviteMember(database: Database, invite: { email: string; role: Role; actor: string; siteOrigin: string; keys: FinanceKeyring }): Promise<Invitation> {
  const email = invite.email.trim();
  if (!isEmail(email)) throw new InviteRefused('Escribe un correo electrónico válido.');
  return database.transaction(async (tx) => {
    const [existing] = await tx.query<{ id: string; revoked: boolean; passkeys: number }>(
      `SELECT m.id::text AS id, m.revoked_at IS NOT NULL AS revoked, (SELECT count(*)::int FROM team_passkeys p WHERE p.member_id = m.id) AS passkeys
       FROM team_members m WHERE lower(m.email) = lower($1) FOR UPDATE`,
      [email],
    );
    if (existing && !existing.revoked && existing.passkeys > 0) throw new InviteRefused(`${email} ya es miembro del equipo.`);
    let memberId: string;
    if (existing) {
      memberId = existing.id;
      await tx.query('UPDATE team_members SET role = $2, revoked_at = NULL WHERE id = $1', [memberId, invite.role]);
      await tx.query('UPDATE team_enrolment_links SET expires_at = now() WHERE member_id = $1 AND used_at IS NULL AND expires_at > now()', [memberId]);
    } else {
      const [created] = await tx.query<{ id: string }>('INSERT INTO team_members (email, role, webauthn_user_id) VALUES ($1, $2, $3) RETURNING id::text AS id', [
        email,
        invite.role,
        randomBytes(32).toString('base64url'),
      ]);
      memberId = created!.id;
    }
    const token = newSecretToken();
    const [link] = await tx.query<{ expires_at: Date }>(
      `INSERT INTO team_enrolment_links (token_hash, member_id, expires_at) VALUES ($1, $2, now() + interval '${ENROLMENT_LINK_HOURS} hours') RETURNING expires_at`,
      [hashToken(token), memberId],
    );
    const expiresAt = new Date(link!.expires_at);
    const url = enrolmentLink(invite.siteOrigin, token);
    await enqueueEmail(tx, invitationEmail(email, invite.role, url, expiresAt), invite.keys);
    await recordAudit(tx, { actor: invite.actor, action: 'invite', target: `${email} (${invite.role})` });
    return { link: url, expiresAt: expiresAt.toISOString() };
  });
}

/** Revokes a member: sessions ended, passkeys removed, open links voided. false when no active member has that address. */
export async function revokeMember(database: Database, email: string, actor: string): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [member] = await tx.query<{ id: string; email: string }>(
      'UPDATE team_members SET revoked_at = now() WHERE lower(email) = lower($1) AND revoked_at IS NULL RETURNING id::text AS id, email',
      [email.trim()],
    );
    if (!member) return false;
    await endAllSessions(tx, member.id);
    await tx.query('DELETE FROM team_passkeys WHERE member_id = $1', [member.id]);
    await tx.query('UPDATE team_enrolment_links SET expires_at = now() WHERE member_id = $1 AND used_at IS NULL AND expires_at > now()', [member.id]);
    await recordAudit(tx, { actor, action: 'revoke', target: member.email });
    return true;
  });
}

/** Ends every session of an active member (they stay a member and sign in again). false when no active member has that address. */
export async function endMemberSessions(database: Database, email: string, actor: string): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [member] = await tx.query<{ id: string; email: string }>('SELECT id::text AS id, email FROM team_members WHERE lower(email) = lower($1) AND revoked_at IS NULL', [email.trim()]);
    if (!member) return false;
    await endAllSessions(tx, member.id);
    await recordAudit(tx, { actor, action: 'end-sessions', target: member.email });
    return true;
  });
}

export type MemberSummary = { email: string; role: Role; createdAt: string; revokedAt: string | null; passkeys: number };

export async function listMembers(db: Queryable): Promise<MemberSummary[]> {
  const rows = await db.query<{ email: string; role: Role; created_at: Date; revoked_at: Date | null; passkeys: number }>(
    `SELECT m.email, m.role, m.created_at, m.revoked_at, (SELECT count(*)::int FROM team_passkeys p WHERE p.member_id = m.id) AS passkeys
     FROM team_members m ORDER BY m.revoked_at IS NOT NULL, lower(m.email)`,
  );
  return rows.map((row) => ({
    email: row.email,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    passkeys: row.passkeys,
  }));
}

export type EnrollingMember = { readonly memberId: string; readonly email: string; readonly role: Role; readonly webauthnUserId: string };

/** The member an enrolment link is for, while it is unused, unexpired and the member not revoked; else null. */
export async function findEnrolment(db: Queryable, token: string): Promise<EnrollingMember | null> {
  const [row] = await db.query<{ member_id: string; email: string; role: Role; webauthn_user_id: string }>(
    `SELECT m.id::text AS member_id, m.email, m.role, m.webauthn_user_id
     FROM team_enrolment_links l JOIN team_members m ON m.id = l.member_id
     WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now() AND m.revoked_at IS NULL`,
    [hashToken(token)],
  );
  return row ? { memberId: row.member_id, email: row.email, role: row.role, webauthnUserId: row.webauthn_user_id } : null;
}

/** Marks the link used; false when it was used, expired or voided meanwhile (two tabs racing). */
export async function consumeEnrolment(tx: Queryable, token: string): Promise<boolean> {
  return (await tx.query("UPDATE team_enrolment_links SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING member_id", [hashToken(token)])).length > 0;
}
