/**
 * Full-text search over an application's answers: the text values of its payload, in Spanish and
 * in English (applicants write in either), matching the GIN indexes of migration 6. The query is
 * read as a web search (words, "phrases", -exclusions): websearch_to_tsquery never fails on input.
 */

/** The indexed expression, over a jsonb column. Keep it identical to the migration's index. */
const answersVector = (column: string): string =>
  `(jsonb_to_tsvector('spanish'::regconfig, ${column}, '["string"]') || jsonb_to_tsvector('english'::regconfig, ${column}, '["string"]'))`;

/** A condition that holds when `param` (a text parameter, e.g. '$3') is null or matches the answers in `column`. */
export function answersMatch(column: string, param: string): string {
  return `(${param}::text IS NULL OR ${answersVector(column)} @@ (websearch_to_tsquery('spanish'::regconfig, ${param}) || websearch_to_tsquery('english'::regconfig, ${param})))`;
}
