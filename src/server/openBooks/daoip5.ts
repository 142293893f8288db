import {
  DAOIP5_CONTEXT,
  DAOIP5_FUNDING_MECHANISM,
  DAOIP5_POOLS_PATH,
  daoip5ApplicationsPath,
  type Daoip5Application,
  type Daoip5Applications,
  type Daoip5GrantPool,
  type Daoip5GrantPools,
  type Daoip5GrantSystem,
  type Daoip5Payout,
  type Daoip5Status,
} from '../../api/contracts/daoip5';
import type { PublishedGrant } from '../../api/contracts/openBooks';
import { programmes } from '../../config/programmes';
import { routes } from '../../config/routes';
import { site } from '../../config/site';
import { isGrantProgramme, type GrantProgramme } from '../../lib/grants';
import { stateAt, type StoredRound } from '../rounds/store';

/**
 * The programme as a DAOIP-5 grant system (metagov/daostar DAOIPs/daoip-5.md), as pure functions of
 * the rounds and of the published grants (src/server/openBooks/published.ts, which applies the
 * grantee's consent): this file adds nothing about a grantee that the PublishedGrant does not carry.
 *
 * Identifiers follow the spec's form for integer ids: `daoip-5:<system>:grantPool:<round id>` and
 * `daoip-5:<system>:grantApplication:<published grant id>`, <system> being the brand as a slug.
 * Every URI is absolute, from the site's public origin (NEXT_PUBLIC_SITE_URL, config.siteOrigin).
 */

/** Where the feed is served and how it names the programme. */
export type Daoip5Site = { readonly origin: string; readonly name: string };

export const daoip5SiteOf = (origin: string): Daoip5Site => ({ origin, name: site.brand });

/** The entity type the documents declare (the spec's examples: DAO, Foundation). */
const SYSTEM_TYPE = 'Organization';

/** Each grant programme's page: its requirements and criteria (the pool's governanceURI). */
const PROGRAMME_PAGES: Readonly<Record<GrantProgramme, string>> = {
  'project-grants': routes.projectGrants,
  'small-grants': routes.smallGrants,
  'academic-grants': routes.academicGrants,
  'devcon-grants': routes.devconGrants,
};

/** The public page of funded projects (issue 51), each application's contentURI. */
export const FUNDED_PROJECTS_PATH = '/becas-otorgadas/';

const slugOf = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const poolIdOf = (feed: Daoip5Site, roundId: string): string => `daoip-5:${slugOf(feed.name)}:grantPool:${roundId}`;
export const applicationIdOf = (feed: Daoip5Site, grantId: string): string => `daoip-5:${slugOf(feed.name)}:grantApplication:${grantId}`;

const header = (feed: Daoip5Site) => ({ '@context': DAOIP5_CONTEXT, name: feed.name, type: SYSTEM_TYPE }) as const;

export function grantSystemOf(feed: Daoip5Site): Daoip5GrantSystem {
  return { ...header(feed), grantPoolsURI: `${feed.origin}${DAOIP5_POOLS_PATH}` };
}

/** The rounds that are grant pools: those of the grant programmes (Office Hours funds nothing). */
export const poolRoundsOf = (rounds: readonly StoredRound[]): StoredRound[] => rounds.filter((round) => isGrantProgramme(round.programme));

export function grantPoolOf(feed: Daoip5Site, round: StoredRound, now: Date): Daoip5GrantPool {
  const programme = round.programme as GrantProgramme;
  const programmeName = programmes[programme].name;
  return {
    type: 'GrantPool',
    id: poolIdOf(feed, round.id),
    name: round.name,
    description: `Convocatoria «${round.name}» del programa ${programmeName} de ${feed.name}: becas asignadas directamente por el equipo tras revisar cada solicitud.`,
    grantFundingMechanism: DAOIP5_FUNDING_MECHANISM,
    isOpen: stateAt(round, now) === 'open',
    ...(round.closesAt === null ? {} : { closeDate: round.closesAt.toISOString() }),
    applicationsURI: `${feed.origin}${daoip5ApplicationsPath(round.id)}`,
    governanceURI: `${feed.origin}${PROGRAMME_PAGES[programme]}`,
    totalGrantPoolSize: round.budget === null ? [] : [{ amount: round.budget.amount, denomination: round.budget.currency }],
    extensions: { 'x-programme': programmeName, 'x-opensAt': round.opensAt.toISOString() },
  };
}

