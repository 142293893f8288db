/**
 * The team's member routes, declared once: the server validates with these schemas (Fastify's
 * TypeBox provider) and the browser takes its request and answer types from them with
 * `import type`, so no schema code reaches a page's bundle.
 */
import { Type, type Static } from 'typebox';
import { ROLES } from '../../lib/team';

export const InviteBody = Type.Object(
  {
    email: Type.String({ maxLength: 254, format: 'email', errorMessage: 'Escribe un correo electrónico válido.' }),
    role: Type.Union(
      ROLES.map((role) => Type.Literal(role)),
      { errorMessage: `El rol debe ser uno de: ${ROLES.join(', ')}.` },
    ),
  },
  { errorMessage: { required: { email: 'Escribe un correo electrónico válido.', role: `El rol debe ser uno de: ${ROLES.join(', ')}.` } } },
);
export type InviteBody = Static<typeof InviteBody>;

export const Invitation = Type.Object({ link: Type.String(), expiresAt: Type.String() });
export type Invitation = Static<typeof Invitation>;
