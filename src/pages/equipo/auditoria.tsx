import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: AuditLog, preload } = lazyScreen(() => import('@/team/AuditLog').then((module) => module.AuditLog));

export default function TeamAuditPage() {
  return (
    <TeamPage title="Registro de auditoría" roles={['admin']} preload={preload}>
      {() => <AuditLog />}
    </TeamPage>
  );
}
