/**
 * The fields of the applicant portal's small forms, described like the application forms'
 * (src/forms/definitions/types.ts) so the field kit renders them and validateForm checks them:
 * Spanish labels and messages, the server's caps (src/api/contracts/applicant.ts).
 */
import type { FieldDefinition } from '@/forms/definitions/types';
import { groupThousands } from '@/lib/groupThousands';
import { DISALLOWED_TEXT_MESSAGE_ES } from '@/forms/definitions/validate';

/** Caps the server enforces again. */
export const RESPONSE_MAX_LENGTH = 32768;
export const REASON_MAX_LENGTH = 2000;
export const COMMENT_MAX_LENGTH = 2000;
/** 4 MB, as the forms' uploads (a literal: src/forms/definitions/fields.ts would bring every form's option lists into the page). */
export const FILE_MAX_BYTES = 4194304;

/** "Tu respuesta puede tener hasta 32.768 caracteres.": the field's name, and the counter's thousands separator. */
const tooLong = (field: string, max: number) => `${field} puede tener hasta ${groupThousands(max, '.')} caracteres.`;

/**
 * A text box of the portal with the server's cap: the messages for refused characters, for a
 * required box left empty (`required`, absent on an optional box) and for a text over the cap,
 * which names the box (`subject`: "Tu respuesta puede tener hasta…").
 */
function textBox(field: { name: string; label: string; help?: string; section: string; maxLength: number; subject: string; required?: string }): FieldDefinition {
  const { subject, required, ...rest } = field;
  return {
    ...rest,
    kind: 'textarea',
    required: required !== undefined,
    messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, ...(required === undefined ? {} : { required }), maxLength: tooLong(subject, field.maxLength) },
  };
}

export const linkEmailField: FieldDefinition = {
  name: 'email',
  kind: 'email',
  label: 'Tu correo electrónico',
  help: 'El mismo con el que enviaste tu solicitud.',
  section: 'link',
  required: true,
  maxLength: 254,
  messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, required: 'Escribe tu correo electrónico.', invalid: 'Escribe un correo electrónico válido, por ejemplo nombre@ejemplo.org.', maxLength: tooLong('Tu correo electrónico', 254) },
};

export const responseTextField = textBox({ name: 'text', label: 'Tu respuesta', section: 'response', maxLength: RESPONSE_MAX_LENGTH, subject: 'Tu respuesta', required: 'Escribe tu respuesta.' });

export const responseFileField: FieldDefinition = {
  name: 'file',
  kind: 'file',
  label: 'Archivo (opcional)',
  help: 'Un archivo de hasta 4 MB: PDF, imagen (PNG, JPEG, GIF, WebP), documento, hoja de cálculo o presentación (Office u OpenDocument) o texto.',
  section: 'response',
  required: false,
  maxBytes: FILE_MAX_BYTES,
  messages: { invalid: 'El archivo no puede pesar más de 4 MB.' },
};

export const withdrawReasonField = textBox({
  name: 'reason',
  label: 'Motivo (opcional)',
  help: 'Nos ayuda a mejorar el programa. Solo lo lee el equipo.',
  section: 'withdraw',
  maxLength: REASON_MAX_LENGTH,
  subject: 'El motivo',
});

export const ratingField: FieldDefinition = {
  name: 'rating',
  kind: 'radio',
  label: '¿Cómo fue tu experiencia con el proceso?',
  help: 'De 1 (muy mala) a 5 (muy buena).',
  section: 'satisfaction',
  required: true,
  options: [
    { value: '1', label: '1 · Muy mala' },
    { value: '2', label: '2 · Mala' },
    { value: '3', label: '3 · Regular' },
    { value: '4', label: '4 · Buena' },
    { value: '5', label: '5 · Muy buena' },
  ],
  messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, required: 'Elige un número del 1 al 5.', invalid: 'Elige un número del 1 al 5.' },
};

export const ratingCommentField = textBox({ name: 'comment', label: 'Comentario (opcional)', section: 'satisfaction', maxLength: COMMENT_MAX_LENGTH, subject: 'El comentario' });

/* ---------- A progress report on a milestone of the grant ---------- */

/** The server's caps on a report (src/api/contracts/grants.ts). */
export const REPORT_MAX_LENGTH = 5000;
export const REPORT_MAX_LINKS = 5;

/** The links box holds one address per line; blank lines do not count. */
export function reportLinks(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const isHttpsAddress = (line: string): boolean => {
  try {
    const url = new URL(line);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
};

export const reportBodyField = textBox({
  name: 'body',
  label: 'Tu informe',
  help: 'Cuenta qué hiciste y cómo cumple el criterio del hito.',
  section: 'report',
  maxLength: REPORT_MAX_LENGTH,
  subject: 'Tu informe',
  required: 'Escribe tu informe.',
});

export const reportLinksField: FieldDefinition = {
  ...textBox({
    name: 'links',
    label: 'Enlaces (opcional)',
    help: `Hasta ${REPORT_MAX_LINKS} direcciones que empiecen con https://, una por línea: el repositorio, una demo, una publicación.`,
    section: 'report',
    maxLength: REPORT_MAX_LINKS * 2048,
    subject: 'La lista de enlaces',
  }),
  checks: [
    { test: (text) => reportLinks(text).length <= REPORT_MAX_LINKS, message: `Puedes incluir hasta ${REPORT_MAX_LINKS} enlaces.` },
    { test: (text) => reportLinks(text).every(isHttpsAddress), message: 'Cada enlace debe ser una dirección completa que empiece con https://, una por línea.' },
  ],
};

/** The same file rules as an answer's (one file, 4 MB, the forms' types). */
export const reportFileField: FieldDefinition = { ...responseFileField, section: 'report' };

/* ---------- What the grantee publishes on /becas-otorgadas/ ---------- */

/** The server's caps (src/api/contracts/openBooks.ts PUBLIC_PROJECT_NAME_MAX, PUBLIC_DESCRIPTION_MAX). */
export const PUBLIC_PROJECT_NAME_MAX = 120;
export const PUBLIC_DESCRIPTION_MAX = 600;

export const publicProjectNameField: FieldDefinition = {
  name: 'projectName',
  kind: 'text',
  label: 'Nombre del proyecto',
  help: 'Como quieres que aparezca en la página pública.',
  section: 'publication',
  required: false,
  maxLength: PUBLIC_PROJECT_NAME_MAX,
  messages: { disallowed: DISALLOWED_TEXT_MESSAGE_ES, maxLength: tooLong('El nombre del proyecto', PUBLIC_PROJECT_NAME_MAX) },
};

export const publicDescriptionField = textBox({
  name: 'description',
  label: 'Descripción pública',
  help: 'Escríbela para el público, en texto simple: no copiamos nada de tu solicitud.',
  section: 'publication',
  maxLength: PUBLIC_DESCRIPTION_MAX,
  subject: 'La descripción pública',
});
