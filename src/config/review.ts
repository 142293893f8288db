import { criterionSentence } from '../lib/roundWords';
import type { ReviewedProgrammeKey } from './programmes';

/**
 * How the team reviews each programme's applications: the rubric (criteria scored 1 to 5, weighted),
 * whether the review is blind, and the reasons an approval or rejection may give. The programme
 * pages publish the same criteria (src/content/grantRounds.ts reads them from here), so the page and
 * the rubric cannot drift apart. A deployer replaces them with a JSON file of the same shape named by
 * REVIEW_CONFIG: the API server reads it at start (src/server/config.ts) and the build inlines it
 * (next.config.mjs). (Relative imports: the API server imports this module in plain Node.)
 */

export type RubricCriterion = {
  readonly key: string;
  /** As the programme page lists it (without the final full stop). */
  readonly label: string;
  /** One line: what the reviewer looks at. */
  readonly description: string;
  /** Positive; the reviewer's total is Σ weight·score / Σ weight. */
  readonly weight: number;
  /** What a score of 1, 2, 3, 4 and 5 means, one line each. */
  readonly meanings: readonly [string, string, string, string, string];
};

export type DecisionReason = { readonly key: string; readonly label: string };

export type ProgrammeReview = {
  readonly criteria: readonly RubricCriterion[];
  /** Reviewers see identifying answers as "Oculto" until the decision. */
  readonly blind: boolean;
  readonly reasons: { readonly approved: readonly DecisionReason[]; readonly rejected: readonly DecisionReason[] };
};

export type ReviewConfig = {
  /** Reviewers' totals (on the 1–5 scale) this far apart or more flag "Desacuerdo". */
  readonly disagreementThreshold: number;
  readonly programmes: Readonly<Record<ReviewedProgrammeKey, ProgrammeReview>>;
};

export const REVIEWED_PROGRAMMES: readonly ReviewedProgrammeKey[] = ['project-grants', 'small-grants', 'academic-grants', 'devcon-grants', 'office-hours'];

/** Each score's word, before its one line: the same five words, one kind of word (adjectives), on every criterion. */
const scale = (...lines: RubricCriterion['meanings']): RubricCriterion['meanings'] => [
  `Insuficiente: ${lines[0]}`,
  `Débil: ${lines[1]}`,
  `Aceptable: ${lines[2]}`,
  `Bueno: ${lines[3]}`,
  `Excelente: ${lines[4]}`,
];

/** A criterion with a one-line meaning for each score, 1 to 5. */
function criterion(key: string, label: string, description: string, anchors: RubricCriterion['meanings'], weight = 1): RubricCriterion {
  return { key, label, description, weight, meanings: scale(...anchors) };
}

const GRANT_REASONS: ProgrammeReview['reasons'] = {
  approved: [
    { key: 'meets-criteria', label: 'Cumple los criterios de selección' },
    { key: 'meets-criteria-with-changes', label: 'Cumple los criterios, con ajustes acordados' },
  ],
  rejected: [
    { key: 'out-of-scope', label: 'Fuera del alcance del programa' },
    { key: 'criteria-not-met', label: 'No cumple los criterios de selección' },
    { key: 'budget-mismatch', label: 'El presupuesto no guarda relación con el alcance' },
    { key: 'incomplete', label: 'Información incompleta' },
    { key: 'no-funds', label: 'Sin fondos disponibles en esta ronda' },
  ],
};

