import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: Members, preload } = lazyScreen(() => import('@/team/Members').then((module) => module.Members));

export default function TeamMembersPage() {
  return (
    <TeamPage title="Miembros" roles={['admin']} preload={preload}>
      {() => <Members />}
    </TeamPage>
  );
}
