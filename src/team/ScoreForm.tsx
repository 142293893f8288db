import { useState, type FormEvent } from 'react';
import { teamApi, type Recommendation, type ReviewerScores, type RubricCriterion } from './api';
import { formatScore } from './format';
import { ActionNotice } from './Notice';
import { recommendationLabels } from './scoringLabels';
import { useTeamAction } from './useTeamData';
import styles from './team.module.css';

/** The server's cap (src/api/contracts/teamScoring.ts: SCORE_COMMENT_MAX). */
const SCORE_COMMENT_MAX = 1000;
/** In the order the form offers them; the labels' record keeps the list complete. */
const RECOMMENDATIONS = Object.keys(recommendationLabels) as Recommendation[];

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
export function ScoreForm({ reference, criteria, mine, onSaved }: { reference: string; criteria: RubricCriterion[]; mine: ReviewerScores | null; onSaved: () => Promise<void> }) {
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
