import { AuditLog } from '@/team/AuditLog';
import { TeamPage } from '@/team/TeamShell';

export default function TeamAuditPage() {
  return (
    <TeamPage title="Registro de auditoría" roles={['admin']}>
      {() => <AuditLog />}
    </TeamPage>
  );
}
