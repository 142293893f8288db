import { Sessions } from '@/team/Sessions';
import { TeamPage } from '@/team/TeamShell';

export default function TeamSessionsPage() {
  return <TeamPage title="Mis sesiones y llaves de acceso">{() => <Sessions />}</TeamPage>;
}
