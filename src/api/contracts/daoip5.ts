/**
 * The open data feed (issue 51): the programme published as a DAOIP-5 grant system
 * (metagov/daostar, DAOIPs/daoip-5.md), for collectors to register. Three public documents, no
 * session, read-only, cacheable a short time with a strong ETag, open to cross-origin reads:
 *
 * - `GET /api/daoip5`: the grant system (its `grantPoolsURI`);
 * - `GET /api/daoip5/grantPools`: one pool per round of a grant programme;
 * - `GET /api/daoip5/grantPools/:poolId/applications`: the pool's published grants (`applicationsURI`).
 *
 * Every URI in them is absolute, built from the site's public origin. Nothing of a grantee is here
 * unless they agreed to publish it (src/api/contracts/openBooks.ts PublishedGrant is the only source):
 * amounts (`fundsApproved`) only where the grantee allowed amounts, payouts only for on-chain payments the grantee
 * allowed, each with its transaction hash as `proof`; a bank transfer is never a payout.
 */
import { Type, type Static } from 'typebox';

/** The `@context` every DAOIP-5 document carries, as the spec writes it. */
export const DAOIP5_CONTEXT = 'http://www.daostar.org/schemas';

export const DAOIP5_SYSTEM_PATH = '/api/daoip5';
export const DAOIP5_POOLS_PATH = '/api/daoip5/grantPools';
/** `:poolId` is the round's id; the pool's DAOIP-5 `id` wraps it (daoip-5:<system>:grantPool:<id>). */
export const daoip5ApplicationsPath = (poolId: string): string => `${DAOIP5_POOLS_PATH}/${encodeURIComponent(poolId)}/applications`;
export const DAOIP5_CACHE = 'public, max-age=60';

/** The funding mechanism every pool of this programme declares (one of the spec's recognised list). */
export const DAOIP5_FUNDING_MECHANISM = 'Direct Grants';

/** The spec's application status vocabulary (RECOMMENDED field). A published grant is at least approved. */
export const DAOIP5_STATUSES = ['pending', 'in_review', 'approved', 'funded', 'rejected', 'completed'] as const;
export type Daoip5Status = (typeof DAOIP5_STATUSES)[number];

/** 404 for a pool that is not a round of a grant programme. (A query parameter is refused, 400, as GET /api/open-books/grants refuses it.) */
export const DAOIP5_POOL_NOT_FOUND = 'No existe ese fondo de becas.';

export const Daoip5PoolParams = Type.Object({ poolId: Type.String() });
export type Daoip5PoolParams = Static<typeof Daoip5PoolParams>;

const Funds = Type.Array(Type.Object({ amount: Type.String(), denomination: Type.String() }));

/** `GET /api/daoip5`: the grant system. */
export const Daoip5GrantSystem = Type.Object({
  '@context': Type.Literal(DAOIP5_CONTEXT),
  name: Type.String(),
  type: Type.String(),
  grantPoolsURI: Type.String(),
});
export type Daoip5GrantSystem = Static<typeof Daoip5GrantSystem>;

export const Daoip5GrantPool = Type.Object({
  type: Type.Literal('GrantPool'),
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  grantFundingMechanism: Type.String(),
  isOpen: Type.Boolean(),
  /** The published close (never the grace period); absent for a round that takes applications at any time. */
  closeDate: Type.Optional(Type.String()),
  applicationsURI: Type.String(),
  /** The programme's page: requirements and criteria. */
  governanceURI: Type.String(),
  /** The round's budget; empty when the round has none. */
  totalGrantPoolSize: Funds,
  extensions: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type Daoip5GrantPool = Static<typeof Daoip5GrantPool>;

/** `GET /api/daoip5/grantPools`. */
export const Daoip5GrantPools = Type.Object({
  '@context': Type.Literal(DAOIP5_CONTEXT),
  name: Type.String(),
  type: Type.String(),
  grantPools: Type.Array(Daoip5GrantPool),
});
export type Daoip5GrantPools = Static<typeof Daoip5GrantPools>;

/** An on-chain payment: `proof` is its transaction hash. */
export const Daoip5Payout = Type.Object({
  type: Type.Literal('OnchainTransaction'),
  value: Type.Object({
    network: Type.String(),
    paidOn: Type.String(),
    /** Only where the grantee allowed amounts. */
    amount: Type.Optional(Type.String()),
    denomination: Type.Optional(Type.String()),
    explorerURI: Type.Optional(Type.String()),
  }),
  proof: Type.String(),
});
export type Daoip5Payout = Static<typeof Daoip5Payout>;

export const Daoip5Application = Type.Object({
  type: Type.Literal('GrantApplication'),
  id: Type.String(),
  grantPoolsURI: Type.String(),
  grantPoolId: Type.String(),
  grantPoolName: Type.String(),
  projectName: Type.String(),
  /** The public description the grantee wrote (the spec asks applicationsURI for "id, name, and description"). */
  description: Type.String(),
  /** The public page of funded projects. */
  contentURI: Type.String(),
  /**
   * Only where the grantee allowed amounts. `fundsAsked` is never sent: the amount asked is one of
   * the application's answers, which are published only when the grantee wrote them for publication.
   */
  fundsApproved: Type.Optional(Funds),
  status: Type.Enum(DAOIP5_STATUSES),
  payouts: Type.Array(Daoip5Payout),
  extensions: Type.Record(Type.String(), Type.Unknown()),
});
export type Daoip5Application = Static<typeof Daoip5Application>;

/** `GET /api/daoip5/grantPools/:poolId/applications`: the one pool with its published grants. */
export const Daoip5Applications = Type.Object({
  '@context': Type.Literal(DAOIP5_CONTEXT),
  name: Type.String(),
  type: Type.String(),
  grantPools: Type.Array(
    Type.Object({
      type: Type.Literal('GrantPool'),
      id: Type.String(),
      name: Type.String(),
      applications: Type.Array(Daoip5Application),
    }),
  ),
});
export type Daoip5Applications = Static<typeof Daoip5Applications>;
