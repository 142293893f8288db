import { useEffect, useId, useState } from 'react';
import type { RoundReview, RoundReviewBody, RoundReviewChanged, RoundReviewSetup } from '@/api/contracts/rounds';
import type { NoticeTone } from '@/components/Notice';
import { request, TeamApiError, type TeamRole } from '../api';
import { ConfirmRow } from '../kit/ConfirmRow';
import { ActionNotice, Notice, LoadFailure } from '../Notice';
import styles from '../team.module.css';

/**
 * A round's review set-up on /equipo/convocatorias/: the rubric (criteria, weights, the five meanings), blind review,
 * reviewers per application, the decision reasons and the Desacuerdo threshold. Every member reads it; an admin
 * changes it. Once the round has scores, adding, removing or reweighting a criterion is refused by the server (409):
 * the admin is then asked to confirm «recalcular», which sends the same set-up again with `recalculate: true`.
 */

export const reviewSetupPath = (roundId: string) => `/api/team/rounds/${encodeURIComponent(roundId)}/review`;

const SCORE_WORDS = ['1', '2', '3', '4', '5'];
type Criterion = RoundReviewSetup['criteria'][number];
type Reason = RoundReviewSetup['reasons']['approved'][number];
type Outcome = { tone: NoticeTone; text: string } | null;

const emptyCriterion = (index: number): Criterion => ({ key: `criterio-${index + 1}`, label: '', description: '', weight: 1, meanings: ['', '', '', '', ''] });

