import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: Rounds, preload } = lazyScreen(() => import('@/team/rounds/Rounds').then((module) => module.Rounds));

export default function TeamRoundsPage() {
  return (
    <TeamPage title="Convocatorias" preload={preload}>
      {(member) => <Rounds member={member} />}
    </TeamPage>
  );
}
