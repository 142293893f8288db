import { groupThousands } from '@/lib/groupThousands';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { amountText, formatAmount, parseAmount, type Currency } from '@/lib/money';
import { formatDay, minorFromDecimal } from '@/lib/grantText';
import { AmountField } from '../kit/AmountField';
import { ActionNotice, Notice } from '../Notice';
import { useTeamAction } from '../useTeamData';
import { grantApi, type MilestoneInput, type TeamGrant } from './grantApi';
import teamStyles from '../team.module.css';
import styles from './grant.module.css';

/** The server's caps (src/api/contracts/grants.ts: MILESTONE_TITLE_MAX, MILESTONE_CRITERIA_MAX, MILESTONES_MAX). */
const TITLE_MAX = 200;
const CRITERIA_MAX = 2000;
const MILESTONES_MAX = 20;

type Row = { key: number; id?: string; title: string; doneCriteria: string; dueDate: string; amount: string; accepted: boolean };
type RowErrors = Partial<Record<'title' | 'doneCriteria' | 'dueDate' | 'amount', string>>;

let nextKey = 0;
const emptyRow = (): Row => ({ key: nextKey++, title: '', doneCriteria: '', dueDate: '', amount: '', accepted: false });

/** A saved amount (a decimal string from the API) as the amount field shows it to be edited: "1.500,00". */
function editable(decimal: string, currency: Currency): string {
  const minor = minorFromDecimal(decimal, currency);
  return minor === null ? decimal : amountText(minor, currency);
}

function rowsOf(grant: TeamGrant): Row[] {
  if (grant.milestones.length === 0) return [emptyRow()];
  return grant.milestones.map((milestone) => ({
    key: nextKey++,
    id: milestone.id,
    title: milestone.title,
    doneCriteria: milestone.doneCriteria,
    dueDate: milestone.dueDate,
    amount: editable(milestone.amount, grant.currency),
    accepted: milestone.state === 'accepted',
  }));
}