function TextField({ label, value, onChange, disabled, type = 'text' }: { label: string; value: string; onChange: (value: string) => void; disabled: boolean; type?: 'text' | 'number' }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={styles.input} type={type} step={type === 'number' ? 'any' : undefined} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function Reasons({ title, reasons, onChange, disabled }: { title: string; reasons: readonly Reason[]; onChange: (reasons: Reason[]) => void; disabled: boolean }) {
  const set = (index: number, change: Partial<Reason>) => onChange(reasons.map((reason, at) => (at === index ? { ...reason, ...change } : reason)));
  return (
    <fieldset className={styles.section}>
      <legend className={styles.panelTitle}>{title}</legend>
      {reasons.map((reason, index) => (
        <div key={index} className={styles.stack}>
          <TextField label={`Clave del motivo ${index + 1}`} value={reason.key} disabled={disabled} onChange={(key) => set(index, { key })} />
          <TextField label={`Motivo ${index + 1}`} value={reason.label} disabled={disabled} onChange={(label) => set(index, { label })} />
          {!disabled && reasons.length > 1 ? (
            <button type="button" className={styles.secondaryButton} onClick={() => onChange(reasons.filter((_, at) => at !== index))}>
              Quitar el motivo {index + 1}
            </button>
          ) : null}
        </div>
      ))}
      {!disabled ? (
        <button type="button" className={styles.secondaryButton} onClick={() => onChange([...reasons, { key: `motivo-${reasons.length + 1}`, label: '' }])}>
          Agregar un motivo
        </button>
      ) : null}
    </fieldset>
  );
}

type CriterionFieldsProps = { index: number; criterion: Criterion; canEdit: boolean; onChange: (patch: Partial<Criterion>) => void; onRemove: (() => void) | null };

/** One criterion of the rubric: its key, name, description, weight and the meaning of each score; an admin may remove it (not the last). */
function CriterionFields({ index, criterion, canEdit, onChange, onRemove }: CriterionFieldsProps) {
  return (
    <fieldset className={styles.criterion}>
      <legend className={styles.criterionTitle}>Criterio {index + 1}</legend>
      <TextField label="Clave" value={criterion.key} disabled={!canEdit} onChange={(key) => onChange({ key })} />
      <TextField label="Nombre" value={criterion.label} disabled={!canEdit} onChange={(label) => onChange({ label })} />
      <TextField label="Descripción" value={criterion.description} disabled={!canEdit} onChange={(description) => onChange({ description })} />
      <TextField label="Peso" type="number" value={String(criterion.weight)} disabled={!canEdit} onChange={(weight) => onChange({ weight: Number(weight) })} />
      {SCORE_WORDS.map((score, at) => (
        <TextField
          key={score}
          label={`Significado del puntaje ${score}`}
          value={criterion.meanings[at] ?? ''}
          disabled={!canEdit}
          onChange={(meaning) => onChange({ meanings: criterion.meanings.map((line, position) => (position === at ? meaning : line)) })}
        />
      ))}
      {canEdit && onRemove ? (
        <button type="button" className={styles.secondaryButton} onClick={onRemove}>
          Quitar el criterio {index + 1}
        </button>
      ) : null}
    </fieldset>
  );
}

/** The server's refusal of a rubric change on a scored round, and the choice it leaves: «recalcular» or go back. */
function RecalculateConfirm({ refusal, busy, onConfirm, onBack }: { refusal: string; busy: boolean; onConfirm: () => void; onBack: () => void }) {
  return (
    <div className={styles.confirm} role="group" aria-label="Recalcular">
      <Notice tone="error" focus>
        {refusal}
      </Notice>
      <p>¿Recalcular? Se aplicará la nueva rúbrica y se volverán a calcular todos los puntajes agregados de la convocatoria.</p>
      <ConfirmRow confirmLabel="Sí, recalcular" onConfirm={onConfirm} onBack={onBack} busy={busy} />
    </div>
  );
}

export function ReviewSetup({ roundId, role }: { roundId: string; role: TeamRole }) {
  const canEdit = role === 'admin';
  const [setup, setSetup] = useState<RoundReviewSetup | null>(null);
  const [scored, setScored] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [askRecalculate, setAskRecalculate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    request<RoundReview>('GET', reviewSetupPath(roundId)).then(
      (answer) => {
        if (!live) return;
        setSetup(answer.review);
        setScored(answer.scored);
      },
      (error: unknown) => live && setLoadError(error instanceof TeamApiError ? error.message : 'No pudimos cargar la revisión de esta convocatoria.'),
    );
    return () => {
      live = false;
    };
  }, [roundId]);

  if (loadError) return <LoadFailure>{loadError}</LoadFailure>;
  if (!setup) return <p className={styles.muted}>Cargando la revisión…</p>;

  const change = (patch: Partial<RoundReviewSetup>) => setSetup({ ...setup, ...patch });
  const setCriterion = (index: number, patch: Partial<Criterion>) => change({ criteria: setup.criteria.map((criterion, at) => (at === index ? { ...criterion, ...patch } : criterion)) });

  async function save(recalculate: boolean) {
    if (!setup) return;
    setBusy(true);
    setOutcome(null);
    try {
      const body: RoundReviewBody = recalculate ? { ...setup, recalculate: true } : setup;
      const answer = await request<RoundReviewChanged>('POST', reviewSetupPath(roundId), body);
      setSetup(answer.review);
      setScored(answer.scored);
      setAskRecalculate(null);
      setOutcome({
        tone: 'success',
        text: recalculate ? `Guardamos la revisión y recalculamos los puntajes de ${answer.recalculated} ${answer.recalculated === 1 ? 'solicitud' : 'solicitudes'}.` : 'Guardamos la revisión de la convocatoria.',
      });
    } catch (error) {
      if (error instanceof TeamApiError && error.status === 409) setAskRecalculate(error.message);
      else setOutcome({ tone: 'error', text: error instanceof TeamApiError ? error.message : 'No pudimos guardar la revisión. Inténtalo de nuevo.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.stack}
      aria-label="Revisión de la convocatoria"
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
    >
      {scored ? <p className={styles.muted}>Esta convocatoria ya tiene puntajes: puedes cambiar la redacción; agregar, quitar o cambiar el peso de un criterio pide «recalcular».</p> : null}
      {setup.criteria.map((criterion, index) => (
        <CriterionFields
          key={index}
          index={index}
          criterion={criterion}
          canEdit={canEdit}
          onChange={(patch) => setCriterion(index, patch)}
          onRemove={setup.criteria.length > 1 ? () => change({ criteria: setup.criteria.filter((_, at) => at !== index) }) : null}
        />
      ))}
      {canEdit ? (
        <button type="button" className={styles.secondaryButton} onClick={() => change({ criteria: [...setup.criteria, emptyCriterion(setup.criteria.length)] })}>
          Agregar un criterio
        </button>
      ) : null}
      <div className={styles.field}>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={setup.blind} disabled={!canEdit} onChange={(event) => change({ blind: event.target.checked })} /> Revisión ciega (los revisores ven «Oculto» hasta la decisión)
        </label>
      </div>
      <TextField label="Revisores por solicitud" type="number" value={String(setup.reviewersPerApplication)} disabled={!canEdit} onChange={(value) => change({ reviewersPerApplication: Number(value) })} />
      <TextField label="Umbral de Desacuerdo (puntos de la escala 1 a 5)" type="number" value={String(setup.disagreementThreshold)} disabled={!canEdit} onChange={(value) => change({ disagreementThreshold: Number(value) })} />
      <Reasons title="Motivos de aprobación" reasons={setup.reasons.approved} disabled={!canEdit} onChange={(approved) => change({ reasons: { ...setup.reasons, approved } })} />
      <Reasons title="Motivos de rechazo" reasons={setup.reasons.rejected} disabled={!canEdit} onChange={(rejected) => change({ reasons: { ...setup.reasons, rejected } })} />
      {askRecalculate ? <RecalculateConfirm refusal={askRecalculate} busy={busy} onConfirm={() => void save(true)} onBack={() => setAskRecalculate(null)} /> : null}
      <ActionNotice outcome={outcome} />
      {canEdit && !askRecalculate ? (
        <div className={styles.actionRow}>
          <button type="submit" className={styles.button} disabled={busy}>
            Guardar la revisión
          </button>
        </div>
      ) : null}
    </form>
  );
}
