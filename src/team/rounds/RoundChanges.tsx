import { useState, type FormEvent } from 'react';
import { ConfirmRow } from '../kit/ConfirmRow';
import { FilterField } from '../kit/FilterField';
import { ActionNotice } from '../Notice';
import { useTeamAction, type ActionOutcome } from '../useTeamData';
import styles from '../team.module.css';
import { roundsApi, type TeamRound } from './roundsApi';
import { PanelForm, useFocusOnOpen } from './RoundPanel';
import { formatLocal, timezoneLabels } from './roundText';

type ChangeProps = { round: TeamRound; onDone: (outcome: ActionOutcome) => void; onCancel: () => void };

/** A new closing moment, later than now: extends an open round, reopens a closed one. */
export function ExtendForm({ round, onDone, onCancel }: ChangeProps) {
  const [closesLocal, setClosesLocal] = useState(round.closesLocal ?? '');
  const { busy, outcome, run } = useTeamAction();
  const heading = useFocusOnOpen();
  const reopen = round.state === 'closed';
  const id = `cierre-${round.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const changed = await roundsApi.extend(round.id, closesLocal);
      const when = formatLocal(changed.closesLocal, changed.timezone);
      onDone({ tone: 'success', text: reopen ? `Reabrimos «${round.name}»: ahora cierra el ${when}.` : `Extendimos «${round.name}»: ahora cierra el ${when}.` });
      return null;
    }, 'No pudimos cambiar el cierre. Inténtalo de nuevo.');
  };
  return (
    <PanelForm id={id} title={reopen ? `Reabrir «${round.name}»` : `Extender «${round.name}»`} heading={heading} onSubmit={submit} submitLabel={reopen ? 'Reabrir' : 'Extender'} busy={busy} outcome={outcome} onCancel={onCancel}>
      <FilterField id={id} label={`Nuevo cierre (${timezoneLabels[round.timezone]})`}>
        <input id={id} type="datetime-local" className={styles.input} value={closesLocal} onChange={(event) => setClosesLocal(event.target.value)} />
      </FilterField>
    </PanelForm>
  );
}

/** "Cerrar ahora", asked first: the form leaves the site at once; the grace period, if any, still applies. */
export function CloseConfirm({ round, onDone, onCancel }: ChangeProps) {
  const { busy, outcome, run } = useTeamAction();
  const heading = useFocusOnOpen();
  const id = `cerrar-${round.id}`;
  const grace = round.graceHours > 0 ? ` Durante el período de gracia (${round.graceHours} horas, no se publica) se siguen aceptando los envíos.` : '';
  const close = () =>
    void run(async () => {
      await roundsApi.close(round.id);
      onDone({ tone: 'success', text: `Cerramos «${round.name}».${grace}` });
      return null;
    }, 'No pudimos cerrar la convocatoria. Inténtalo de nuevo.');
  return (
    <section className={styles.stack} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className={styles.subtitle}>
        ¿Cerrar «{round.name}» ahora?
      </h3>
      <p>El sitio deja de mostrar el formulario y muestra «Convocatoria cerrada».{grace}</p>
      <ActionNotice outcome={outcome} />
      <ConfirmRow confirmLabel="Sí, cerrar ahora" onConfirm={close} onBack={onCancel} busy={busy} />
    </section>
  );
}
