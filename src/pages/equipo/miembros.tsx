import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: Members, preload } = lazyScreen(() => import('@/team/Members').then((module) => module.Members));

export default function TeamMembersPage() {
  return (
    <TeamPage
      title="Miembros"
      lead="Invita a alguien al equipo con el rol que necesita, y revoca el acceso de quien ya no debe entrar: sus sesiones se cierran y sus llaves de acceso dejan de servir."
      roles={['admin']}
      preload={preload}
    >
      {() => <Members />}
    </TeamPage>
  );
}