/** The short, honest default of the programmes whose page publishes no selection criteria. */
const GENERAL_CRITERIA: readonly RubricCriterion[] = [
  criterion('relevance', 'Relevancia para el ecosistema', 'Cuánto aporta la propuesta a Ethereum y a su comunidad en Latinoamérica.', [
    'no se ve un aporte al ecosistema',
    'el aporte es remoto o depende de otros',
    'aporta, pero de forma indirecta',
    'aporta de forma directa a una parte del ecosistema',
    'aporta de forma clara y directa a una necesidad reconocida',
  ]),
  criterion('feasibility', 'Factibilidad y capacidad del equipo', 'Si el plan es realista y el equipo puede llevarlo a cabo.', [
    'el plan no es realista o el equipo no puede cumplirlo',
    'faltan partes del plan o capacidades clave',
    'es posible, con dudas',
    'el plan es realista y el equipo tiene con qué cumplirlo',
    'el plan es realista y el equipo ya lo ha demostrado',
  ]),
  criterion('budget', 'Presupuesto acorde al alcance', 'Si el monto pedido guarda relación con lo que se entregará.', [
    'el monto no se corresponde con el alcance',
    'varias partidas no se justifican',
    'el monto es razonable, pero varias partidas necesitan ajuste',
    'el monto es razonable y solo necesita ajustes menores',
    'cada partida se justifica por el alcance',
  ]),
];

export const DEFAULT_REVIEW_CONFIG: ReviewConfig = {
  disagreementThreshold: 1.5,
  programmes: {
    'academic-grants': {
      blind: false,
      reasons: GRANT_REASONS,
      criteria: [
        criterion('relevance', 'Relevancia para Ethereum y su comunidad', 'Cuánto aporta la investigación a Ethereum y a su comunidad.', [
          'no se ve relación con Ethereum',
          'la relación es remota',
          'la relación es indirecta',
          'se relaciona de forma directa con Ethereum',
          'responde a una necesidad clara de Ethereum',
        ]),
        criterion('rigour', 'Rigor y originalidad de la investigación', 'La solidez del método y lo nuevo que aporta.', [
          'sin método claro ni aporte nuevo',
          'método débil o aporte ya conocido',
          'método razonable, aporte acotado',
          'método sólido, aporte acotado',
          'método sólido y un aporte original',
        ]),
        criterion('team', 'Capacidad del equipo para llevar a cabo la investigación', 'Formación y trayectoria del equipo para esta investigación.', [
          'el equipo no muestra la preparación necesaria',
          'preparación en temas cercanos, no en este',
          'preparado, con vacíos',
          'preparado, con algún trabajo previo en el tema',
          'trayectoria demostrada en el tema',
        ]),
        criterion('budget', 'Relación entre el presupuesto y el alcance', 'Si el monto y el cronograma guardan relación con lo que se propone.', [
          'el monto no se corresponde con el alcance',
          'varias partidas no se justifican',
          'el monto es razonable, pero varias partidas necesitan ajuste',
          'el monto es razonable y solo necesita ajustes menores',
          'cada partida se justifica por el alcance',
        ]),
      ],
    },
    'devcon-grants': {
      blind: false,
      reasons: GRANT_REASONS,
      criteria: [
        criterion('impact', 'Impacto en la comunidad local', 'A quién llega el evento y qué deja en la comunidad local.', [
          'no se ve un efecto en la comunidad local',
          'llega a pocas personas de la comunidad',
          'llega a parte de la comunidad',
          'llega a buena parte de la comunidad y deja algo',
          'fortalece de forma clara a la comunidad local',
        ]),
        criterion('programme', 'Calidad y diversidad del programa', 'Los contenidos, los ponentes y la variedad de voces.', [
          'sin programa definido',
          'programa pobre o poco variado',
          'programa correcto, poco diverso',
          'programa sólido, con alguna voz que falta',
          'programa sólido y diverso',
        ]),
        criterion('team', 'Experiencia del equipo organizador', 'Eventos que el equipo ya organizó y cómo le fue.', [
          'sin experiencia organizando eventos',
          'experiencia en eventos mucho menores',
          'alguna experiencia comparable',
          'ha organizado eventos comparables',
          'ha organizado con éxito eventos comparables',
        ]),
        criterion('budget', 'Monto solicitado acorde al evento', 'Si el apoyo pedido guarda relación con el tamaño del evento.', [
          'el monto no se corresponde con el evento',
          'varias partidas no se justifican',
          'el monto es razonable para el evento, pero varias partidas necesitan ajuste',
          'el monto es razonable para el evento y solo necesita ajustes menores',
          'cada partida se justifica por el evento',
        ]),
      ],
    },
    'project-grants': { blind: false, reasons: GRANT_REASONS, criteria: GENERAL_CRITERIA },
    'small-grants': { blind: false, reasons: GRANT_REASONS, criteria: GENERAL_CRITERIA },
    'office-hours': {
      blind: false,
      criteria: [
        criterion('relevance', 'Relevancia para el ecosistema', 'Cuánto aporta la consulta a Ethereum y a su comunidad en Latinoamérica.', [
          'no se ve un aporte al ecosistema',
          'el aporte es remoto o depende de otros',
          'aporta, pero de forma indirecta',
          'aporta de forma directa a una parte del ecosistema',
          'aporta de forma clara y directa a una necesidad reconocida',
        ]),
        criterion('clarity', 'Claridad de la consulta', 'Si queda claro qué se pregunta y para qué.', [
          'no se entiende qué se pide',
          'se entiende el tema, no la pregunta',
          'se entiende, con dudas',
          'clara, le falta contexto',
          'la consulta es clara y concreta',
        ]),
      ],
      reasons: {
        approved: [{ key: 'fits', label: 'La consulta encaja en las Office Hours' }],
        rejected: [
          { key: 'out-of-scope', label: 'Fuera del alcance de las Office Hours' },
          { key: 'incomplete', label: 'Información incompleta' },
        ],
      },
    },
  },
};

