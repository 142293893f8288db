import { Enrol } from '@/team/Enrol';
import { TeamShell } from '@/team/TeamShell';

export default function TeamEnrolmentPage() {
  return (
    <TeamShell title="Inscripción al equipo">
      <Enrol />
    </TeamShell>
  );
}
