import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { showAmount } from '@/lib/grantText';
import { TeamApiError, type ApplicationDetail, type TeamMember } from '../api';
import { canReview } from '../labels';
import { ActionNotice, LoadFailure } from '../Notice';
import { actionFailure, failureMessage, useTeamAction, type ActionOutcome } from '../useTeamData';
import { grantApi, type TeamGrant } from './grantApi';
import { GrantPayments } from './GrantPayments';
import { emptyGrantTerms, grantTermsOf, GrantTermsFields, type GrantTermsDraft } from './GrantTermsFields';
import { MilestoneList } from './MilestoneList';
import { MilestonesEditor } from './MilestonesEditor';
import teamStyles from '../team.module.css';
import styles from './grant.module.css';
import { GrantBadge } from '@/components/grant/GrantBadge';
import factsStyles from '@/components/facts.module.css';

/** Programmes that pay: every reviewed one but Office Hours (which gives advice, not money). */
export const paysGrants = (application: ApplicationDetail): boolean => Boolean(application.status) && application.form !== 'office-hours';

type Loaded = { state: 'loading' } | { state: 'none' } | { state: 'ready'; grant: TeamGrant } | { state: 'error'; status: number | null };

/** The grant of one application, or `none` when it has none yet (404), refetched when `key` changes. */
function useGrant(reference: string): [Loaded, (grant: TeamGrant) => void] {
  const [loaded, setLoaded] = useState<{ reference: string; value: Loaded } | null>(null);
  useEffect(() => {
    let current = true;
    grantApi.read(reference).then(
      (grant) => current && setLoaded({ reference, value: { state: 'ready', grant } }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof TeamApiError && error.status === 404) setLoaded({ reference, value: { state: 'none' } });
        else {
          // A 401 sends the member to sign in, as every team load does.
          actionFailure(error, '');
          setLoaded({ reference, value: { state: 'error', status: error instanceof TeamApiError ? error.status : null } });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [reference]);
  const replace = useCallback((grant: TeamGrant) => setLoaded({ reference, value: { state: 'ready', grant } }), [reference]);
  return [loaded && loaded.reference === reference ? loaded.value : { state: 'loading' }, replace];
}

/** Creating the grant (admin): the approved amount and its currency, which may differ from what was requested. */
function CreateGrant({ reference, onCreated }: { reference: string; onCreated: (grant: TeamGrant, outcome: ActionOutcome) => void }) {
  const [draft, setDraft] = useState<GrantTermsDraft>(emptyGrantTerms);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, outcome, run } = useTeamAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const terms = grantTermsOf(draft);
    if (!terms.ok) {
      setProblem(terms.message);
      document.getElementById('subvencion-monto')?.focus();
      return;
    }
    setProblem(null);
    await run(async () => {
      const grant = await grantApi.create(reference, terms.terms);
      onCreated(grant, { tone: 'success', text: `Creamos la beca de ${showAmount(grant.amount, grant.currency)}. Ahora define sus hitos.` });
      return null;
    }, 'No pudimos crear la beca. Inténtalo de nuevo.');
  };

  return (
    <form className={styles.inlineForm} onSubmit={submit} noValidate aria-label="Crear la beca">
      <GrantTermsFields id="subvencion" label="Monto aprobado" draft={draft} problem={problem} onChange={setDraft} />
      <div>
        <button type="submit" className={teamStyles.button} disabled={busy}>
          Crear la beca
        </button>
      </div>
      <ActionNotice outcome={outcome} />
    </form>
  );
}

function GrantSummary({ grant }: { grant: TeamGrant }) {
  return (
    <dl className={factsStyles.facts}>
      <dt>Monto aprobado</dt>
      <dd>{showAmount(grant.amount, grant.currency)}</dd>
      <dt>Estado</dt>
      <dd>
        <GrantBadge state="neutral" label={grant.stateLabel} />
        {grant.cancelReason ? <> · Motivo: {grant.cancelReason}</> : null}
      </dd>
      <dt>Pagado</dt>
      <dd>{showAmount(grant.paid, grant.currency)}</dd>
      <dt>Por pagar</dt>
      <dd>{showAmount(grant.outstanding, grant.currency)}</dd>
    </dl>
  );
}

/**
 * "Beca" on an approved application of a paying programme: creating the grant (admin), its
 * amount, state and what is paid and outstanding; its milestones with their states and reports
 * (reviewers accept them or ask for changes); the milestones' editor (admin); the payments. Every
 * action's outcome takes the focus. The server checks every role again.
 */
function Grant({ application, member }: { application: ApplicationDetail; member: TeamMember }) {
  const [loaded, replace] = useGrant(application.reference);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const [editing, setEditing] = useState(false);

  const changed = (grant: TeamGrant, result: ActionOutcome) => {
    replace(grant);
    setOutcome(result);
  };

  return (
    <section className={styles.section} aria-labelledby="subvencion">
      <h2 id="subvencion" className={styles.title}>
        Beca
      </h2>
      {loaded.state === 'loading' ? <p role="status">Cargando la beca…</p> : null}
      {loaded.state === 'error' ? <LoadFailure>{failureMessage(loaded.status)}</LoadFailure> : null}
      {loaded.state === 'none' && member.role === 'admin' ? (
        <>
          <p className={teamStyles.muted}>Esta solicitud aprobada todavía no tiene una beca registrada.</p>
          <CreateGrant reference={application.reference} onCreated={changed} />
        </>
      ) : null}
      {loaded.state === 'none' && member.role !== 'admin' ? <p className={teamStyles.muted}>Todavía no se registró la beca de esta solicitud.</p> : null}
      <ActionNotice outcome={outcome} />
      {loaded.state === 'ready' ? (
        <>
          <GrantSummary grant={loaded.grant} />
          <h3 className={styles.subtitle}>Hitos</h3>
          {editing ? (
            <MilestonesEditor
              grant={loaded.grant}
              onSaved={(grant) => {
                setEditing(false);
                changed(grant, { tone: 'success', text: `Guardamos ${grant.milestones.length === 1 ? 'el hito' : `los ${grant.milestones.length} hitos`} de la beca.` });
              }}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <>
              <MilestoneList grant={loaded.grant} reference={application.reference} canReview={canReview(member.role)} onReviewed={changed} />
              {member.role === 'admin' && loaded.grant.state === 'active' ? (
                <button
                  type="button"
                  className={teamStyles.secondaryButton}
                  onClick={() => {
                    setOutcome(null);
                    setEditing(true);
                  }}
                >
                  {loaded.grant.milestones.length === 0 ? 'Definir los hitos' : 'Editar los hitos'}
                </button>
              ) : null}
            </>
          )}
          <GrantPayments grant={loaded.grant} role={member.role} />
        </>
      ) : null}
    </section>
  );
}

export function GrantSection({ application, member }: { application: ApplicationDetail; member: TeamMember }) {
  if (!paysGrants(application) || application.status !== 'approved') return null;
  return <Grant key={application.reference} application={application} member={member} />;
}
