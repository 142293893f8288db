import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: Figures, preload } = lazyScreen(() => import('@/team/figures/Figures').then((module) => module.Figures));

export default function TeamFiguresPage() {
  return (
    <TeamPage
      title="Cifras"
      lead="Las cifras de cada programa y convocatoria. Cada cifra lleva a la lista de Solicitudes filtrada a las solicitudes que cuenta."
      roles={['admin', 'reviewer']}
      preload={preload}
    >
      {() => <Figures />}
    </TeamPage>
  );
}
