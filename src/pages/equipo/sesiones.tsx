import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: Sessions, preload } = lazyScreen(() => import('@/team/Sessions').then((module) => module.Sessions));

export default function TeamSessionsPage() {
  return (
    <TeamPage title="Mis sesiones y llaves de acceso" preload={preload}>
      {() => <Sessions />}
    </TeamPage>
  );
}
