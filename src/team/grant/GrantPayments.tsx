import type { Role } from '@/lib/team';
import { formatDay, showAmount } from '@/lib/grantText';
import { METHOD_LABELS, type PaymentMethod } from '@/lib/payments';
import type { GrantPayment, TeamGrant } from './grantApi';
import teamStyles from '../team.module.css';
import styles from './grant.module.css';
import grantStyles from '@/components/grant/grant.module.css';
import { ScrollingTable } from '../ScrollingTable';

const methodLabel = (method: string): string => (Object.hasOwn(METHOD_LABELS, method) ? METHOD_LABELS[method as PaymentMethod] : method);

function Reference({ payment, role }: { payment: GrantPayment; role: Role }) {
  if (payment.reference === null) return <span className={teamStyles.muted}>{role === 'reviewer' ? 'Solo la ve finanzas' : '—'}</span>;
  return <span className={grantStyles.hash}>{payment.reference}</span>;
}

/**
 * The payments recorded against the grant, oldest first. Finance records them on the Pagos page;
 * here every role reads them, and the server leaves out what a role may not see (a bank
 * transfer's reference for reviewers).
 */
export function GrantPayments({ grant, role }: { grant: TeamGrant; role: Role }) {
  const milestoneTitle = (id: string | null) => {
    if (id === null) return 'Anticipo';
    const milestone = grant.milestones.find((candidate) => candidate.id === id);
    return milestone ? `Hito ${milestone.position}: ${milestone.title}` : '—';
  };
  return (
    <>
      <h3 className={styles.subtitle}>Pagos</h3>
      {grant.payments.length === 0 ? (
        <p className={teamStyles.muted}>Todavía no se registraron pagos.</p>
      ) : (
        <ScrollingTable caption="Pagos de la beca" captionClassName={teamStyles.visuallyHidden}>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Hito</th>
              <th scope="col">Monto</th>
              <th scope="col">En {grant.currency}</th>
              <th scope="col">Método</th>
              <th scope="col">Referencia</th>
            </tr>
          </thead>
          <tbody>
            {grant.payments.map((payment) => (
              <tr key={payment.id}>
                <td className={teamStyles.nowrap}>
                  <time dateTime={payment.paidOn}>{formatDay(payment.paidOn)}</time>
                </td>
                <td>{milestoneTitle(payment.milestoneId)}</td>
                <td className={teamStyles.nowrap}>{showAmount(payment.amount, payment.currency)}</td>
                <td>
                  <span className={teamStyles.nowrap}>{showAmount(payment.grantAmount, grant.currency)}</span>
                  {payment.rate ? <> (tipo de cambio: {payment.rate})</> : null}
                </td>
                <td>{methodLabel(payment.method)}</td>
                <td>
                  <Reference payment={payment} role={role} />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
    </>
  );
}