function rowErrors(row: Row, currency: Currency, createdOn: string): RowErrors {
  const errors: RowErrors = {};
  if (row.title.trim() === '') errors.title = 'Escribe el título del hito.';
  else if (row.title.trim().length > TITLE_MAX) errors.title = `El título tiene hasta ${TITLE_MAX} caracteres.`;
  if (row.doneCriteria.trim() === '') errors.doneCriteria = 'Escribe el criterio de cumplimiento.';
  else if (row.doneCriteria.trim().length > CRITERIA_MAX) errors.doneCriteria = `El criterio de cumplimiento puede tener hasta ${groupThousands(CRITERIA_MAX, '.')} caracteres.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(row.dueDate)) errors.dueDate = 'Elige la fecha límite.';
  else if (row.dueDate < createdOn) errors.dueDate = 'La fecha límite no puede ser anterior a la creación de la beca.';
  const amount = parseAmount(row.amount, currency);
  if (!amount.ok) errors.amount = amount.message;
  return errors;
}

/** The sum of the amounts typed so far (those that parse), in minor units. */
function runningSum(rows: Row[], currency: Currency): bigint {
  return rows.reduce((sum, row) => {
    const amount = parseAmount(row.amount, currency);
    return amount.ok ? sum + amount.minor : sum;
  }, 0n);
}

function Field({ id, label, help, error, children }: { id: string; label: string; help?: string; error?: string; children: (described: string | undefined) => ReactNode }) {
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={teamStyles.field}>
      <label className={teamStyles.label} htmlFor={id}>
        {label}
      </label>
      {children(described || undefined)}
      {help ? (
        <p id={`${id}-help`} className={teamStyles.muted}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={teamStyles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The grant's milestones, the whole list at once (admin): title, what counts as done, due date and
 * amount. The running sum shows against the approved amount, and nothing is sent until it adds up
 * exactly (the server refuses too). Accepted milestones stay as they are. A refused save keeps
 * everything typed.
 */
export function MilestonesEditor({ grant, onSaved, onCancel }: { grant: TeamGrant; onSaved: (grant: TeamGrant) => void; onCancel: () => void }) {
  const currency = grant.currency;
  const approved = minorFromDecimal(grant.amount, currency) ?? 0n;
  const createdOn = grant.createdAt.slice(0, 10);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(grant));
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  // Each refusal is a new alert (keyed by attempt), so it takes the focus again on a second try.
  const [problem, setProblem] = useState<{ text: string; attempt: number } | null>(null);
  const { busy, outcome, run } = useTeamAction();
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    first.current?.focus();
  }, []);

  const sum = runningSum(rows, currency);
  const difference = approved - sum;

  // Every row parses here (accepted ones were saved amounts): the API takes the canonical decimal string.
  const wire = (text: string) => {
    const parsed = parseAmount(text, currency);
    return parsed.ok ? parsed.decimal : text.trim();
  };
  const shown = (text: string) => {
    const parsed = parseAmount(text, currency);
    return parsed.ok ? formatAmount(parsed.minor, currency) : `${currency} ${text}`;
  };
  const change = (key: number, part: Partial<Row>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...part } : row)));
  const remove = (key: number) => setRows((current) => current.filter((row) => row.key !== key));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(rows.map((row) => [row.key, row.accepted ? {} : rowErrors(row, currency, createdOn)] as const).filter(([, rowError]) => Object.keys(rowError).length > 0));
    setErrors(found);
    const firstBad = rows.find((row) => found[row.key]);
    if (firstBad) {
      setProblem(null);
      const part = Object.keys(found[firstBad.key]!)[0];
      document.getElementById(`hito-${firstBad.key}-${part}`)?.focus();
      return;
    }
    if (difference !== 0n) {
      setProblem((previous) => ({
        attempt: (previous?.attempt ?? 0) + 1,
        text: `Los montos suman ${formatAmount(sum, currency)} y la beca es de ${formatAmount(approved, currency)}: ${
          difference > 0n ? `faltan ${formatAmount(difference, currency)}` : `sobran ${formatAmount(-difference, currency)}`
        }. Ajusta los montos para que sumen exactamente el monto aprobado.`,
      }));
      return;
    }
    setProblem(null);
    const milestones: MilestoneInput[] = rows.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      title: row.title.trim(),
      doneCriteria: row.doneCriteria.trim(),
      dueDate: row.dueDate,
      amount: wire(row.amount),
    }));
    await run(async () => {
      onSaved(await grantApi.defineMilestones(grant.reference, { milestones }));
      return null;
    }, 'No pudimos guardar los hitos. Lo que escribiste sigue aquí: inténtalo de nuevo.');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Hitos de la beca">
      {rows.map((row, index) => {
        const rowError = errors[row.key] ?? {};
        const id = (part: string) => `hito-${row.key}-${part}`;
        if (row.accepted) {
          return (
            <fieldset key={row.key} className={styles.editorRow}>
              <legend className={styles.editorLegend}>Hito {index + 1} (aceptado: no cambia)</legend>
              <p>
                {row.title} · {shown(row.amount)} · <time dateTime={row.dueDate}>{formatDay(row.dueDate)}</time>
              </p>
            </fieldset>
          );
        }
        return (
          <fieldset key={row.key} className={styles.editorRow}>
            <legend className={styles.editorLegend}>Hito {index + 1}</legend>
            <div className={styles.editorFields}>
              <Field id={id('title')} label="Título" error={rowError.title}>
                {(described) => (
                  <input
                    ref={index === 0 ? first : undefined}
                    id={id('title')}
                    className={teamStyles.input}
                    value={row.title}
                    onChange={(event) => change(row.key, { title: event.target.value })}
                    aria-invalid={rowError.title ? true : undefined}
                    aria-describedby={described}
                  />
                )}
              </Field>
              <Field id={id('dueDate')} label="Fecha límite" error={rowError.dueDate}>
                {(described) => (
                  <input
                    id={id('dueDate')}
                    type="date"
                    min={createdOn}
                    className={teamStyles.input}
                    value={row.dueDate}
                    onChange={(event) => change(row.key, { dueDate: event.target.value })}
                    aria-invalid={rowError.dueDate ? true : undefined}
                    aria-describedby={described}
                  />
                )}
              </Field>
              <AmountField id={id('amount')} label={`Monto (${currency})`} currency={currency} value={row.amount} onChange={(amount) => change(row.key, { amount })} error={rowError.amount} />
              <div className={styles.editorWide}>
                <Field id={id('doneCriteria')} label="Criterio de cumplimiento" error={rowError.doneCriteria}>
                  {(described) => (
                    <textarea
                      id={id('doneCriteria')}
                      rows={2}
                      className={teamStyles.input}
                      value={row.doneCriteria}
                      onChange={(event) => change(row.key, { doneCriteria: event.target.value })}
                      aria-invalid={rowError.doneCriteria ? true : undefined}
                      aria-describedby={described}
                    />
                  )}
                </Field>
              </div>
            </div>
            {rows.length > 1 ? (
              <div>
                <button type="button" className={teamStyles.dangerButton} onClick={() => remove(row.key)}>
                  Quitar el hito {index + 1}
                </button>
              </div>
            ) : null}
          </fieldset>
        );
      })}
      <p className={`${styles.sum} ${difference === 0n ? '' : styles.sumOff}`} aria-live="polite">
        Suma de los hitos: {formatAmount(sum, currency)} de {formatAmount(approved, currency)} aprobados
        {difference === 0n ? ' (cuadra).' : difference > 0n ? ` (faltan ${formatAmount(difference, currency)}).` : ` (sobran ${formatAmount(-difference, currency)}).`}
      </p>
      {problem ? (
        <Notice key={problem.attempt} tone="error">
          {problem.text}
        </Notice>
      ) : null}
      <ActionNotice outcome={outcome} />
      <div className={teamStyles.actionRow}>
        {rows.length < MILESTONES_MAX ? (
          <button type="button" className={teamStyles.secondaryButton} onClick={() => setRows((current) => [...current, emptyRow()])}>
            Agregar un hito
          </button>
        ) : null}
        <button type="submit" className={teamStyles.button} disabled={busy}>
          Guardar los hitos
        </button>
        <button type="button" className={teamStyles.secondaryButton} disabled={busy} onClick={onCancel}>
          Descartar cambios
        </button>
      </div>
    </form>
  );
}
