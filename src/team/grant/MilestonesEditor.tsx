import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatAmount, type Currency } from '@/lib/money';
import { minorFromDecimal } from '@/lib/grantText';
import { ActionNotice, Notice } from '../Notice';
import { useTeamAction } from '../useTeamData';
import { grantApi, type TeamGrant } from './grantApi';
import { AcceptedMilestone, MilestoneFields } from './MilestoneFields';
import { emptyRow, milestoneInputs, MILESTONES_MAX, rowErrors, rowsOf, runningSum, sumGap, type Row, type RowErrors } from './milestoneRows';
import teamStyles from '../team.module.css';
import styles from './grant.module.css';

/** The running sum against the approved amount, announced as it changes. */
function MilestonesSum({ sum, approved, currency }: { sum: bigint; approved: bigint; currency: Currency }) {
  const difference = approved - sum;
  return (
    <p className={`${styles.sum} ${difference === 0n ? '' : styles.sumOff}`} aria-live="polite">
      Suma de los hitos: {formatAmount(sum, currency)} de {formatAmount(approved, currency)} aprobados
      {difference === 0n ? ' (cuadra).' : ` (${sumGap(difference, currency)}).`}
    </p>
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
        text: `Los montos suman ${formatAmount(sum, currency)} y la beca es de ${formatAmount(approved, currency)}: ${sumGap(difference, currency)}. Ajusta los montos para que sumen exactamente el monto aprobado.`,
      }));
      return;
    }
    setProblem(null);
    const milestones = milestoneInputs(rows, currency);
    await run(async () => {
      onSaved(await grantApi.defineMilestones(grant.reference, { milestones }));
      return null;
    }, 'No pudimos guardar los hitos. Lo que escribiste sigue aquí: inténtalo de nuevo.');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Hitos de la beca">
      {rows.map((row, index) =>
        row.accepted ? (
          <AcceptedMilestone key={row.key} row={row} index={index} currency={currency} />
        ) : (
          <MilestoneFields
            key={row.key}
            row={row}
            index={index}
            errors={errors[row.key] ?? {}}
            currency={currency}
            createdOn={createdOn}
            firstRef={index === 0 ? first : undefined}
            onChange={(part) => change(row.key, part)}
            onRemove={rows.length > 1 ? () => remove(row.key) : undefined}
          />
        ),
      )}
      <MilestonesSum sum={sum} approved={approved} currency={currency} />
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
