import { Payments } from '@/team/Payments';
import { TeamPage } from '@/team/TeamShell';

export default function TeamPaymentsPage() {
  return (
    <TeamPage title="Pagos" roles={['finance']}>
      {() => <Payments />}
    </TeamPage>
  );
}
