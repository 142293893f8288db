/**
 * Enrolment, sign-in, sign-out and the member's own sessions and passkeys. The WebAuthn options
 * and credentials keep the shapes of @simplewebauthn (the library checks what is inside).
 */
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { Type, type Static } from 'typebox';
import { Moment, RoleField, Text } from './common';

const BAD_LINK = 'El enlace de inscripción no es válido.';
const PASSKEY_FAILED = 'No pudimos verificar la llave de acceso. Inténtalo de nuevo.';
const SIGN_IN_FAILED = 'No pudimos verificar tu llave de acceso.';

/** 256 random bits in base64url (src/server/team/tokens.ts). */
const Token = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', errorMessage: BAD_LINK });

/** A credential's binary values as WebAuthn's JSON carries them: base64url. */
const Base64url = Type.String({ pattern: '^[A-Za-z0-9_-]*$' });

/** The outer shape of a browser's credential JSON; everything inside is the library's to verify. */
const credential = <T>(errorMessage: string) =>
  Type.Unsafe<T>(
    Type.Object(
      {
        id: Base64url,
        rawId: Base64url,
        type: Type.Literal('public-key'),
        response: Type.Object({ clientDataJSON: Base64url }, { additionalProperties: true }),
      },
      { additionalProperties: true, errorMessage },
    ),
  );

export const EnrolOptionsBody = Type.Object({ token: Token }, { additionalProperties: false, errorMessage: { required: { token: BAD_LINK } } });
export type EnrolOptionsBody = Static<typeof EnrolOptionsBody>;

export const EnrolVerifyBody = Type.Object(
  { token: Token, response: credential<RegistrationResponseJSON>(PASSKEY_FAILED) },
  { additionalProperties: false, errorMessage: { required: { token: BAD_LINK, response: PASSKEY_FAILED } } },
);
export type EnrolVerifyBody = Static<typeof EnrolVerifyBody>;

export const SignInVerifyBody = Type.Object(
  { response: credential<AuthenticationResponseJSON>(SIGN_IN_FAILED) },
  { additionalProperties: false, errorMessage: { required: { response: SIGN_IN_FAILED } } },
);
export type SignInVerifyBody = Static<typeof SignInVerifyBody>;

export const PasskeyVerifyBody = Type.Object(
  { response: credential<RegistrationResponseJSON>(PASSKEY_FAILED) },
  { additionalProperties: false, errorMessage: { required: { response: PASSKEY_FAILED } } },
);
export type PasskeyVerifyBody = Static<typeof PasskeyVerifyBody>;

/** The options go to the browser as the library made them: every field passes through. */
export const CreationOptions = Type.Unsafe<PublicKeyCredentialCreationOptionsJSON>(Type.Object({ challenge: Type.String() }, { additionalProperties: true }));
export const RequestOptions = Type.Unsafe<PublicKeyCredentialRequestOptionsJSON>(Type.Object({ challenge: Type.String() }, { additionalProperties: true }));

export const TeamMember = Type.Object({ email: Type.String(), role: RoleField });
export type TeamMember = Static<typeof TeamMember>;

/**
 * GET /api/team/session, the pages' "who is signed in?": always 200, so a signed-out visitor's
 * probe logs nothing in the browser's console (Chrome logs every 401). The data routes still answer
 * 401 without a session.
 */
export const TeamSignedIn = Type.Union([Type.Object({ signedIn: Type.Literal(true), email: Type.String(), role: RoleField }), Type.Object({ signedIn: Type.Literal(false) })]);
export type TeamSignedIn = Static<typeof TeamSignedIn>;

export const TeamSession = Type.Object({ id: Type.String(), createdAt: Moment, lastSeenAt: Moment, current: Type.Boolean() });
export type TeamSession = Static<typeof TeamSession>;

export const SessionList = Type.Object({ sessions: Type.Array(TeamSession) });
export type SessionList = Static<typeof SessionList>;

const NO_SESSION = 'Esa sesión no existe o ya terminó.';
export const EndSessionBody = Type.Object(
  { id: Text({ errorMessage: NO_SESSION }) },
  { additionalProperties: false, errorMessage: { required: { id: NO_SESSION } } },
);
export type EndSessionBody = Static<typeof EndSessionBody>;

export const PasskeyAdded = Type.Object({ ok: Type.Literal(true) });
export type PasskeyAdded = Static<typeof PasskeyAdded>;
