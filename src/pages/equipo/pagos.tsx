import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: Payments, preload } = lazyScreen(() => import('@/team/Payments').then((module) => module.Payments));

export default function TeamPaymentsPage() {
  return (
    <TeamPage title="Pagos" roles={['finance']} preload={preload}>
      {() => <Payments />}
    </TeamPage>
  );
}
