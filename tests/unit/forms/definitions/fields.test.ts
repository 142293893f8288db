// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineForm } from '@/forms/definitions/defineForm';
import { companyOrFullName, firstName, isNoOrganisation, isWebsite, normaliseWebsite, repeatApplicant } from '@/forms/definitions/fields';
import type { FormSpec } from '@/forms/definitions';
import { endpoints } from '@/api/endpoints';
import { formDefinitions } from '@/forms/definitions';
import { isRequired, requiredDependsOnAnswers } from '@/forms/definitions/fieldState';
import { defaultValues } from '@/forms/definitions/validate';
import { validAcademicGrants, validDevconGrants, validFinanceCrypto, validFinanceFiat, validOfficeHours, validProjectGrants, validSmallGrantsEvent, validSmallGrantsProject } from '../../../../scripts/support/formAnswers';

describe('website normalisation', () => {
  it.each([
    ['example.org', 'https://example.org'],
    ['  example.org/path ', 'https://example.org/path'],
    ['http://example.org', 'http://example.org'],
    ['https://example.org', 'https://example.org'],
    ['HTTPS://Example.org', 'HTTPS://Example.org'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (typed, sent) => {
    expect(normaliseWebsite(typed)).toBe(sent);
  });

  it.each(['example.org', 'www.example.org/a?b=c', 'http://sub.example.co'])('%s is a website', (value) => expect(isWebsite(value)).toBe(true));
  it.each(['not a website', 'localhost', 'ftp://example.org', 'https://'])('%s is not a website', (value) => expect(isWebsite(value)).toBe(false));
});

describe('company fallback', () => {
  const names = { firstName: ' Ana ', lastName: 'Pérez' };
  it.each(['', '  ', 'N/A', 'n/a', 'NA', 'n / a'])('%j becomes the full name', (company) => {
    expect(isNoOrganisation(company)).toBe(true);
    expect(companyOrFullName(company, names)).toBe('Ana Pérez');
  });
  it.each(['Nasa', 'N/A Labs', 'Cadena Labs'])('%j is kept', (company) => {
    expect(companyOrFullName(company, names)).toBe(company);
  });
});

describe('defineForm rejects a malformed definition at import', () => {
  const spec = (fields: FormSpec['fields']): FormSpec => ({
    key: 'office-hours',
    elementId: 'x',
    title: 'x',
    sections: [{ id: 's', title: 'S' }],
    fields,
    submitLabel: 'Send',
    captcha: false,
    upload: false,
    saveDraft: false,
    endpoint: () => endpoints.officeHours,
    thankYouPath: '/x/',
  });

  it('accepts a well-formed one', () => {
    expect(() => defineForm(spec([firstName('s')]))).not.toThrow();
  });

  it.each([
    ['a field defined twice', [firstName('s'), firstName('s')], 'defined twice'],
    ['an unknown section', [firstName('nowhere')], "unknown section 'nowhere'"],
    ['a Yes/No boolean that may stay unanswered', [repeatApplicant('s', { required: false })], 'a boolean must be required'],
    ['a default that is not an option', [repeatApplicant('s', { defaultValue: 'Maybe' })], 'default is not one of the options'],
    ['a reset of a field that does not exist', [firstName('s', { resetsOnChange: ['ghost'] })], "resets 'ghost'"],
    ['a global pattern', [firstName('s', { pattern: { regex: /x/g, message: 'm' } })], 'must not be global or sticky'],
  ] as const)('%s', (_, fields, problem) => {
    expect(() => defineForm(spec(fields))).toThrow(problem);
  });

  it('a kind that disagrees with the programme table (the team screens read that one)', () => {
    expect(() => defineForm({ ...spec([firstName('s')]), kind: 'payment-details' })).toThrow("kind 'payment-details' disagrees with REVIEWED_PROGRAMMES");
    expect(() => defineForm({ ...spec([firstName('s')]), key: 'grantee-finance' })).toThrow("kind 'application' disagrees with REVIEWED_PROGRAMMES");
  });
});

describe('definitions and options run without React, Next, Chakra or the DOM (the server imports them)', () => {
  const folders = ['src/forms/definitions', 'src/forms/options'];
  const files = folders.flatMap((folder) => readdirSync(folder).map((name) => join(folder, name)));
  it.each(files)('%s', (file) => {
    const imports = [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    expect(imports.filter((path) => /^(react|react-dom|next|@chakra-ui|@emotion)(\/|$)/.test(path ?? '') || /\/(kit|pages|components|server)\//.test(path ?? ''))).toEqual([]);
    expect(readFileSync(file, 'utf8')).not.toMatch(/\b(window|document|localStorage)\./);
  });
});

describe('fields whose required state never changes (they do not watch the other answers)', () => {
  const answerSets = [
    validProjectGrants(), validDevconGrants(), validSmallGrantsProject(), validSmallGrantsEvent(), validAcademicGrants(), validOfficeHours(), validFinanceCrypto(), validFinanceFiat(),
  ];
  it.each(Object.entries(formDefinitions))('%s: a field without a visibility or required rule is required the same way for any answers', (_key, definition) => {
    const fixed = definition.fields.filter((field) => !requiredDependsOnAnswers(field));
    expect(fixed.length).toBeGreaterThan(0);
    for (const field of fixed) {
      const answers = [defaultValues(definition), ...answerSets].map((values) => isRequired(field, values));
      expect(new Set(answers).size, field.name).toBe(1);
    }
  });
});