export class ReviewConfigError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLine = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= max && !/[\r\n]/.test(value);
const KEY = /^[a-z0-9][a-z0-9-]{0,39}$/;

function uniqueKeys(items: ReadonlyArray<{ key: string }>, where: string): void {
  const seen = new Set<string>();
  for (const { key } of items) {
    if (seen.has(key)) throw new ReviewConfigError(`${where}: the key '${key}' appears twice.`);
    seen.add(key);
  }
}

function parseReasons(value: unknown, where: string): DecisionReason[] {
  if (!Array.isArray(value) || value.length === 0) throw new ReviewConfigError(`${where} must list at least one reason.`);
  const reasons = value.map((item, index) => {
    if (!isObject(item) || typeof item.key !== 'string' || !KEY.test(item.key) || !isLine(item.label, 200)) {
      throw new ReviewConfigError(`${where}[${index}] must be { "key": lowercase letters, digits and '-', "label": one line }.`);
    }
    return { key: item.key, label: item.label };
  });
  uniqueKeys(reasons, where);
  return reasons;
}

function parseCriterion(value: unknown, where: string): RubricCriterion {
  if (!isObject(value)) throw new ReviewConfigError(`${where} must be an object.`);
  if (typeof value.key !== 'string' || !KEY.test(value.key)) throw new ReviewConfigError(`${where}.key must be lowercase letters, digits and '-' (up to 40).`);
  if (!isLine(value.label, 200)) throw new ReviewConfigError(`${where}.label must be one line of text.`);
  if (!isLine(value.description, 300)) throw new ReviewConfigError(`${where}.description must be one line of text.`);
  if (typeof value.weight !== 'number' || !Number.isFinite(value.weight) || value.weight <= 0) throw new ReviewConfigError(`${where}.weight must be a number above 0.`);
  const meanings = value.meanings;
  if (!Array.isArray(meanings) || meanings.length !== 5 || !meanings.every((line) => isLine(line, 200))) {
    throw new ReviewConfigError(`${where}.meanings must be exactly five lines of text, for the scores 1 to 5.`);
  }
  return { key: value.key, label: value.label, description: value.description, weight: value.weight, meanings: meanings as unknown as RubricCriterion['meanings'] };
}

