import { isReviewedProgramme } from '../../config/programmes';
import { fromPayload, toPayload } from './payload';
import type { FieldDefinition, FormDefinition, FormSpec } from './types';

/**
 * Turns a form module's declaration into a definition, after checking the invariants the kit and
 * the server rely on. A mistake in a definition fails at import time (and so in the unit tests),
 * not on an applicant's submit.
 */
export function defineForm(spec: FormSpec): FormDefinition {
  const problems = problemsOf(spec);
  if (problems.length > 0) throw new Error(`Form definition '${spec.key}' is malformed:\n- ${problems.join('\n- ')}`);
  return {
    ...spec,
    kind: spec.kind ?? 'application',
    toPayload: (values) => toPayload(spec.fields, values),
    fromPayload: (payload) => fromPayload(spec.fields, payload),
  };
}

function problemsOf(spec: FormSpec): string[] {
  const problems: string[] = [];
  const sectionIds = new Set(spec.sections.map((section) => section.id));
  const seen = new Set<string>();
  for (const field of spec.fields) {
    if (seen.has(field.name)) problems.push(`${field.name}: defined twice`);
    seen.add(field.name);
    if (!sectionIds.has(field.section)) problems.push(`${field.name}: unknown section '${field.section}'`);
    problems.push(...fieldProblems(field).map((problem) => `${field.name}: ${problem}`));
  }
  for (const field of spec.fields) {
    for (const name of field.resetsOnChange ?? []) if (!seen.has(name) || name === field.name) problems.push(`${field.name}: resets '${name}', which is not another field of the form`);
  }
  // The browser's team screens read the kind from the programme table, the server from here: they must agree.
  if ((spec.kind ?? 'application') === 'application' !== isReviewedProgramme(spec.key)) problems.push(`kind '${spec.kind ?? 'application'}' disagrees with REVIEWED_PROGRAMMES (src/config/programmes.ts)`);
  if (sectionIds.size !== spec.sections.length) problems.push('section ids are not unique');
  if (spec.upload !== spec.fields.some((field) => field.kind === 'file')) problems.push('upload flag disagrees with the fields');
  if (spec.captcha !== spec.fields.some((field) => field.kind === 'captcha')) problems.push('captcha flag disagrees with the fields');
  return problems;
}

function fieldProblems(field: FieldDefinition): string[] {
  const problems: string[] = [];
  const isChoice = field.kind === 'select' || field.kind === 'radio';
  const optionValues = (field.options ?? []).map((option) => option.value);
  if (isChoice && optionValues.length === 0) problems.push('a choice without options');
  if (!isChoice && field.options) problems.push('options on a field that is not a choice');
  if (new Set(optionValues).size !== optionValues.length) problems.push('option values are not unique');
  if (field.defaultValue !== undefined && isChoice && !optionValues.includes(field.defaultValue)) problems.push('default is not one of the options');
  if (field.maxLength !== undefined && !(Number.isInteger(field.maxLength) && field.maxLength > 0)) problems.push('maxLength must be a positive integer');
  // A global or sticky regex keeps state between test() calls: the same value would pass, then fail.
  if (field.pattern && (field.pattern.regex.global || field.pattern.regex.sticky)) problems.push('pattern must not be global or sticky');
  if (field.kind === 'file' && !(field.maxBytes !== undefined && field.maxBytes > 0)) problems.push('a file field without maxBytes');
  if (field.wire?.type === 'boolean') {
    if (!isChoice || optionValues.join('/') !== 'Yes/No') problems.push('a boolean must be a Yes/No choice');
    // An unanswered Yes/No has no boolean to travel as, so it must not be allowed to be unanswered.
    if (field.required !== true) problems.push('a boolean must be required');
  }
  return problems;
}
