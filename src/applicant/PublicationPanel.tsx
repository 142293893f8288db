import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ApplicantApiError, applicantApi, type Publication, type PublicationChoice } from '@/api/applicant';
import { Button } from '@/components/Button';
import { routes } from '@/config/routes';
import type { FormValues } from '@/forms/definitions/types';
import { fieldsResolver } from '@/forms/kit/resolver';
import { TextField } from '@/forms/kit/TextField';
import { formatDateTime } from './format';
import { publicDescriptionField, publicProjectNameField } from './fields';
import { ActionNotice, LoadFailure } from './Notice';
import { applicantFailure, useApplicantData } from './useApplicantData';
import styles from './applicant.module.css';

type Flags = Pick<PublicationChoice, 'publish' | 'showAmount' | 'showMilestones' | 'showPayments'>;
type Outcome = { tone: 'success' | 'error'; text: ReactNode };

export const NAME_NEEDED = 'Escribe el nombre del proyecto para publicarlo.';

/** What each choice makes public, one sentence each (the grantee decides with this in front of them). */
const PUBLISH = {
  label: 'Publicar mi proyecto en Becas otorgadas',
  help: 'Tu proyecto aparece en la página pública con su programa, su ronda, la fecha de aprobación y el nombre y la descripción que escribas aquí; nada de tu solicitud se publica.',
};
const SHOWN: ReadonlyArray<{ key: Exclude<keyof Flags, 'publish'>; label: string; help: string }> = [
  {
    key: 'showAmount',
    label: 'Mostrar el monto',
    help: 'Se publican el monto aprobado y lo pagado hasta hoy; las transferencias bancarias aparecen solo como «Transferencia bancaria», con su fecha y su monto, nunca con datos de tu cuenta.',
  },
  { key: 'showMilestones', label: 'Mostrar los hitos', help: 'Se publican el título y el estado de cada hito (por ejemplo «Aceptado»), no tus informes.' },
  {
    key: 'showPayments',
    label: 'Mostrar los pagos en la blockchain',
    help: 'Se publica cada pago en la blockchain con su fecha y su red y el hash de la transacción, enlazado al explorador de bloques.',
  },
];

