/**
 * The one place a count chooses its word: Intl.PluralRules picks the form, so '1 registro',
 * '15 registros' and '0 registros' follow the language's rules instead of a hand-written `=== 1`.
 * English is there for the English forms' few counts ('1 business day').
 */

export type PluralForms = { readonly one: string; readonly other: string };

const rules = { es: new Intl.PluralRules('es'), en: new Intl.PluralRules('en') } as const;

/** The word for `count`: pluralWord(1, { one: 'registro', other: 'registros' }) is 'registro'. */
export function pluralWord(count: number, forms: PluralForms, language: keyof typeof rules = 'es'): string {
  return rules[language].select(count) === 'one' ? forms.one : forms.other;
}

/** The count and its word: '1 registro', '15 registros'. */
export function countOf(count: number, forms: PluralForms, language: keyof typeof rules = 'es'): string {
  return `${count} ${pluralWord(count, forms, language)}`;
}
