/**
 * The team's member routes, declared once: the server validates with these schemas (Fastify's
 * TypeBox provider) and the browser takes its request and answer types from them with
 * `import type`, so no schema code reaches a page's bundle.
 */
import { Type, type Static } from 'typebox';
import { Text } from './common';
import { ROLES } from '../../lib/team';

export const InviteBody = Type.Object(
  {
    email: Type.String({ maxLength: 254, format: 'email', errorMessage: 'Escribe un correo electrónico válido.' }),
    role: Type.Enum(ROLES, { errorMessage: `El rol debe ser uno de: ${ROLES.join(', ')}.` }),
  },
  { errorMessage: { required: { email: 'Escribe un correo electrónico válido.', role: `El rol debe ser uno de: ${ROLES.join(', ')}.` } } },
);
export type InviteBody = Static<typeof InviteBody>;

export const Invitation = Type.Object({ link: Type.String(), expiresAt: Type.String() });
export type Invitation = Static<typeof Invitation>;

export const MemberRow = Type.Object({
  email: Type.String(),
  role: Type.Enum(ROLES),
  createdAt: Type.String(),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
  passkeys: Type.Integer(),
});
export type MemberRow = Static<typeof MemberRow>;

export const MemberList = Type.Object({ members: Type.Array(MemberRow) });
export type MemberList = Static<typeof MemberList>;

const NO_MEMBER = 'No hay un miembro activo con ese correo.';

/** Revoke a member, or end their sessions: by email; an unknown one is answered 404 by the route. */
export const MemberEmailBody = Type.Object({ email: Text({ errorMessage: NO_MEMBER }) }, { additionalProperties: false, errorMessage: { required: { email: NO_MEMBER } } });
export type MemberEmailBody = Static<typeof MemberEmailBody>;
