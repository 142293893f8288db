import { useRef, useState, type FormEvent } from 'react';
import { teamApi, type ApplicationDetail, type Recommendation, type ReviewAggregate, type ReviewerScores, type RubricCriterion, type ScoringPart, type TeamMember } from './api';
import { formatDateTime, formatScore } from './format';
import { ActionNotice } from './Notice';
import { ReviewSection } from './ReviewSection';
import { recommendationLabels, reviewsDone } from './scoringLabels';
import { useFocusNext } from './useFocusNext';
import { useTeamAction, useTeamData, type ActionOutcome } from './useTeamData';
import styles from './team.module.css';

/** The server's caps (src/api/contracts/teamScoring.ts: CONFLICT_REASON_MAX, SCORE_COMMENT_MAX). */
const CONFLICT_REASON_MAX = 500;
const SCORE_COMMENT_MAX = 1000;
/** In the order the form offers them; the labels' record keeps the list complete. */
const RECOMMENDATIONS = Object.keys(recommendationLabels) as Recommendation[];

/**
 * The declaration an assigned reviewer makes before reading an application: no conflict, or a
 * conflict with a short reason (which recuses them for good). The page shows nothing of the
 * answers until then; `onDeclared` reloads it and says what happened.
 */
export function DeclarationForm({ reference, onDeclared }: { reference: string; onDeclared: (outcome: ActionOutcome) => Promise<void> }) {
  const [choice, setChoice] = useState<'none' | 'conflict' | null>(null);
  const [reason, setReason] = useState('');
  const { busy, outcome, run } = useTeamAction();
  const [problem, setProblem] = useState<string | null>(null);
  const focusNext = useFocusNext();
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) {
      void run(async () => ({ tone: 'error', text: 'Elige «Sin conflicto» o «Tengo un conflicto».' }), '');
      return;
    }
    if (choice === 'conflict' && reason.trim() === '') {
      // The reason is the field to fix: the focus goes there, and its error describes it.
      setProblem('Explica en pocas palabras cuál es el conflicto.');
      focusNext(reasonRef);
      return;
    }
    setProblem(null);
    void run(async () => {
      await teamApi.declare(reference, choice === 'conflict' ? { conflict: true, reason: reason.trim() } : { conflict: false });
      await onDeclared(
        choice === 'conflict'
          ? { tone: 'success', text: 'Registramos tu conflicto de interés: ya no verás las respuestas ni los puntajes de esta solicitud.' }
          : { tone: 'success', text: 'Registramos que no tienes conflicto de interés. Ya puedes leer la solicitud y puntuarla.' },
      );
      return null;
    }, 'No pudimos registrar tu declaración. Inténtalo de nuevo.');
  };

  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-labelledby="declaracion-titulo">
      <h2 id="declaracion-titulo" className={styles.panelTitle}>
        Conflicto de interés
      </h2>
      <p>Antes de ver las respuestas, declara si tienes un conflicto de interés con esta solicitud (por ejemplo, conoces al equipo o trabajas con él).</p>
      <fieldset className={styles.choices}>
        <legend className={styles.visuallyHidden}>Tu declaración</legend>
        <label className={styles.choice}>
          <input type="radio" name="declaracion" value="none" checked={choice === 'none'} onChange={() => setChoice('none')} /> Sin conflicto
        </label>
        <label className={styles.choice}>
          <input type="radio" name="declaracion" value="conflict" checked={choice === 'conflict'} onChange={() => setChoice('conflict')} /> Tengo un conflicto
        </label>
      </fieldset>
      {choice === 'conflict' ? (
        <div className={styles.field}>
          <label className={styles.label} htmlFor="conflicto-motivo">
            Motivo del conflicto
          </label>
          <p id="conflicto-ayuda" className={styles.muted}>
            Lo ve solo la administración del equipo. Con un conflicto dejas de ver esta solicitud.
          </p>
          <textarea
            id="conflicto-motivo"
            ref={reasonRef}
            className={styles.input}
            rows={3}
            maxLength={CONFLICT_REASON_MAX}
            aria-describedby={problem ? 'conflicto-ayuda conflicto-error' : 'conflicto-ayuda'}
            aria-invalid={problem ? true : undefined}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {problem ? (
            <p id="conflicto-error" className={styles.fieldError} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <button type="submit" className={styles.button} disabled={busy}>
          Enviar la declaración
        </button>
      </div>
      <ActionNotice outcome={outcome} />
    </form>
  );
}

/** The aggregate of the submitted scores: weighted mean, reviews done of assigned, spread, and "Desacuerdo". */
export function AggregateFacts({ aggregate, threshold }: { aggregate: ReviewAggregate; threshold: number }) {
  return (
    <dl className={styles.scoreFacts}>
      <div>
        <dt>Puntaje</dt>
        <dd>{aggregate.score === null ? 'sin puntajes' : `${formatScore(aggregate.score)} de 5`}</dd>
      </div>
      <div>
        <dt>Revisiones</dt>
        <dd>{reviewsDone(aggregate)}</dd>
      </div>
      <div>
        <dt>Dispersión</dt>
        <dd>{formatScore(aggregate.spread)}</dd>
      </div>
      {aggregate.disagreement ? (
        <div>
          <dt className={styles.visuallyHidden}>Alerta</dt>
          <dd>
            <DisagreementBadge />: los totales difieren en {formatScore(threshold)} puntos o más.
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function DisagreementBadge() {
  return (
    <span className={styles.disagreementBadge} title="Los totales de quienes revisaron difieren en el umbral configurado o más">
      Desacuerdo
    </span>
  );
}

type Draft = { scores: Record<string, number>; comments: Record<string, string>; recommendation: Recommendation | null };

const draftFrom = (mine: ReviewerScores | null): Draft => ({
  scores: Object.fromEntries((mine?.scores ?? []).map((item) => [item.criterion, item.score])),
  comments: Object.fromEntries((mine?.scores ?? []).map((item) => [item.criterion, item.comment ?? ''])),
  recommendation: mine?.recommendation ?? null,
});

/** One criterion: its description, a 1..5 radio group whose options say what each score means, and an optional comment. */
function CriterionField({ criterion, draft, setDraft }: { criterion: RubricCriterion; draft: Draft; setDraft: (next: Draft) => void }) {
  const name = `puntaje-${criterion.key}`;
  return (
    <fieldset className={styles.criterion} aria-describedby={`${name}-descripcion`}>
      <legend className={styles.criterionTitle}>{criterion.label}</legend>
      <p id={`${name}-descripcion`} className={styles.muted}>
        {criterion.description}
        {criterion.weight !== 1 ? ` (peso ${formatScore(criterion.weight)})` : null}
      </p>
      <div className={styles.scale}>
        {criterion.meanings.map((meaning, index) => {
          const value = index + 1;
          return (
            <label key={value} className={styles.choice}>
              <input type="radio" name={name} value={value} checked={draft.scores[criterion.key] === value} onChange={() => setDraft({ ...draft, scores: { ...draft.scores, [criterion.key]: value } })} />
              <span>
                <strong>{value}</strong> · {meaning}
              </span>
            </label>
          );
        })}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${name}-comentario`}>
          Comentario (opcional)
        </label>
        <textarea
          id={`${name}-comentario`}
          className={styles.input}
          rows={2}
          maxLength={SCORE_COMMENT_MAX}
          value={draft.comments[criterion.key] ?? ''}
          onChange={(event) => setDraft({ ...draft, comments: { ...draft.comments, [criterion.key]: event.target.value } })}
        />
      </div>
    </fieldset>
  );
}

/** The rubric to fill in (or change, until the decision): every criterion, then the overall recommendation. */
function ScoreForm({ reference, criteria, mine, onSaved }: { reference: string; criteria: RubricCriterion[]; mine: ReviewerScores | null; onSaved: () => Promise<void> }) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(mine));
  const { busy, outcome, run } = useTeamAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = criteria.filter((criterion) => draft.scores[criterion.key] === undefined).map((criterion) => `«${criterion.label}»`);
    if (missing.length > 0 || draft.recommendation === null) {
      const recommendation = draft.recommendation === null ? (missing.length > 0 ? 'Falta también la recomendación general.' : 'Falta la recomendación general.') : '';
      const text = [missing.length > 0 ? `Falta puntuar: ${missing.join(', ')}.` : '', recommendation].filter(Boolean).join(' ');
      void run(async () => ({ tone: 'error', text }), '');
      return;
    }
    const recommendation = draft.recommendation;
    void run(async () => {
      await teamApi.submitScores(reference, {
        scores: criteria.map((criterion) => {
          const comment = (draft.comments[criterion.key] ?? '').trim();
          return { criterion: criterion.key, score: draft.scores[criterion.key] ?? 0, ...(comment ? { comment } : {}) };
        }),
        recommendation,
      });
      await onSaved();
      return { tone: 'success', text: mine ? 'Guardamos los cambios de tu puntaje.' : 'Enviamos tu puntaje. Ahora ves los de las demás personas.' };
    }, 'No pudimos guardar tu puntaje. Lo que marcaste sigue aquí: inténtalo de nuevo.');
  };

  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-label="Tu puntaje">
      {criteria.map((criterion) => (
        <CriterionField key={criterion.key} criterion={criterion} draft={draft} setDraft={setDraft} />
      ))}
      <fieldset className={styles.criterion}>
        <legend className={styles.criterionTitle}>Recomendación general</legend>
        <div className={styles.choices}>
          {RECOMMENDATIONS.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="recomendacion" value={value} checked={draft.recommendation === value} onChange={() => setDraft({ ...draft, recommendation: value })} />{' '}
              {recommendationLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" className={styles.button} disabled={busy}>
          {mine ? 'Guardar los cambios' : 'Enviar mi puntaje'}
        </button>
      </div>
      <ActionNotice outcome={outcome} />
    </form>
  );
}

/** A reviewer's submitted scores: total, recommendation, then each criterion's score and comment. */
function ScoresCard({ review, criteria, title }: { review: ReviewerScores; criteria: RubricCriterion[]; title: string }) {
  const labelOf = (key: string) => criteria.find((criterion) => criterion.key === key)?.label ?? key;
  return (
    <article className={styles.scoreCard} aria-label={title}>
      <p className={styles.scoreCardTitle}>
        <span className={styles.breakAnywhere}>{title}</span>: <strong>{formatScore(review.total)}</strong> de 5 · {recommendationLabels[review.recommendation]}
      </p>
      <ul className={styles.plainList}>
        {review.scores.map((item) => (
          <li key={item.criterion}>
            {labelOf(item.criterion)}: <strong>{item.score}</strong>
            {item.comment ? <span className={styles.scoreComment}> — {item.comment}</span> : null}
          </li>
        ))}
      </ul>
      <p className={styles.timelineMeta}>
        Enviado el <time dateTime={review.updatedAt}>{formatDateTime(review.updatedAt)}</time>
      </p>
    </article>
  );
}

const declarationText = (declaration: 'none' | 'conflict' | null, reason: string | null | undefined): string => {
  if (declaration === 'none') return 'Sin conflicto';
  if (declaration === 'conflict') return reason ? `Conflicto: ${reason}` : 'Conflicto';
  return 'Todavía no declaró';
};

/**
 * The admin's part: who reviews the application (any active reviewer or admin, several at once)
 * and each one's declaration and whether they sent their scores.
 */
function ReviewersAdmin({ application, scoring, onChanged }: { application: ApplicationDetail; scoring: ScoringPart; onChanged: () => Promise<void> }) {
  const assignees = useTeamData(() => teamApi.assignees(), []);
  const assignments = scoring.assignments ?? [];
  const current = assignments.map((assignment) => assignment.member.id);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = chosen ?? current;
  const { busy, outcome, run } = useTeamAction();
  const members = assignees.state === 'ready' ? assignees.data.members : [];
  // Assigned members stay in the list even if they are no longer active reviewers.
  const options = [...assignments.map((assignment) => assignment.member).filter((member) => !members.some((option) => option.id === member.id)), ...members];
  const unchanged = selected.length === current.length && selected.every((id) => current.includes(id));

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await teamApi.setReviewers(application.reference, selected);
      setChosen(null);
      await onChanged();
      const emails = result.assignments.map((assignment) => assignment.member.email);
      return { tone: 'success', text: emails.length > 0 ? `Revisan la solicitud: ${emails.join(', ')}.` : 'La solicitud quedó sin revisores.' };
    }, 'No pudimos guardar los revisores. Inténtalo de nuevo.');
  };

  return (
    <div className={styles.stack}>
      <h3 className={styles.criterionTitle}>Revisores y declaraciones</h3>
      {assignments.length === 0 ? (
        <p className={styles.muted}>Nadie revisa esta solicitud todavía.</p>
      ) : (
        <ul className={styles.plainList} aria-label="Declaraciones de quienes revisan">
          {assignments.map((assignment) => (
            <li key={assignment.member.id}>
              <span className={styles.breakAnywhere}>{assignment.member.email}</span>: {declarationText(assignment.declaration, assignment.conflictReason)}
              {assignment.declaration === 'none' ? (assignment.submitted ? ' · puntaje enviado' : ' · falta su puntaje') : null}
            </li>
          ))}
        </ul>
      )}
      <form className={styles.stack} onSubmit={save}>
        <fieldset className={styles.criterion}>
          <legend className={styles.label}>Quiénes revisan</legend>
          {assignees.state === 'loading' ? <p role="status">Cargando el equipo…</p> : null}
          <div className={styles.choices}>
            {options.map((option) => (
              <label key={option.id} className={styles.choice}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={selected.includes(option.id)}
                  onChange={(event) => setChosen(event.target.checked ? [...selected, option.id] : selected.filter((id) => id !== option.id))}
                />{' '}
                <span className={styles.breakAnywhere}>{option.email}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button type="submit" className={styles.secondaryButton} disabled={busy || unchanged}>
            Guardar revisores
          </button>
        </div>
        <ActionNotice outcome={outcome} />
      </form>
    </div>
  );
}

/**
 * Scoring an application against its programme's rubric. An assigned reviewer declares first
 * (the server gives them nothing else until then), then scores every criterion and recommends;
 * only after sending their own do they see the others' scores and the aggregate, and they can
 * change theirs until the decision. Admins see every score, declaration and the aggregate, and
 * choose the reviewers.
 */
export function ScoringPanel({ application, member, onChanged }: { application: ApplicationDetail; member: TeamMember; onChanged: () => Promise<void> }) {
  const scoring = application.scoring;
  if (!scoring) return null;
  const admin = member.role === 'admin';
  const { assignment, scores: mine } = scoring.mine;
  const criteria = scoring.rubric.criteria;
  const decided = application.status === 'approved' || application.status === 'rejected';

  return (
    <ReviewSection id="revision-puntaje" title="Puntaje">
      {scoring.aggregate ? <AggregateFacts aggregate={scoring.aggregate} threshold={scoring.rubric.disagreementThreshold} /> : null}
      {assignment && assignment.declaration === null ? <DeclarationForm reference={application.reference} onDeclared={async () => onChanged()} /> : null}
      {scoring.canScore ? <ScoreForm reference={application.reference} criteria={criteria} mine={mine} onSaved={onChanged} /> : null}
      {!scoring.canScore && mine ? (
        <>
          <ScoresCard review={mine} criteria={criteria} title="Tu puntaje" />
          {decided ? <p className={styles.muted}>Ya hay una decisión: tu puntaje no se puede cambiar.</p> : null}
        </>
      ) : null}
      {!assignment && !admin ? <p className={styles.muted}>No tienes asignada esta solicitud, así que no te toca puntuarla.</p> : null}
      {scoring.others === null ? (
        assignment ? <p className={styles.muted}>Verás los puntajes de las demás personas después de enviar el tuyo.</p> : null
      ) : scoring.others.length > 0 ? (
        <div className={styles.stack}>
          <h3 className={styles.criterionTitle}>{admin ? 'Puntajes enviados' : 'Puntajes de las demás personas'}</h3>
          {scoring.others.map((review) => (
            <ScoresCard key={review.member.id} review={review} criteria={criteria} title={review.member.email} />
          ))}
        </div>
      ) : (
        <p className={styles.muted}>{admin ? 'Nadie envió su puntaje todavía.' : 'Nadie más envió su puntaje todavía.'}</p>
      )}
      {admin ? <ReviewersAdmin application={application} scoring={scoring} onChanged={onChanged} /> : null}
    </ReviewSection>
  );
}
