import { useState } from 'react';
import type { OpenFields } from '@/api/contracts/revisions';
import { UNCORRECTABLE_FIELDS } from '@/forms/definitions/corrections';
import type { AnswerSection } from './api';
import styles from './team.module.css';

/** What "Pedir información" opens for correction: nothing (a question only), some answers by name, or the whole application. */
export type CorrectionChoice = { whole: boolean; fields: readonly string[] };

export const NO_CORRECTION: CorrectionChoice = { whole: false, fields: [] };

/**
 * The answers a request may open, section by section in the form's order: the detail's sections (the
 * server labels them from the form definition) without the ones no request may open
 * (src/forms/definitions/corrections.ts; the file and the captcha are not among the answers).
 */
export function correctableSections(sections: readonly AnswerSection[]): AnswerSection[] {
  return sections
    .map((section) => ({ ...section, answers: section.answers.filter((answer) => !UNCORRECTABLE_FIELDS.includes(answer.name)) }))
    .filter((section) => section.answers.length > 0);
}

/** The request body's openFields for a choice: absent for a question only. */
export function openFieldsOf(choice: CorrectionChoice): OpenFields | undefined {
  if (choice.whole) return 'all';
  return choice.fields.length > 0 ? [...choice.fields] : undefined;
}

/** The labels of the chosen answers, in the form's order. */
export function chosenLabels(sections: readonly AnswerSection[], fields: readonly string[]): string[] {
  return sections.flatMap((section) => section.answers.filter((answer) => fields.includes(answer.name)).map((answer) => answer.label));
}

/** What the preview says the request opens. */
export function openedSummary(sections: readonly AnswerSection[], choice: CorrectionChoice): string {
  if (choice.whole) return 'Se abre toda la solicitud para corregir: la persona podrá cambiar cualquier respuesta (salvo el correo y el archivo) y enviarla con su respuesta.';
  const labels = chosenLabels(sections, choice.fields);
  if (labels.length === 0) return 'Solo la pregunta: no se abre ninguna respuesta para corregir.';
  return `Se ${labels.length === 1 ? 'abre' : 'abren'} para corregir: ${labels.join(' · ')}.`;
}

/**
 * The chooser of answers to open for correction, inside a disclosure (the list is long): "Toda la
 * solicitud", or named answers grouped by section, each a checkbox under its form label.
 */
export function CorrectionChooser({ sections, choice, onChange, disabled }: { sections: readonly AnswerSection[]; choice: CorrectionChoice; onChange: (next: CorrectionChoice) => void; disabled: boolean }) {
  // Open when it comes back with answers chosen (after the preview); then as the member leaves it.
  const [open, setOpen] = useState(choice.whole || choice.fields.length > 0);
  const count = choice.whole ? 'toda la solicitud' : choice.fields.length === 0 ? 'ninguna' : choice.fields.length === 1 ? '1 respuesta' : `${choice.fields.length} respuestas`;
  const toggle = (name: string, checked: boolean) => {
    const chosen = new Set(checked ? [...choice.fields, name] : choice.fields.filter((field) => field !== name));
    // Kept in the form's order, as the email and the applicant's page list them.
    onChange({ whole: false, fields: sections.flatMap((section) => section.answers.map((answer) => answer.name)).filter((field) => chosen.has(field)) });
  };
  return (
    <details className={styles.chooser} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Abrir respuestas para corregir (opcional) · <span>elegidas: {count}</span>
      </summary>
      <fieldset className={styles.criterion} disabled={disabled} aria-describedby="corregir-ayuda">
        <legend className={styles.criterionTitle}>Respuestas que la persona podrá corregir</legend>
        <p id="corregir-ayuda" className={styles.muted}>
          Verá esas respuestas con lo que envió y las corregirá junto con su respuesta; se guarda una versión nueva y la anterior queda como estaba. Sin marcar ninguna, solo recibe la pregunta.
        </p>
        <label className={styles.choice}>
          <input type="checkbox" checked={choice.whole} onChange={(event) => onChange({ whole: event.target.checked, fields: choice.fields })} />
          <span>
            <strong>Toda la solicitud</strong>
          </span>
        </label>
        {choice.whole
          ? null
          : sections.map((section, index) => (
              <fieldset key={section.title} className={styles.chooserSection}>
                <legend id={`corregir-seccion-${index}`}>{section.title}</legend>
                {section.answers.map((answer) => (
                  <label key={answer.name} className={styles.choice}>
                    <input type="checkbox" name="abrir-respuesta" value={answer.name} checked={choice.fields.includes(answer.name)} onChange={(event) => toggle(answer.name, event.target.checked)} />
                    <span>{answer.label}</span>
                  </label>
                ))}
              </fieldset>
            ))}
      </fieldset>
    </details>
  );
}
