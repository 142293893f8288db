import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: Rounds, preload } = lazyScreen(() => import('@/team/rounds/Rounds').then((module) => module.Rounds));

export default function TeamRoundsPage() {
  return (
    <TeamPage
      title="Convocatorias"
      lead="Las convocatorias abiertas, próximas y pasadas de cada programa, con sus solicitudes recibidas, en revisión y decididas. Los cambios llegan al sitio sin volver a construirlo."
      preload={preload}
    >
      {(member) => <Rounds member={member} />}
    </TeamPage>
  );
}
