import type { TeamRoundList } from '@/api/contracts/rounds';
import { FilterField } from '../kit/FilterField';
import styles from '../team.module.css';
import { orderedRounds } from '@/lib/roundOrder';
import { stateLabels } from './roundText';

/** The lists' choice of every round (the query's `round=all`). */
export const ALL_ROUNDS = 'all';
/** The choice of each programme's current round (`round=current`): the default of the lists that span programmes. */
export const CURRENT_ROUNDS = 'current';

type RoundSelectProps = {
  id: string;
  /** A round's id, or ALL_ROUNDS. */
  value: string;
  onChange: (round: string) => void;
  /** The programmes whose rounds are offered: one programme's plainly, several grouped by programme. */
  programmes: TeamRoundList['programmes'];
};

/**
 * A list's round filter ("Convocatoria"): each round with its state, open first, and "Todas las convocatorias"; a list
 * of several programmes also offers "Convocatorias actuales" (each programme's current round).
 */
export function RoundSelect({ id, value, onChange, programmes }: RoundSelectProps) {
  const options = (programme: TeamRoundList['programmes'][number]) =>
    orderedRounds(programme.rounds).map((round) => (
      <option key={round.id} value={round.id}>
        {round.name} ({stateLabels[round.state].toLowerCase()})
      </option>
    ));
  return (
    <FilterField id={id} label="Convocatoria">
      <select id={id} className={styles.input} value={value} onChange={(event) => onChange(event.target.value)}>
        {programmes.length > 1 ? <option value={CURRENT_ROUNDS}>Convocatorias actuales</option> : null}
        {programmes.length === 1 && programmes[0]
          ? options(programmes[0])
          : programmes.map((programme) => (
              <optgroup key={programme.programme} label={programme.name}>
                {options(programme)}
              </optgroup>
            ))}
        <option value={ALL_ROUNDS}>Todas las convocatorias</option>
      </select>
    </FilterField>
  );
}
