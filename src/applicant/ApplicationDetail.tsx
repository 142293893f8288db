import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { applicantApi, type ApplicantApplicationDetail, type InformationResponseCreated } from '@/api/applicant';
import { Button, ButtonLink } from '@/components/Button';
import { applyRoutes, REAPPLY_PARAM } from '@/config/routes';
import { useHydrated } from '@/forms/kit/useHydrated';
import { classNames } from '@/lib/classNames';
import { formatDate, formatDateTime } from './format';
import { AnswerForm, CorrectionForm, LinkRequest, PublicationPanel, Satisfaction, WithdrawPanel } from './lazyForms';
import { ActionNotice, Notice, LoadFailure } from './Notice';
import { OwnData } from './OwnData';
import { PORTAL_DESCRIPTION, PortalFrame } from './PortalFrame';
import { portalRoutes, referenceFromSearch } from './routes';
import { StatusStepper } from './StatusStepper';
import { applicantFailure, useApplicantData, useApplicantSession } from './useApplicantData';
import styles from './applicant.module.css';

type Detail = ApplicantApplicationDetail;

const ANSWERED = 'Recibimos tu respuesta. El equipo la verá junto a tu solicitud; la pregunta queda respondida.';
/** After a correction: the version it created. */
const correctedText = (version: number) => `Recibimos tu respuesta y tu corrección: enviaste la versión ${version} de tu solicitud. El equipo verá los cambios junto a ella; la versión anterior queda guardada.`;
type Outcome = { tone: 'success' | 'error'; text: string };

/** The labels of the answers a request opened, from the copy of the answers (the form's labels, in its order). */
function openedLabels(application: Detail, fields: readonly string[]): string {
  return application.answers.flatMap((section) => section.answers.filter((answer) => fields.includes(answer.name)).map((answer) => answer.label)).join(' · ');
}

/**
 * The team's questions, oldest first, each with the applicant's answers and the answers it opened for
 * correction; the open one with the answer form, or the correction form when it opened answers.
 */
