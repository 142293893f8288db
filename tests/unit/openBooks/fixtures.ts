/** Published grants as GET /api/open-books/grants answers them, for the page's and the totals' tests. */
import type { PublishedGrant, PublishedGrantList } from '@/api/contracts/openBooks';

export const HASH = `0x${'ab'.repeat(32)}`;
export const EXPLORER = `https://etherscan.io/tx/${HASH}`;

export function grant(changes: Partial<PublishedGrant> & Pick<PublishedGrant, 'id'>): PublishedGrant {
  return {
    programme: 'project-grants',
    programmeName: 'Project Grants',
    round: null,
    approvedOn: '2027-02-10',
    projectName: `Proyecto ${changes.id}`,
    description: 'Una herramienta abierta para la comunidad.',
    amount: null,
    milestones: null,
    payments: [],
    ...changes,
  };
}

/** Four grants: two project grants (USD, one with a bank transfer and an on-chain payment), a small grant in DAI, and one that keeps its amount private. */
export const wallet = grant({
  id: 'g1',
  projectName: 'Monedero comunitario',
  description: 'Un monedero en español para quienes empiezan.',
  round: { id: 'r-2027', name: 'Ronda 2027' },
  approvedOn: '2027-02-10',
  amount: { amount: '10000.00', currency: 'USD', paid: '4000.00' },
  milestones: {
    done: 1,
    total: 3,
    items: [
      { title: 'Primera versión', state: 'accepted', stateLabel: 'Aceptado' },
      { title: 'Auditoría', state: 'pending', stateLabel: 'Pendiente' },
      { title: 'Lanzamiento', state: 'pending', stateLabel: 'Pendiente' },
    ],
  },
  payments: [
    { kind: 'bank_transfer', paidOn: '2027-02-20', amount: '2500.00', currency: 'USD', network: null, txHash: null, explorerUrl: null },
    { kind: 'onchain', paidOn: '2027-03-05', amount: '1500.00', currency: 'USD', network: 'Ethereum', txHash: HASH, explorerUrl: EXPLORER },
  ],
});

export const explorer = grant({
  id: 'g2',
  projectName: 'Explorador de bloques educativo',
  round: { id: 'r-2026', name: 'Ronda 2026' },
  approvedOn: '2026-11-02',
  amount: { amount: '5000.50', currency: 'USD', paid: '5000.50' },
});

export const meetup = grant({
  id: 'g3',
  programme: 'small-grants',
  programmeName: 'Small Grants',
  projectName: 'Meetup Ethereum Bogotá',
  approvedOn: '2027-03-30',
  amount: { amount: '1200.5', currency: 'DAI', paid: '0' },
});

export const privateAmount = grant({ id: 'g4', programme: 'small-grants', programmeName: 'Small Grants', projectName: 'Traducciones abiertas', approvedOn: '2027-04-01' });

export const allGrants = [wallet, explorer, meetup, privateAmount];

export const snapshotOf = (grants: PublishedGrant[], generatedAt = '2026-11-29T06:00:00.000Z'): PublishedGrantList => ({ generatedAt, grants });