function parseProgramme(value: unknown, where: string): ProgrammeReview {
  if (!isObject(value)) throw new ReviewConfigError(`${where} must be an object.`);
  if (!Array.isArray(value.criteria) || value.criteria.length === 0) throw new ReviewConfigError(`${where}.criteria must list at least one criterion.`);
  const criteria = value.criteria.map((item, index) => parseCriterion(item, `${where}.criteria[${index}]`));
  uniqueKeys(criteria, `${where}.criteria`);
  if (typeof value.blind !== 'boolean') throw new ReviewConfigError(`${where}.blind must be true or false.`);
  if (!isObject(value.reasons)) throw new ReviewConfigError(`${where}.reasons must be { "approved": [...], "rejected": [...] }.`);
  return {
    criteria,
    blind: value.blind,
    reasons: { approved: parseReasons(value.reasons.approved, `${where}.reasons.approved`), rejected: parseReasons(value.reasons.rejected, `${where}.reasons.rejected`) },
  };
}

/**
 * The review configuration a deployer's JSON describes: `disagreementThreshold` (optional) and
 * `programmes`, each programme given replacing its default whole. Throws a ReviewConfigError naming
 * the first thing that is wrong.
 */
export function parseReviewConfig(value: unknown): ReviewConfig {
  if (!isObject(value)) throw new ReviewConfigError('the file must hold a JSON object { "disagreementThreshold": 1.5, "programmes": { ... } }.');
  for (const name of Object.keys(value)) {
    if (name !== 'disagreementThreshold' && name !== 'programmes') throw new ReviewConfigError(`unknown setting '${name}' (only disagreementThreshold and programmes).`);
  }
  const threshold = value.disagreementThreshold ?? DEFAULT_REVIEW_CONFIG.disagreementThreshold;
  if (typeof threshold !== 'number' || !Number.isFinite(threshold) || threshold <= 0 || threshold > 4) {
    throw new ReviewConfigError('disagreementThreshold must be a number above 0 and at most 4 (points on the 1–5 scale).');
  }
  const given = value.programmes ?? {};
  if (!isObject(given)) throw new ReviewConfigError('programmes must be an object keyed by programme.');
  const programmes = { ...DEFAULT_REVIEW_CONFIG.programmes };
  for (const [key, programme] of Object.entries(given)) {
    if (!(REVIEWED_PROGRAMMES as readonly string[]).includes(key)) {
      throw new ReviewConfigError(`programmes: '${key}' is not a reviewed programme (${REVIEWED_PROGRAMMES.join(', ')}).`);
    }
    programmes[key as ReviewedProgrammeKey] = parseProgramme(programme, `programmes.${key}`);
  }
  return { disagreementThreshold: threshold, programmes };
}

/** The configuration a JSON text describes (the file REVIEW_CONFIG names). */
export function parseReviewConfigText(text: string): ReviewConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ReviewConfigError('the file is not valid JSON.');
  }
  return parseReviewConfig(value);
}

/**
 * What the static pages publish: the deployer's file as the build inlined it (next.config.mjs sets
 * REVIEW_CONFIG_JSON from REVIEW_CONFIG), else the defaults. The API server reads REVIEW_CONFIG itself.
 */
export const publishedReviewConfig: ReviewConfig = publishedOf(process.env.REVIEW_CONFIG_JSON);

function publishedOf(text: string | undefined): ReviewConfig {
  if (!text) return DEFAULT_REVIEW_CONFIG;
  try {
    return parseReviewConfigText(text);
  } catch (error) {
    // Stops the build, naming the setting, as the server's start does.
    throw error instanceof ReviewConfigError ? new ReviewConfigError(`REVIEW_CONFIG: ${error.message}`) : error;
  }
}

/** The selection criteria a programme page lists as built, one sentence each (the page then follows its round's: src/content/roundCopy.ts). */
export const publishedCriteria = (programme: ReviewedProgrammeKey): string[] => publishedReviewConfig.programmes[programme].criteria.map((item) => criterionSentence(item.label));
