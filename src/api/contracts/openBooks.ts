/**
 * Open books (issue 51): what a grantee agreed to publish, and the public list of funded projects
 * that `/becas-otorgadas/` and the DAOIP-5 feed are built from. Declared once: the server validates
 * and serialises with these schemas, the browser takes its types with `import type`.
 *
 * Nothing reaches the public list unless its grantee said so: each part (amount, milestones,
 * on-chain payments) is null or empty when the grantee did not allow it. Nothing from the
 * application's answers is here: the project's name and description are written for publication.
 */
import { Type, type Static } from 'typebox';
import { CURRENCY_CODES } from '../../lib/money';
import { MILESTONE_STATES } from '../../lib/grants';
import { Moment, Text } from './common';
import { RoundProgramme } from './rounds';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** The longest public description, in characters (plain text: no markup). */
export const PUBLIC_DESCRIPTION_MAX = 600;
export const PUBLIC_PROJECT_NAME_MAX = 120;

// ---------------------------------------------------------------------------------------------
// The grantee's consent: GET/PUT /api/applicant/applications/:id/publication (applicant session).

/** What an approved applicant chose to publish. `publish: false` hides everything, whatever the rest says. */
export const PublicationChoice = Type.Object(
  {
    publish: Type.Boolean(),
    projectName: Text({ maxLength: PUBLIC_PROJECT_NAME_MAX, errorMessage: `El nombre del proyecto puede tener hasta ${PUBLIC_PROJECT_NAME_MAX} caracteres.` }),
    description: Text({ maxLength: PUBLIC_DESCRIPTION_MAX, errorMessage: `La descripción pública puede tener hasta ${PUBLIC_DESCRIPTION_MAX} caracteres.` }),
    showAmount: Type.Boolean(),
    showMilestones: Type.Boolean(),
    showPayments: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PublicationChoice = Static<typeof PublicationChoice>;

/** The grantee's route, under the portal's API (`:reference` is the application's reference, as the portal's other routes). */
export const applicantPublicationPath = (reference: string): string => `/api/applicant/applications/${encodeURIComponent(reference)}/publication`;

/**
 * HTML markup in a name or description: a tag's opening (`<a href=…>`, `<script>`, `</p>`, `<!-- … -->`). Both are
 * plain text: the public page shows them as text, and refusing markup keeps a copy elsewhere (a feed reader) safe too.
 * A lone "<" ("menos de <10 ms") is text, not markup.
 */
export const hasMarkup = (text: string): boolean => /<\s*[A-Za-z!/?]/.test(text);

/** What the server answers a choice it refuses (400, nothing stored) and a grant it cannot publish (409). */
export const PUBLICATION_MESSAGES = {
  nameMarkup: 'El nombre del proyecto va en texto simple: quita las etiquetas HTML (como <a> o <script>).',
  descriptionMarkup: 'La descripción pública va en texto simple: quita las etiquetas HTML (como <a> o <script>).',
  nameNeeded: 'Escribe el nombre del proyecto para publicarlo.',
  noGrant: 'Tu solicitud todavía no tiene una beca: podrás elegir qué publicar cuando sea aprobada.',
} as const;

/** 200 from GET and PUT: the choice as stored (all false and empty before the first choice) and when it last changed. */
export const Publication = Type.Object({ choice: PublicationChoice, updatedAt: Nullable(Moment) });
export type Publication = Static<typeof Publication>;

// ---------------------------------------------------------------------------------------------
// Public: GET /api/open-books/grants (no session; cacheable a short time, with an ETag).

export const OPEN_BOOKS_GRANTS_PATH = '/api/open-books/grants';

/**
 * A payment as the public may see it. An on-chain payment carries its transaction hash and the
 * explorer's link (the server builds it from the network's setting); a bank transfer is only ever
 * "Transferencia bancaria" with its date and amount, and only when the grantee allows amounts.
 */
export const PublicPayment = Type.Object({
  kind: Type.Enum(['onchain', 'bank_transfer'] as const),
  paidOn: Type.String({ description: 'YYYY-MM-DD' }),
  /** Decimal string in the payment's currency; null when the grantee keeps amounts private. */
  amount: Nullable(Type.String()),
  currency: Nullable(Type.Enum(CURRENCY_CODES)),
  /** "Ethereum" or "Capa 2" for on-chain payments; null for a bank transfer. */
  network: Nullable(Type.String()),
  txHash: Nullable(Type.String()),
  explorerUrl: Nullable(Type.String()),
});
export type PublicPayment = Static<typeof PublicPayment>;

export const PublishedGrant = Type.Object({
  /** Stable and opaque: not the application's reference. */
  id: Type.String(),
  programme: RoundProgramme,
  programmeName: Type.String(),
  round: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  /** The day the grant was approved (YYYY-MM-DD, UTC): the year and quarter filters and totals read it. */
  approvedOn: Type.String(),
  projectName: Type.String(),
  description: Type.String(),
  /** Null unless the grantee allows amounts. `paid` is the sum paid so far, in the grant's currency. */
  amount: Nullable(Type.Object({ amount: Type.String(), currency: Type.Enum(CURRENCY_CODES), paid: Type.String() })),
  /** Null unless the grantee allows milestones. */
  milestones: Nullable(
    Type.Object({
      done: Type.Integer(),
      total: Type.Integer(),
      items: Type.Array(Type.Object({ title: Type.String(), state: Type.Enum(MILESTONE_STATES), stateLabel: Type.String() })),
    }),
  ),
  /** Bank transfers only with amounts allowed; on-chain payments only with payments allowed. */
  payments: Type.Array(PublicPayment),
});
export type PublishedGrant = Static<typeof PublishedGrant>;

/** 200 from GET /api/open-books/grants, and the shape of the build's snapshot. */
export const PublishedGrantList = Type.Object({ generatedAt: Moment, grants: Type.Array(PublishedGrant) });
export type PublishedGrantList = Static<typeof PublishedGrantList>;
