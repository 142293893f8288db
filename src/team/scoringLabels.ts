import type { Recommendation, ReviewAggregate } from './api';
import { formatScore } from './format';

/** The overall recommendation, as the scoring form and the others' scores name it. */
export const recommendationLabels: Record<Recommendation, string> = { approve: 'Aprobar', reject: 'Rechazar', unsure: 'Dudoso' };

/** "2 de 3": reviews done of those assigned (recused reviewers count in neither). */
export const reviewsDone = (aggregate: ReviewAggregate): string => `${aggregate.reviewsDone} de ${aggregate.reviewsAssigned}`;

/** The aggregate in one line, for the panel and the inbox's screen-reader text. */
export function aggregateSummary(aggregate: ReviewAggregate): string {
  return `Puntaje ${formatScore(aggregate.score)} de 5 · Revisiones ${reviewsDone(aggregate)} · Dispersión ${formatScore(aggregate.spread)}`;
}
