import { useState, type FormEvent } from 'react';
import type { ReviewedProgrammeKey } from '@/config/programmes';
import { useTeamAction, type ActionOutcome } from '../useTeamData';
import { bodyOf, type RoundDraft } from './roundDraft';
import { RoundFields } from './RoundFields';
import { PanelForm, useFocusOnOpen } from './RoundPanel';
import { roundsApi, type TeamRound } from './roundsApi';

type RoundFormProps = {
  /** The programme a new round is for, or the round being edited. */
  target: { programme: ReviewedProgrammeKey; programmeName: string } | { round: TeamRound };
  initial: RoundDraft;
  onDone: (outcome: ActionOutcome) => void;
  onCancel: () => void;
};

/**
 * Create or edit a round. The heading takes the focus when the form opens; a refusal (the budget here,
 * anything else by the server, in its own Spanish words) is shown and takes the focus, and every value
 * typed stays as it was.
 */
export function RoundForm({ target, initial, onDone, onCancel }: RoundFormProps) {
  const [draft, setDraft] = useState(initial);
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const { busy, outcome, run } = useTeamAction();
  const heading = useFocusOnOpen();
  const editing = 'round' in target;
  const id = editing ? `convocatoria-${target.round.id}` : `nueva-${target.programme}`;
  const title = editing ? `Editar «${target.round.name}»` : `Nueva convocatoria de ${target.programmeName}`;
  const setPart = <K extends keyof RoundDraft>(part: K, value: RoundDraft[K]) => setDraft((current) => ({ ...current, [part]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = bodyOf(draft);
    if ('budgetError' in read) {
      setBudgetError(read.budgetError);
      document.getElementById(`${id}-budget`)?.focus();
      return;
    }
    setBudgetError(null);
    const { body } = read;
    void run(async () => {
      if (editing) await roundsApi.edit(target.round.id, body);
      else await roundsApi.create({ programme: target.programme, ...body });
      onDone({ tone: 'success', text: editing ? `Guardamos los cambios de «${body.name}».` : `Creamos la convocatoria «${body.name}».` });
      return null;
    }, 'No pudimos guardar la convocatoria. Inténtalo de nuevo.');
  };

  return (
    <PanelForm id={id} title={title} heading={heading} onSubmit={submit} submitLabel={editing ? 'Guardar cambios' : 'Crear convocatoria'} busy={busy} outcome={outcome} onCancel={onCancel}>
      <RoundFields id={id} draft={draft} setPart={setPart} budgetError={budgetError} />
    </PanelForm>
  );
}
