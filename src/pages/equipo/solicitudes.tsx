import { Inbox } from '@/team/Inbox';
import { SatisfactionAverages } from '@/team/SatisfactionAverages';
import { TeamPage } from '@/team/TeamShell';

export default function TeamInboxPage() {
  return (
    <TeamPage title="Solicitudes">
      {(member) => (
        <>
          <Inbox member={member} />
          <SatisfactionAverages />
        </>
      )}
    </TeamPage>
  );
}
