import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: Payments, preload } = lazyScreen(() => import('@/team/Payments').then((module) => module.Payments));

export default function TeamPaymentsPage() {
  return (
    <TeamPage
      title="Pagos"
      lead="Los hitos aceptados que faltan por pagar, primero el que lleva más tiempo esperando, y los pagos ya registrados, por fechas y convocatoria."
      roles={['finance']}
      preload={preload}
    >
      {() => <Payments />}
    </TeamPage>
  );
}
