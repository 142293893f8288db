import { applicantApi, type InformationResponseCreated } from '@/api/applicant';
import type { CorrectionValues } from '@/api/contracts/revisions';
import { Button } from '@/components/Button';
import { correctableFields } from '@/forms/definitions/corrections';
import { formDefinitions } from '@/forms/definitions';
import type { FieldDefinition, FormKey } from '@/forms/definitions/types';
import { visibleSections } from '@/forms/definitions/validate';
import { RadioField } from '@/forms/kit/RadioField';
import { SelectField } from '@/forms/kit/SelectField';
import { SendProgressBar } from '@/forms/kit/SendProgress';
import { TextField } from '@/forms/kit/TextField';
import { UploadField } from '@/forms/kit/UploadField';
import { useFormSelector } from '@/forms/kit/useFormSelector';
import { SPANISH_SEND_PROGRESS_COPY, SPANISH_UPLOAD_COPY } from './copy';
import { responseFileField, responseTextField } from './fields';
import { Notice } from './Notice';
import { useUploadForm } from './useUploadForm';
import styles from './applicant.module.css';

type Sections = ReturnType<typeof visibleSections>;

const sectionNames = (sections: Sections) => sections.flatMap(({ section, fields }) => [section.id, ...fields.map((field) => field.name)]);

/**
 * The correction the team asked for, with the answer to its question: the opened answers of the
 * application, filled with what was sent (the current version), rendered by the public form's own
 * field kit from the form's own definition (labels, help, rules and messages: the forms are in
 * English, so these fields are too), then the answer and its optional file. One send carries both;
 * the server stores the correction as the application's next version. A refused send keeps every
 * value and shows the server's message under each refused field.
 */
export function CorrectionForm({
  reference,
  requestId,
  formKey,
  opened,
  values,
  onCorrected,
}: {
  reference: string;
  requestId: string;
  formKey: FormKey;
  opened: readonly string[];
  values: CorrectionValues;
  onCorrected: (created: InformationResponseCreated) => Promise<void>;
}) {
  const definition = formDefinitions[formKey];
  // Only answers a request may open, whatever the request says (the server refuses any other).
  const openedFields = correctableFields(definition).filter((field) => opened.includes(field.name));
  const fields: FieldDefinition[] = [...openedFields, responseTextField, responseFileField];
  const { form, file, rejection, setRejection, choose, submit, progress, cancelled, cancel, failure, busy } = useUploadForm({
    fields,
    // Every value of the current version: the visibility rules and the rules of the opened fields read them.
    defaultValues: { ...values, [responseTextField.name]: '' },
    send: async (sent, chosen, options) => {
      const corrections = JSON.stringify(Object.fromEntries(openedFields.map((field) => [field.name, sent[field.name] ?? ''])));
      const created = await applicantApi.respond(reference, requestId, { text: sent[responseTextField.name] ?? '', file: chosen, corrections }, options);
      return () => onCorrected(created);
    },
    onInvalid: (errors) => {
      const first = fields.find((field) => errors[field.name]);
      if (first) form.setFocus(first.name);
    },
  });
  // The opened answers still shown by the form's visibility rules, under their sections.
  const sections = useFormSelector(form, (current) => visibleSections({ fields: openedFields, sections: definition.sections }, current), (a, b) => sectionNames(a).join('|') === sectionNames(b).join('|'));

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label="Corregir la solicitud y responder">
      <fieldset className={styles.correction}>
        <legend className={styles.subTitle}>Respuestas para corregir</legend>
        <p className={styles.muted}>
          Están tal como las enviaste: cambia lo que haga falta. Las demás respuestas no cambian. Al enviar, el equipo recibe una versión nueva de tu solicitud y la anterior queda guardada.
        </p>
        <div lang="en">
          {sections.map(({ section, fields: shown }) => (
            <section key={section.id} aria-labelledby={`corregir-${section.id}`} className={styles.correctionSection}>
              <h4 id={`corregir-${section.id}`} className={styles.correctionSectionTitle}>
                {section.title}
              </h4>
              {shown.map((field) => {
                if (field.kind === 'select') return <SelectField key={field.name} field={field} form={form} />;
                if (field.kind === 'radio') return <RadioField key={field.name} field={field} form={form} />;
                return <TextField key={field.name} field={field} form={form} />;
              })}
            </section>
          ))}
        </div>
      </fieldset>
      <TextField field={responseTextField} form={form} language="es" />
      <UploadField field={responseFileField} form={form} copy={SPANISH_UPLOAD_COPY} file={file} rejection={rejection} onFile={choose} onRejected={setRejection} />
      <SendProgressBar id="envio-correccion" progress={progress} cancelled={cancelled} onCancel={cancel} copy={SPANISH_SEND_PROGRESS_COPY} />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Enviando…' : 'Enviar la corrección y mi respuesta'}
      </Button>
    </form>
  );
}