export function grantPoolsOf(feed: Daoip5Site, rounds: readonly StoredRound[], now: Date): Daoip5GrantPools {
  return { ...header(feed), grantPools: poolRoundsOf(rounds).map((round) => grantPoolOf(feed, round, now)) };
}

const isPositive = (decimal: string): boolean => /[1-9]/.test(decimal);

/**
 * Our grant in the spec's vocabulary, from what the grantee published: `completed` when every
 * milestone is done, `funded` once a payment is known to have been made, else `approved` (a
 * published grant always is). What the grantee keeps private does not show through the status.
 */
export function statusOf(grant: PublishedGrant): Daoip5Status {
  const { milestones, amount, payments } = grant;
  if (milestones !== null && milestones.total > 0 && milestones.done === milestones.total) return 'completed';
  if (payments.length > 0 || (amount !== null && isPositive(amount.paid))) return 'funded';
  return 'approved';
}

/** On-chain payments only, with their transaction hash as proof; a bank transfer is never a payout. */
function payoutsOf(grant: PublishedGrant): Daoip5Payout[] {
  return grant.payments.flatMap((payment): Daoip5Payout[] => {
    if (payment.kind !== 'onchain' || payment.txHash === null) return [];
    return [
      {
        type: 'OnchainTransaction',
        value: {
          network: payment.network ?? '',
          paidOn: payment.paidOn,
          ...(payment.amount !== null && payment.currency !== null ? { amount: payment.amount, denomination: payment.currency } : {}),
          ...(payment.explorerUrl !== null ? { explorerURI: payment.explorerUrl } : {}),
        },
        proof: payment.txHash,
      },
    ];
  });
}

export function applicationOf(feed: Daoip5Site, pool: { readonly id: string; readonly name: string }, grant: PublishedGrant): Daoip5Application {
  const extensions: Record<string, unknown> = { 'x-programme': grant.programmeName, 'x-approvedOn': grant.approvedOn };
  if (grant.amount !== null) extensions['x-fundsPaid'] = [{ amount: grant.amount.paid, denomination: grant.amount.currency }];
  if (grant.milestones !== null) extensions['x-milestones'] = { done: grant.milestones.done, total: grant.milestones.total };
  return {
    type: 'GrantApplication',
    id: applicationIdOf(feed, grant.id),
    grantPoolsURI: `${feed.origin}${DAOIP5_POOLS_PATH}`,
    grantPoolId: pool.id,
    grantPoolName: pool.name,
    projectName: grant.projectName,
    description: grant.description,
    contentURI: `${feed.origin}${FUNDED_PROJECTS_PATH}`,
    ...(grant.amount === null ? {} : { fundsApproved: [{ amount: grant.amount.amount, denomination: grant.amount.currency }] }),
    status: statusOf(grant),
    payouts: payoutsOf(grant),
    extensions,
  };
}

/**
 * The applications document of one round's pool: its published grants, in the order given. A grant
 * whose application has no round (only before the first start after migration 19 files them in) is in no pool.
 */
export function applicationsOf(feed: Daoip5Site, round: StoredRound, grants: readonly PublishedGrant[]): Daoip5Applications {
  const pool = { id: poolIdOf(feed, round.id), name: round.name };
  return {
    ...header(feed),
    grantPools: [{ type: 'GrantPool', ...pool, applications: grants.filter((grant) => grant.round?.id === round.id).map((grant) => applicationOf(feed, pool, grant)) }],
  };
}