function Checkbox({ name, label, help, checked, disabled, onChange }: { name: string; label: string; help: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  const id = `publicacion-${name}`;
  return (
    <div className={styles.checkField}>
      <input id={id} name={name} type="checkbox" className={styles.checkbox} checked={checked} disabled={disabled} aria-describedby={`${id}-ayuda`} onChange={(event) => onChange(event.target.checked)} />
      <div>
        <label htmlFor={id} className={styles.checkLabel}>
          {label}
        </label>
        <p id={`${id}-ayuda`} className={styles.checkHelp}>
          {help}
        </p>
      </div>
    </div>
  );
}

const savedText = (publish: boolean): ReactNode =>
  publish ? (
    <>
      Guardamos tu elección: tu proyecto aparece en <a className={styles.inlineLink} href={routes.openBooks}>Becas otorgadas</a> con lo que elegiste mostrar.
    </>
  ) : (
    <>
      Guardamos tu elección: tu proyecto no aparece en <a className={styles.inlineLink} href={routes.openBooks}>Becas otorgadas</a>.
    </>
  );

function PublicationForm({ reference, initial }: { reference: string; initial: Publication }) {
  const [stored, setStored] = useState(initial);
  const [flags, setFlags] = useState<Flags>(() => ({
    publish: initial.choice.publish,
    showAmount: initial.choice.showAmount,
    showMilestones: initial.choice.showMilestones,
    showPayments: initial.choice.showPayments,
  }));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<FormValues>({
    mode: 'onBlur',
    defaultValues: { projectName: initial.choice.projectName, description: initial.choice.description },
    resolver: useMemo(() => fieldsResolver([publicProjectNameField, publicDescriptionField]), []),
  });

  const save = async (choice: PublicationChoice) => {
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await applicantApi.savePublication(reference, choice);
      setStored(saved);
      setFlags((current) => ({ ...current, publish: saved.choice.publish }));
      setOutcome({ tone: 'success', text: savedText(saved.choice.publish) });
    } catch (error) {
      // Every value stays as typed and ticked: only the server's reason is added.
      setOutcome({ tone: 'error', text: error instanceof ApplicantApiError ? applicantFailure(error.status, error.message) : applicantFailure(null) });
    } finally {
      setBusy(false);
    }
  };

  const submit = form.handleSubmit(
    async ({ projectName = '', description = '' }) => {
      const name = projectName.trim();
      if (flags.publish && name === '') {
        form.setError('projectName', { type: 'required', message: NAME_NEEDED }, { shouldFocus: true });
        return;
      }
      await save({ ...flags, projectName: name, description: description.trim() });
    },
    (errors) => form.setFocus(errors.projectName ? 'projectName' : 'description'),
  );

  // Withdrawing is one action: the stored choice, unpublished (what was written stays for a later change of mind).
  const withdraw = () => save({ ...stored.choice, publish: false });

  return (
    <section className={`${styles.panel} ${styles.noPrint}`} aria-labelledby="publicacion">
      <h2 id="publicacion">Publicar tu proyecto</h2>
      <p>
        En <a className={styles.inlineLink} href={routes.openBooks}>Becas otorgadas</a> mostramos los proyectos que financiamos, solo con el consentimiento de cada equipo. Tú decides si aparece el tuyo y qué se
        muestra; puedes cambiarlo o retirarlo cuando quieras, y la página cambia en el momento.
      </p>
      <p className={styles.meta}>
        {stored.choice.publish ? 'Ahora tu proyecto está publicado.' : 'Ahora tu proyecto no está publicado.'}
        {stored.updatedAt ? (
          <>
            {' '}
            Última elección: <time dateTime={stored.updatedAt}>{formatDateTime(stored.updatedAt)}</time>.
          </>
        ) : null}
      </p>
      <ActionNotice outcome={outcome} />
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="publicacion">
        <Checkbox name="publish" label={PUBLISH.label} help={PUBLISH.help} checked={flags.publish} onChange={(publish) => setFlags((current) => ({ ...current, publish }))} />
        <TextField field={publicProjectNameField} form={form} language="es" />
        <TextField field={publicDescriptionField} form={form} language="es" />
        <fieldset className={styles.checkGroup}>
          <legend className={styles.subTitle}>Qué más mostrar</legend>
          {SHOWN.map(({ key, label, help }) => (
            <Checkbox key={key} name={key} label={label} help={help} checked={flags[key]} onChange={(checked) => setFlags((current) => ({ ...current, [key]: checked }))} />
          ))}
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Guardando…' : 'Guardar mi elección'}
          </Button>
          {stored.choice.publish ? (
            <Button type="button" variant="outline" disabled={busy} onClick={() => void withdraw()}>
              Dejar de publicar mi proyecto
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/**
 * The grantee's consent for /becas-otorgadas/ (issue 51), on their application's page once it has a
 * grant: whether to publish, the project's name and a public description written for it, and whether
 * the amount, the milestones and the on-chain payments show. Nothing is public until they save with
 * "Publicar" ticked; "Dejar de publicar" withdraws it in one action. A 409 (no grant yet) shows nothing.
 */
export function PublicationPanel({ reference }: { reference: string }) {
  const load = useCallback(() => applicantApi.publication(reference), [reference]);
  const publication = useApplicantData(load, `publication-${reference}`);
  if (publication.state === 'ready') return <PublicationForm reference={reference} initial={publication.data} />;
  if (publication.state === 'error' && publication.status !== 409) return <LoadFailure>{applicantFailure(publication.status, publication.message)}</LoadFailure>;
  return null;
}
