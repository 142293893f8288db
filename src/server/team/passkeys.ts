import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { site } from '../../config/site';
import type { Queryable } from '../storage/database';
import type { Role } from './roles';

/**
 * Passkeys through @simplewebauthn/server: user verification required, discoverable credentials
 * (sign-in asks for no email), challenges kept server-side, single use and short-lived. The
 * relying party is the site's own origin (NEXT_PUBLIC_SITE_URL): WebAuthn refuses IP addresses,
 * hence http://localhost:3000 for local use.
 */
export const CHALLENGE_MINUTES = 5;
const CEREMONY_TIMEOUT_MS = 120_000;

export type RelyingParty = { readonly id: string; readonly name: string; readonly origin: string };

export const relyingPartyOf = (siteOrigin: string): RelyingParty => ({ id: new URL(siteOrigin).hostname, name: `Equipo de ${site.brand}`, origin: siteOrigin });

type ChallengePurpose = 'enrol' | 'sign-in' | 'add-passkey';

async function keepChallenge(db: Queryable, challenge: string, purpose: ChallengePurpose, memberId: string | null): Promise<void> {
  await db.query('DELETE FROM team_webauthn_challenges WHERE expires_at <= now()');
  await db.query(`INSERT INTO team_webauthn_challenges (challenge, purpose, member_id, expires_at) VALUES ($1, $2, $3, now() + interval '${CHALLENGE_MINUTES} minutes')`, [
    challenge,
    purpose,
    memberId,
  ]);
}

/**
 * Takes (deletes) the challenge the response signed, if this server issued it for this purpose
 * and member and it has not expired: a replayed response finds nothing. null otherwise.
 */
async function takeChallenge(db: Queryable, clientDataJSON: string, purpose: ChallengePurpose, memberId: string | null): Promise<string | null> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string') return null;
  const [row] = await db.query<{ challenge: string }>(
    `DELETE FROM team_webauthn_challenges WHERE challenge = $1 AND purpose = $2 AND member_id IS NOT DISTINCT FROM $3 AND expires_at > now() RETURNING challenge`,
    [challenge, purpose, memberId],
  );
  return row?.challenge ?? null;
}

/** What every ceremony's response must match: the challenge this server took back, this site, a verified user. */
function expectedOf(rp: RelyingParty, challenge: string) {
  return { expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true } as const;
}

export type PasskeyOwner = { readonly memberId: string; readonly email: string; readonly webauthnUserId: string };

export async function registrationOptions(db: Queryable, rp: RelyingParty, owner: PasskeyOwner, purpose: 'enrol' | 'add-passkey'): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.query<{ id: string; transports: string[] }>('SELECT id, transports FROM team_passkeys WHERE member_id = $1', [owner.memberId]);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: owner.email,
    userDisplayName: owner.email,
    userID: isoBase64URL.toBuffer(owner.webauthnUserId),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, purpose, owner.memberId);
  return options;
}

/** Checks a registration response and stores the new passkey; false when it does not verify. */
export async function registerPasskey(db: Queryable, rp: RelyingParty, ownerId: string, response: RegistrationResponseJSON, purpose: 'enrol' | 'add-passkey'): Promise<boolean> {
  const challenge = await takeChallenge(db, response.response.clientDataJSON, purpose, ownerId);
  if (challenge === null) return false;
  let credential: WebAuthnCredential;
  try {
    const verification = await verifyRegistrationResponse({ response, ...expectedOf(rp, challenge) });
    if (!verification.verified) return false;
    credential = verification.registrationInfo.credential;
  } catch {
    // Malformed or forged responses: the library throws with a reason we do not show.
    return false;
  }
  const inserted = await db.query(
    'INSERT INTO team_passkeys (id, member_id, public_key, counter, transports) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING id',
    [credential.id, ownerId, Buffer.from(credential.publicKey), credential.counter, credential.transports ?? []],
  );
  return inserted.length > 0;
}

export async function authenticationOptions(db: Queryable, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  // No allowCredentials: the authenticator offers the member's discoverable passkey.
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS });
  await keepChallenge(db, options.challenge, 'sign-in', null);
  return options;
}

export type SignedInMember = { readonly memberId: string; readonly email: string; readonly role: Role };

/** The active member whose passkey signed this response, its counter updated; null when anything fails. */
export async function verifySignIn(db: Queryable, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<SignedInMember | null> {
  const challenge = await takeChallenge(db, response.response.clientDataJSON, 'sign-in', null);
  if (challenge === null) return null;
  const [passkey] = await db.query<{ id: string; public_key: Uint8Array; counter: string; transports: string[]; member_id: string; email: string; role: Role; webauthn_user_id: string }>(
    `SELECT p.id, p.public_key, p.counter::text AS counter, p.transports, m.id::text AS member_id, m.email, m.role, m.webauthn_user_id
     FROM team_passkeys p JOIN team_members m ON m.id = p.member_id
     WHERE p.id = $1 AND m.revoked_at IS NULL`,
    [response.id],
  );
  if (!passkey) return null;
  // A discoverable credential names its user: it must be the passkey's owner.
  if (response.response.userHandle !== undefined && response.response.userHandle !== passkey.webauthn_user_id) return null;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      ...expectedOf(rp, challenge),
      credential: { id: passkey.id, publicKey: new Uint8Array(passkey.public_key), counter: Number(passkey.counter), transports: passkey.transports },
    });
    if (!verification.verified) return null;
    await db.query('UPDATE team_passkeys SET counter = $2, last_used_at = now() WHERE id = $1', [passkey.id, verification.authenticationInfo.newCounter]);
  } catch {
    return null;
  }
  return { memberId: passkey.member_id, email: passkey.email, role: passkey.role };
}
