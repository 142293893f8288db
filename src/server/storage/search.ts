/**
 * Full-text search over an application's answers: the `answers_search` column of submissions and
 * of the versions of payment details (migration 6), the text values of the payload in Spanish and in English
 * (applicants write in either), GIN-indexed. The query is read as a web search (words, "phrases",
 * -exclusions): websearch_to_tsquery never fails on input.
 */

/** A condition that holds when `param` (a text parameter, e.g. '$3') is null or matches the answers of `table` (a name or alias). */
export function answersMatch(table: string, param: string): string {
  return `(${param}::text IS NULL OR ${table}.answers_search @@ (websearch_to_tsquery('spanish'::regconfig, ${param}) || websearch_to_tsquery('english'::regconfig, ${param})))`;
}
