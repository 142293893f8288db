import { isReviewedProgramme, type ProgrammeKey } from '@/config/programmes';
import { useTeamData } from '../useTeamData';
import { roundsApi } from './roundsApi';
import { currentRound } from '@/lib/roundOrder';

/**
 * The rounds a list filters by (every role reads them): `settled` once they are known or failed to load (then
 * every list shows all rounds), the programmes' rounds, and a programme's default view: its current round;
 * '' (no round filter, so all) for a programme with no round yet or none at all (grantee finance).
 */
export function useRounds() {
  const rounds = useTeamData(() => roundsApi.list(), []);
  const programmes = rounds.state === 'ready' ? rounds.data.programmes : [];
  const of = (form: ProgrammeKey) => programmes.filter((programme) => programme.programme === form);
  const defaultRound = (form: ProgrammeKey): string => (isReviewedProgramme(form) ? (currentRound(of(form)[0]?.rounds ?? [])?.id ?? '') : '');
  return { settled: rounds.state !== 'loading', programmes, of, defaultRound };
}
