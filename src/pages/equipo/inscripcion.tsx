import { Enrol, ENROL_LEAD } from '@/team/Enrol';
import { TeamShell } from '@/team/TeamShell';

export default function TeamEnrolmentPage() {
  return (
    <TeamShell title="Inscripción al equipo" lead={ENROL_LEAD}>
      <Enrol />
    </TeamShell>
  );
}