function Questions({ application, onAnswered, onCorrected }: { application: Detail; onAnswered: () => Promise<void>; onCorrected: (created: InformationResponseCreated) => Promise<void> }) {
  const requests = application.informationRequests;
  if (requests.length === 0) return null;
  const waiting = application.status === 'information_requested';
  return (
    <section className={styles.panel} aria-labelledby="preguntas">
      <h2 id="preguntas">Preguntas del equipo</h2>
      <ol className={styles.thread}>
        {requests.map((request, index) => {
          const open = waiting && index === requests.length - 1 && request.responses.length === 0;
          return (
            <li key={request.id}>
              <h3 className={styles.subTitle}>Pregunta del <time dateTime={request.askedAt}>{formatDateTime(request.askedAt)}</time></h3>
              <p className={styles.message}>{request.question}</p>
              {request.correction ? (
                <p className={styles.meta}>
                  <strong>Respuestas abiertas para corregir:</strong> {request.correction.wholeApplication ? 'toda la solicitud' : openedLabels(application, request.correction.fields)}
                </p>
              ) : null}
              {request.responses.map((response) => (
                <div key={response.at}>
                  <p className={styles.response}>{response.text}</p>
                  <p className={classNames(styles.meta, styles.muted)}>
                    Tu respuesta del <time dateTime={response.at}>{formatDateTime(response.at)}</time>
                    {response.fileName ? <> · Archivo: {response.fileName}</> : null}
                  </p>
                </div>
              ))}
              {open ? (
                <Suspense fallback={null}>
                  {request.correction && application.correctionValues ? (
                    <CorrectionForm
                      reference={application.reference}
                      requestId={request.id}
                      formKey={application.form}
                      opened={request.correction.fields}
                      values={application.correctionValues}
                      onCorrected={onCorrected}
                    />
                  ) : (
                    <AnswerForm reference={application.reference} requestId={request.id} onAnswered={onAnswered} />
                  )}
                </Suspense>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Every answer of the current version, under its form label, with the attached file's name: the copy "Guardar como PDF" prints. */
function AnswersCopy({ application }: { application: Detail }) {
  return (
    <section className={styles.panel} aria-labelledby="copia">
      <h2 id="copia">Lo que enviaste</h2>
      <p className={styles.noPrint}>
        {application.version > 1 ? `Una copia de tu solicitud en su versión ${application.version}, con tus correcciones.` : 'Una copia de tu solicitud tal como la enviaste.'} Para guardarla, usa «Guardar como PDF» al imprimir.{' '}
        <Button type="button" variant="outline" size="small" onClick={() => window.print()}>
          Imprimir o guardar como PDF
        </Button>
      </p>
      {application.answers.map((section) => (
        <div key={section.title}>
          <h3 className={styles.subTitle}>{section.title}</h3>
          <dl className={styles.answers}>
            {section.answers.map((answer) => (
              <div key={answer.name}>
                <dt>{answer.label}</dt>
                <dd>{answer.value === '' ? '—' : answer.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      <h3 className={styles.subTitle}>Archivo adjunto</h3>
      <p>{application.fileName ?? 'Sin archivo adjunto.'}</p>
    </section>
  );
}

function Overview({ application }: { application: Detail }) {
  return (
    <section className={styles.panel} aria-labelledby="estado">
      <h2 id="estado">Estado: {application.statusLabel}</h2>
      <dl className={styles.facts}>
        <dt>Referencia</dt>
        <dd>{application.reference}</dd>
        <dt>Programa</dt>
        <dd>{application.programme}</dd>
        <dt>Enviada</dt>
        <dd>
          <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
        </dd>
        {application.version > 1 ? (
          <>
            <dt>Versión</dt>
            <dd>{application.version} (con tus correcciones)</dd>
          </>
        ) : null}
      </dl>
      <h3 className={styles.subTitle}>Historial</h3>
      <StatusStepper steps={application.steps} status={application.status} />
      {application.nextStep ? (
        <>
          <h3 className={styles.subTitle}>Qué sigue</h3>
          <p>{application.nextStep}</p>
        </>
      ) : null}
      {application.decisionMessage ? (
        <>
          <h3 className={styles.subTitle}>Mensaje del equipo</h3>
          <p className={styles.message}>{application.decisionMessage.text}</p>
          <p className={classNames(styles.meta, styles.muted)}>
            <time dateTime={application.decisionMessage.at}>{formatDateTime(application.decisionMessage.at)}</time>
          </p>
        </>
      ) : null}
      {application.paymentDetailsReceived.length > 0 ? (
        <>
          <h3 className={styles.subTitle}>Datos de pago</h3>
          <ul>
            {application.paymentDetailsReceived.map((version) => (
              <li key={version.at}>
                Recibimos tus datos de pago el <time dateTime={version.at}>{formatDate(version.at)}</time>.
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * A rejected or withdrawn application, while its programme takes applications: a new one starts from it. The public
 * form opens filled with these answers; nothing is sent until the applicant presses its submit button.
 */
function Reapply({ application }: { application: Detail }) {
  if (!application.canReapply) return null;
  return (
    <section className={classNames(styles.panel, styles.noPrint)} aria-labelledby="volver-a-solicitar">
      <h2 id="volver-a-solicitar">Volver a solicitar</h2>
      <p>
        La convocatoria de {application.programme} recibe solicitudes. Puedes empezar una solicitud nueva desde esta: el formulario se abre con tus
        respuestas, cambias lo que quieras y la envías tú; no se envía nada hasta que presiones el botón de envío. Los archivos no se copian: si
        quieres adjuntar uno, elígelo de nuevo. La nueva solicitud tendrá su propia referencia y el equipo verá que viene de {application.reference}.
      </p>
      <ButtonLink variant="solid" size="small" href={`${applyRoutes[application.form]}?${REAPPLY_PARAM}=${encodeURIComponent(application.reference)}`}>
        Volver a solicitar
      </ButtonLink>
    </section>
  );
}

/**
 * The grant's view is only for grantees, and only once the API has answered: it loads in its own
 * chunk, fetched beside the grant's request, so it adds nothing to the page's First Load JS.
 */
const loadGrantPanel = () => import('./GrantPanel');
const GrantPanel = lazy(() => loadGrantPanel().then((module) => ({ default: module.GrantPanel })));

/** The grant of an approved application of a paying programme, once the team has created it (a 404 until then shows nothing), and what its grantee publishes of it. */
function Grant({ application }: { application: Detail }) {
  const paying = application.status === 'approved' && application.form !== 'office-hours';
  const reference = application.reference;
  const load = useCallback(() => applicantApi.grant(reference), [reference]);
  const grant = useApplicantData(paying ? load : null, `grant-${reference}`);
  useEffect(() => {
    if (paying) void loadGrantPanel();
  }, [paying]);
  if (grant.state === 'ready') {
    return (
      <Suspense fallback={null}>
        <GrantPanel grant={grant.data} />
        <PublicationPanel reference={reference} />
      </Suspense>
    );
  }
  if (grant.state === 'error' && grant.status !== 404) return <LoadFailure>{applicantFailure(grant.status, grant.message)}</LoadFailure>;
  return null;
}

/** One application of the signed-in applicant (?ref=): status, questions, withdrawal, opinion, the copy and their data. */
export function ApplicationDetailView() {
  const hydrated = useHydrated();
  const reference = hydrated ? referenceFromSearch(window.location.search) : null;
  const load = useCallback(() => applicantApi.application(reference ?? ''), [reference]);
  const session = useApplicantSession();
  // Asked only when someone is signed in: signed out, the page offers a link without a refused request.
  const application = useApplicantData(session.state === 'signed-in' && reference ? load : null, reference ?? '');
  const signedOut = reference !== null && (session.state === 'signed-out' || (application.state === 'error' && application.status === 401));
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const after = (text: string) => async () => {
    await application.reload();
    setOutcome({ tone: 'success', text });
  };

  const title = application.state === 'ready' ? application.data.title || `Solicitud ${application.data.reference}` : 'Tu solicitud';
  return (
    <PortalFrame title={title} lead={application.state === 'ready' ? `${application.data.programme} · ${application.data.reference}` : PORTAL_DESCRIPTION} email={session.state === 'signed-in' ? session.email : undefined} printable reserve>
      <p className={styles.noPrint}>
        <a href={portalRoutes.home} className={styles.backLink}>
          ← Volver a mis solicitudes
        </a>
      </p>
      {hydrated && reference === null ? <Notice tone="error">
          El enlace está incompleto. <a href={portalRoutes.home}>Vuelve a tus solicitudes</a> y elige una.
        </Notice> : null}
      {reference !== null && application.state === 'loading' && (session.state === 'loading' || session.state === 'signed-in') ? (
        <p role="status" className={styles.muted}>
          Cargando la solicitud…
        </p>
      ) : null}
      {session.state === 'error' ? <LoadFailure>{applicantFailure(session.status, session.message)}</LoadFailure> : null}
      {signedOut ? (
        <div className={styles.narrow}>
          <Notice tone="info">Para ver tu solicitud, entra con un enlace nuevo.</Notice>
          <Suspense fallback={null}>
            <LinkRequest />
          </Suspense>
        </div>
      ) : null}
      {application.state === 'error' && application.status !== 401 ? <LoadFailure>{applicantFailure(application.status, application.message)}</LoadFailure> : null}
      <ActionNotice outcome={outcome} />
      {application.state === 'ready' ? (
        <>
          <Overview application={application.data} />
          <Reapply application={application.data} />
          <Grant application={application.data} />
          <Questions application={application.data} onAnswered={after(ANSWERED)} onCorrected={(created) => after(created.revised ? correctedText(created.version) : ANSWERED)()} />
          <Suspense fallback={null}>
            <Satisfaction key={application.data.status} reference={application.data.reference} canRate={application.data.canRate} given={application.data.satisfaction} />
            {application.data.canWithdraw ? <WithdrawPanel reference={application.data.reference} onWithdrawn={after('Retiraste tu solicitud. El equipo ya no la revisará.')} /> : null}
          </Suspense>
          <AnswersCopy application={application.data} />
          <OwnData />
        </>
      ) : null}
    </PortalFrame>
  );
}
