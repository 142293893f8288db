import { Figures } from '@/team/figures/Figures';
import { TeamPage } from '@/team/TeamShell';

export default function TeamFiguresPage() {
  return <TeamPage title="Cifras" roles={['admin', 'reviewer']}>{() => <Figures />}</TeamPage>;
}
