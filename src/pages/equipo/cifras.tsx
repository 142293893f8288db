import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: Figures, preload } = lazyScreen(() => import('@/team/figures/Figures').then((module) => module.Figures));

export default function TeamFiguresPage() {
  return (
    <TeamPage title="Cifras" roles={['admin', 'reviewer']} preload={preload}>
      {() => <Figures />}
    </TeamPage>
  );
}
