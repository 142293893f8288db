import { Inbox } from '@/team/Inbox';
import { TeamPage } from '@/team/TeamShell';

export default function TeamInboxPage() {
  return <TeamPage title="Solicitudes">{(member) => <Inbox member={member} />}</TeamPage>;
}
