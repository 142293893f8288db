import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const inbox = lazyScreen(() => import('@/team/Inbox').then((module) => module.Inbox));
const averages = lazyScreen(() => import('@/team/SatisfactionAverages').then((module) => module.SatisfactionAverages));
const { Screen: Inbox } = inbox;
const { Screen: SatisfactionAverages } = averages;
const preload = () => {
  inbox.preload();
  averages.preload();
};

export default function TeamInboxPage() {
  return (
    <TeamPage title="Solicitudes" preload={preload}>
      {(member) => (
        <>
          <Inbox member={member} />
          <SatisfactionAverages />
        </>
      )}
    </TeamPage>
  );
}
