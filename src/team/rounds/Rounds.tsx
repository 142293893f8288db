import { useState } from 'react';
import { ListView } from '../kit/ListView';
import { ActionNotice } from '../Notice';
import { useTeamData, type ActionOutcome } from '../useTeamData';
import type { TeamMember } from '../api';
import styles from '../team.module.css';
import { ProgrammeRounds } from './ProgrammeRounds';
import { roundsApi } from './roundsApi';

/**
 * Convocatorias: every programme that takes applications with its open, upcoming and past rounds and
 * their counts. Administración creates, edits, extends, closes and reopens them (the server audits each
 * change); revisión and finanzas read the same page without the buttons.
 */
export function Rounds({ member }: { member: TeamMember }) {
  const list = useTeamData(() => roundsApi.list(), []);
  // Each outcome is a new notice, so it takes the focus again after the one before.
  const [outcome, setOutcome] = useState<{ count: number; outcome: ActionOutcome } | null>(null);
  const admin = member.role === 'admin';
  const done = (next: ActionOutcome) => {
    setOutcome((last) => ({ count: (last?.count ?? 0) + 1, outcome: next }));
    list.reload();
  };
  return (
    <>
      <p className={styles.muted}>
        {admin
          ? 'Las fechas se escriben en la zona horaria de cada convocatoria.'
          : 'Solo administración puede crear o cambiar convocatorias.'}
      </p>
      <ActionNotice key={outcome?.count} outcome={outcome?.outcome ?? null} />
      <ListView data={list} loading="Cargando convocatorias…">
        {(data) => data.programmes.map((programme) => <ProgrammeRounds key={programme.programme} programme={programme} role={member.role} onDone={done} />)}
      </ListView>
    </>
  );
}
