import { useRef, useState } from 'react';
import type { TeamRoundList } from '@/api/contracts/rounds';
import { useFocusNext } from '../useFocusNext';
import type { ActionOutcome } from '../useTeamData';
import styles from '../team.module.css';
import type { TeamRole } from '../api';
import { CloseConfirm, ExtendForm } from './RoundChanges';
import { ReviewPanel } from './ReviewPanel';
import { draftOfRound, emptyDraft } from './roundDraft';
import { RoundForm } from './RoundForm';
import { RoundsTable, type RoundAction } from './RoundsTable';
import type { TeamRound } from './roundsApi';

type Programme = TeamRoundList['programmes'][number];
type Panel = { action: 'create' } | { action: RoundAction; round: TeamRound } | null;

/**
 * One programme: its rounds with their counts and, for an admin, a new round and each round's changes.
 * One panel at a time opens under the table; "Cancelar" takes the focus back to the button that opened it.
 */
export function ProgrammeRounds({ programme, role, onDone }: { programme: Programme; role: TeamRole; onDone: (outcome: ActionOutcome) => void }) {
  const admin = role === 'admin';
  const [panel, setPanel] = useState<Panel>(null);
  const opener = useRef<HTMLElement | null>(null);
  const focusNext = useFocusNext();
  const open = (next: Panel, from: HTMLElement) => {
    opener.current = from;
    setPanel(next);
  };
  const cancel = () => {
    setPanel(null);
    focusNext(opener);
  };
  const done = (outcome: ActionOutcome) => {
    setPanel(null);
    onDone(outcome);
  };
  const headingId = `programa-${programme.programme}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subtitle}>
        {programme.name}
      </h2>
      {programme.alwaysOpen ? <p className={styles.muted}>Recibe solicitudes en cualquier momento.</p> : null}
      {programme.rounds.length === 0 ? (
        <p className={styles.muted}>Todavía no tiene convocatorias.</p>
      ) : (
        <RoundsTable caption={`Convocatorias de ${programme.name}`} rounds={programme.rounds} admin={admin} onAction={(action, round, from) => open({ action, round }, from)} />
      )}
      {admin ? (
        <p className={styles.actionRow}>
          <button type="button" className={styles.button} aria-expanded={panel?.action === 'create'} onClick={(event) => open({ action: 'create' }, event.currentTarget)}>
            Nueva convocatoria de {programme.name}
          </button>
        </p>
      ) : null}
      {panel?.action === 'create' ? (
        <RoundForm target={{ programme: programme.programme, programmeName: programme.name }} initial={emptyDraft(programme.alwaysOpen)} onDone={done} onCancel={cancel} />
      ) : null}
      {panel?.action === 'edit' ? <RoundForm key={panel.round.id} target={{ round: panel.round }} initial={draftOfRound(panel.round)} onDone={done} onCancel={cancel} /> : null}
      {panel?.action === 'extend' ? <ExtendForm key={panel.round.id} round={panel.round} onDone={done} onCancel={cancel} /> : null}
      {panel?.action === 'review' ? <ReviewPanel key={panel.round.id} round={panel.round} role={role} onClose={cancel} /> : null}
      {panel?.action === 'close' ? <CloseConfirm key={panel.round.id} round={panel.round} onDone={done} onCancel={cancel} /> : null}
    </section>
  );
}
