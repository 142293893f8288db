import { Suspense, useEffect, useRef, useState } from 'react';
import { applicantPaths, type ApplicantGrant } from '@/api/applicant';
import { Button } from '@/components/Button';
import { blockExplorerTxUrl } from '@/config/site';
import { classNames } from '@/lib/classNames';
import { formatDay, showAmount } from '@/lib/grantText';
import { formatDateTime } from './format';
import { ReportForm } from './lazyForms';
import { ActionNotice } from './Notice';
import styles from './applicant.module.css';
import grantStyles from '@/components/grant/grant.module.css';
import factsStyles from '@/components/facts.module.css';
import { ReportLinks } from '@/components/grant/GrantBadge';
import { MilestoneSummary } from '@/components/grant/MilestoneSummary';

type Milestone = ApplicantGrant['milestones'][number];
type Payment = ApplicantGrant['payments'][number];

/** Milestones the grantee can report on: not accepted, not waiting for the team's review, on an active grant. */
const canReport = (grant: ApplicantGrant, milestone: Milestone): boolean => grant.state === 'active' && milestone.state !== 'accepted' && milestone.state !== 'delivered';

function Versions({ reference, milestone }: { reference: string; milestone: Milestone }) {
  if (milestone.reports.length === 0) return null;
  return (
    <>
      <h5 className={styles.subTitle}>Tus informes</h5>
      <ol className={grantStyles.versions} aria-label={`Tus informes del hito ${milestone.position}`}>
        {milestone.reports.map((report) => (
          <li key={report.version}>
            <p className={styles.meta}>
              <strong>Versión {report.version}</strong>, enviada el <time dateTime={report.submittedAt}>{formatDateTime(report.submittedAt)}</time>
            </p>
            <p className={styles.response}>{report.body}</p>
            <ReportLinks links={report.links} version={report.version} />
            {report.file ? (
              <p className={styles.meta}>
                Archivo:{' '}
                <a className={grantStyles.fileLink} href={applicantPaths.reportFile(reference, milestone.id, report.version)} download>
                  {report.file.name}
                </a>
              </p>
            ) : null}
            {report.decision === 'accepted' ? <p className={styles.meta}>El equipo aceptó esta versión{report.reviewedAt ? <> el <time dateTime={report.reviewedAt}>{formatDateTime(report.reviewedAt)}</time></> : null}.</p> : null}
            {report.decision === 'changes_requested' ? (
              <>
                <p className={styles.meta}>
                  El equipo pidió cambios{report.reviewedAt ? <> el <time dateTime={report.reviewedAt}>{formatDateTime(report.reviewedAt)}</time></> : null}:
                </p>
                {report.comment ? <p className={styles.message}>{report.comment}</p> : null}
              </>
            ) : null}
            {report.decision === null ? <p className={classNames(styles.meta, styles.muted)}>El equipo todavía no lo revisó.</p> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** The public reference of an on-chain payment, linked to the block explorer when the site has one. */
function PublicReference({ hash }: { hash: string }) {
  if (!blockExplorerTxUrl) return <span className={grantStyles.hash}>{hash}</span>;
  return (
    <span className={grantStyles.hash}>
      <a href={`${blockExplorerTxUrl}${hash}`} target="_blank" rel="noopener noreferrer">
        {hash}
      </a>
    </span>
  );
}

function Payments({ grant }: { grant: ApplicantGrant }) {
  const titleOf = (payment: Payment) => {
    if (payment.milestoneId === null) return 'Anticipo';
    const milestone = grant.milestones.find((candidate) => candidate.id === payment.milestoneId);
    return milestone ? `Hito ${milestone.position}: ${milestone.title}` : null;
  };
  return (
    <>
      <h3 className={styles.subTitle}>Pagos recibidos</h3>
      {grant.payments.length === 0 ? (
        <p className={styles.muted}>Todavía no registramos pagos de tu {grant.noun}.</p>
      ) : (
        <ul className={grantStyles.payments} aria-label="Pagos recibidos">
          {grant.payments.map((payment, index) => (
            <li key={`${payment.paidOn}-${index}`}>
              <strong>{showAmount(payment.amount, payment.currency)}</strong> el <time dateTime={payment.paidOn}>{formatDay(payment.paidOn, 'long')}</time>
              {titleOf(payment) ? <> · {titleOf(payment)}</> : null}
              {payment.publicReference ? (
                <>
                  <br />
                  Comprobante en la blockchain (hash de la transacción): <PublicReference hash={payment.publicReference} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The grant of an approved application as the grantee sees it: the approved amount, what has been
 * received and what is still to come, each milestone with its state, due date, what counts as done
 * and the reports sent (every version, with the team's comment), a report form for the open ones,
 * and the payments received (date, amount, the transaction hash; never a bank detail).
 */
export function GrantPanel({ grant: initial }: { grant: ApplicantGrant }) {
  const [grant, setGrant] = useState(initial);
  const [open, setOpen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  // Closing a form without sending puts the focus back on the button that opened it.
  const closedFrom = useRef<string | null>(null);
  useEffect(() => {
    if (open === null && closedFrom.current) document.getElementById(`abrir-informe-${closedFrom.current}`)?.focus();
    closedFrom.current = null;
  }, [open]);

  const sent = (milestone: Milestone) => (updated: ApplicantGrant) => {
    setGrant(updated);
    setOpen(null);
    setOutcome(`Recibimos tu informe del hito ${milestone.position}. El equipo lo revisará y te avisaremos por correo cuando lo haga.`);
  };

  return (
    <section className={classNames(styles.panel, grantStyles.portal)} aria-labelledby="subvencion">
      <h2 id="subvencion">Tu {grant.noun}</h2>
      <dl className={factsStyles.facts}>
        <dt>Monto aprobado</dt>
        <dd>{showAmount(grant.amount, grant.currency)}</dd>
        <dt>Estado</dt>
        <dd>
          {grant.stateLabel}
          {grant.cancelReason ? <> · {grant.cancelReason}</> : null}
        </dd>
        <dt>Recibido</dt>
        <dd>{showAmount(grant.paid, grant.currency)}</dd>
        <dt>Por recibir</dt>
        <dd>{showAmount(grant.outstanding, grant.currency)}</dd>
      </dl>
      <ActionNotice outcome={outcome === null ? null : { tone: 'success', text: outcome }} />
      <h3 className={styles.subTitle}>Hitos</h3>
      {grant.milestones.length === 0 ? (
        <p className={styles.muted}>El equipo todavía no definió los hitos de tu {grant.noun}. Cuando los defina, te avisaremos por correo y aparecerán aquí.</p>
      ) : (
        <ol className={grantStyles.milestones} aria-label={`Hitos de tu ${grant.noun}`}>
          {grant.milestones.map((milestone) => (
            <li key={milestone.id} className={grantStyles.milestone}>
              <MilestoneSummary milestone={milestone} currency={grant.currency} day="long" />
              <Versions reference={grant.reference} milestone={milestone} />
              {canReport(grant, milestone) && open === milestone.id ? (
                <Suspense fallback={null}>
                  <ReportForm
                    reference={grant.reference}
                    milestoneId={milestone.id}
                    title={`Informe del hito ${milestone.position}: ${milestone.title}`}
                    onSent={sent(milestone)}
                    onClose={() => {
                      closedFrom.current = milestone.id;
                      setOpen(null);
                    }}
                  />
                </Suspense>
              ) : null}
              {canReport(grant, milestone) && open !== milestone.id ? (
                <div className={styles.actions}>
                  <Button
                    id={`abrir-informe-${milestone.id}`}
                    type="button"
                    variant="outline"
                    onClick={() => {
                      setOutcome(null);
                      setOpen(milestone.id);
                    }}
                  >
                    {milestone.reports.length === 0 ? `Enviar el informe del hito ${milestone.position}` : `Enviar una nueva versión del informe del hito ${milestone.position}`}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Payments grant={grant} />
    </section>
  );
}
