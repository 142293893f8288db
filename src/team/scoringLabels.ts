import type { Recommendation, ReviewAggregate } from './api';

/** The overall recommendation, as the scoring form and the reviewers' scores name it. */
export const recommendationLabels: Record<Recommendation, string> = { approve: 'Aprobar', reject: 'Rechazar', unsure: 'Dudoso' };

/** "2 de 3": reviews done of those assigned (recused reviewers count in neither). */
export const reviewsDone = (aggregate: ReviewAggregate): string => `${aggregate.reviewsDone} de ${aggregate.reviewsAssigned}`;

/** The mark of scores given on an earlier version of the application than the current one. */
export const scoredOnVersion = (version: number): string => `puntuado sobre la versión ${version}`;
