import { Rounds } from '@/team/rounds/Rounds';
import { TeamPage } from '@/team/TeamShell';

export default function TeamRoundsPage() {
  return <TeamPage title="Convocatorias">{(member) => <Rounds member={member} />}</TeamPage>;
}
