import { normalisePath } from '@/lib/paths';

/**
 * Which layout group a route belongs to, decided in this one table.
 * Order matters: the first matching row wins.
 */
export type LayoutGroup = 'home' | 'applicants' | 'about' | 'academicGrants' | 'courses' | 'standalone' | 'default';

type Matcher = { exact: readonly string[] } | { prefix: string };

const layoutTable: ReadonlyArray<{ group: LayoutGroup; match: Matcher }> = [
  { group: 'home', match: { exact: ['/'] } },
  { group: 'applicants', match: { prefix: '/applicants' } },
  { group: 'about', match: { prefix: '/about' } },
  { group: 'academicGrants', match: { prefix: '/academic-grants' } },
  // The conference-grants landing page shares the academic grants hero styling.
  { group: 'academicGrants', match: { exact: ['/devcon-grants'] } },
  // The course pages (paths of this site's choosing, see docs/architecture.md "Course routes").
  { group: 'courses', match: { prefix: '/cursos' } },
  { group: 'courses', match: { prefix: '/por-que-elegirnos' } },
  // Further exact pages that share one plain layout.
  { group: 'standalone', match: { exact: ['/devcon-grants/apply', '/devcon-grants/thank-you'] } },
];

function matches(path: string, match: Matcher): boolean {
  if ('exact' in match) return match.exact.includes(path);
  return path === match.prefix || path.startsWith(`${match.prefix}/`);
}

export function layoutForPath(rawPath: string): LayoutGroup {
  const path = normalisePath(rawPath);
  return layoutTable.find((row) => matches(path, row.match))?.group ?? 'default';
}
