/**
 * The copy faults a native read of the site found, as a guard against their return: the exported
 * pages (tests/e2e/copy.spec.ts) and the emails and team area (tests/unit/content/copyGuard.test.ts)
 * are checked against the same list. Each entry names what replaced it, so a failure says what to write.
 */

export type CopyFault = { readonly pattern: RegExp; readonly instead: string };

export const COPY_FAULTS: readonly CopyFault[] = [
  { pattern: /La fecha límite de la ronda se publica/i, instead: 'the configured closing date, or: proposals are received while the form is open' },
  { pattern: /antes de la fecha límite/i, instead: 'the configured closing date, or no deadline at all' },
  { pattern: /Te presentamos a equipos y ponentes/i, instead: 'no promise the configuration does not back' },
  { pattern: /difundimos los resultados/i, instead: 'no promise the configuration does not back' },
  { pattern: /Difusión, contactos con ponentes/i, instead: 'the deployer’s NEXT_PUBLIC_DEVCON_GRANTS_OTHER_SUPPORT, or nothing' },
  { pattern: /Contacto directo con el equipo de becas/i, instead: 'no promise the configuration does not back' },
  { pattern: /Canales por tema/i, instead: 'no promise the configuration does not back' },
  { pattern: /aprender y construir|apoyo para aprender/i, instead: '“investigar y construir” (there are no course scholarships)' },
  { pattern: /Valor extraído por los mineros/i, instead: '“Valor máximo extraíble (MEV)”' },
  { pattern: /No exactamente/i, instead: '“No: …”' },
  { pattern: /4 ?mb\b(?<!File size cannot exceed 4mb)/, instead: '“4 MB” in help texts (only the spec’s error keeps “4mb”)' },
  { pattern: /por vencer su plazo/i, instead: '“al vencer su plazo”' },
  { pattern: /vence a las \d+ horas/i, instead: '“vence 24 horas después de enviado”' },
  { pattern: /vence el \d{4}-\d{2}-\d{2}/i, instead: 'a Spanish date: “el 1 de junio de 2025 a las 14:30 (UTC)”' },
  { pattern: /hubiera terminado/i, instead: '“haya terminado”' },
  { pattern: /añad/i, instead: '“agregar”' },
  { pattern: /invítal[oa]\b/i, instead: 'neutral wording for a member' },
  { pattern: /Grantee Finance de/i, instead: '“para tu beca”' },
  { pattern: /ID de beneficiario/i, instead: '“ID de seguridad (Security Grantee ID)”' },
  { pattern: /(?<!ID de seguridad \()Security Grantee ID/, instead: '“ID de seguridad (Security Grantee ID)” in Spanish copy' },
  { pattern: /solicitud a Office Hours/i, instead: '“solicitud de Office Hours”' },
  { pattern: /Darte de baja/, instead: '“Cancelar suscripción”' },
  { pattern: /\b1 [a-z]+s\b/, instead: 'the singular, through src/lib/plural.ts' },
  // Copy review 3 (issue 48): promises the product did not keep, and words that misled.
  { pattern: /Te avisaremos cuando estén/i, instead: '“Cuando los defina, te avisaremos por correo y aparecerán aquí” (the milestones-defined email)' },
  { pattern: /te llega en unos segundos/i, instead: '“suele llegar en pocos minutos. Si ya pediste varios, espera 15 minutos” (the outbox, the link limit)' },
  { pattern: /escríbele al equipo/i, instead: '“escríbenos a {contact address} indicando tu número de referencia”' },
  { pattern: /en este mismo dispositivo/i, instead: '“en el navegador donde quieras verlas” (the link is bound to no device)' },
  { pattern: /confirmación de recepción llega/i, instead: '“te enviamos la confirmación por correo” (it leaves at submission)' },
  { pattern: /«(?:Aceptada|Entregada|Vencida)»/, instead: 'the masculine milestone state of src/lib/grants.ts: «Aceptado», «Entregado», «Vencido»' },
  { pattern: /nueva versión del hito/i, instead: '“una nueva versión del informe del hito”' },
  { pattern: /Todavía no vemos solicitudes/i, instead: '“No encontramos solicitudes … Si usaste otra dirección, cierra sesión y pide un enlace con esa.”' },
  { pattern: /Arrastra tu archivo aquí o haz clic/i, instead: '“Elige un archivo o arrástralo aquí” (keyboard first)' },
  { pattern: /postuló la solicitud|por quien postula|respuesta de quien postula/i, instead: '“la persona que envió la solicitud” / “la persona solicitante”' },
  { pattern: /fecha de vencimiento/i, instead: '“fecha límite”, the one name for a milestone’s due date' },
  { pattern: /Recibida: \d{4}-\d{2}-\d{2}T|Para leerla: npm run/, instead: 'a Spanish UTC moment (src/lib/moments.ts) and the team page /equipo/solicitud/?id=…' },
];

/** Each fault found in a Spanish text, as 'pattern: the words around it → what to write instead'. */
export function copyFaultsIn(text: string): string[] {
  const found: string[] = [];
  for (const { pattern, instead } of COPY_FAULTS) {
    const match = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`).exec(text);
    if (match) found.push(`${pattern}: «…${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30)}…» → ${instead}`);
  }
  return found;
}

// Words that only English uses (none is also a common Spanish word: no 'a', 'no', 'me', 'son').
const ENGLISH_WORDS = new Set(
  'the and you your we our is are of to for with this that what how will be it in on or if please any from about have has can may should who which when an as by at was were do does not'.split(' '),
);
const SPANISH_WORDS = new Set('de la el en y que los las por con para un una del tu es se al lo su más como si o'.split(' '));

/**
 * Whether a run of text reads as English: at least three words, two or more of them English
 * function words and more English than Spanish ones. Names ('Office Hours', 'Privacy Policy') have
 * no function words and pass as they are.
 */
export function readsAsEnglish(text: string): boolean {
  const words = text.toLowerCase().match(/[a-záéíóúñü]+/g) ?? [];
  if (words.length < 3) return false;
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  const spanish = words.filter((word) => SPANISH_WORDS.has(word)).length;
  return english >= 2 && english > spanish;
}
