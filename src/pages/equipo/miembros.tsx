import { Members } from '@/team/Members';
import { TeamPage } from '@/team/TeamShell';

export default function TeamMembersPage() {
  return (
    <TeamPage title="Miembros" roles={['admin']}>
      {() => <Members />}
    </TeamPage>
  );
}
