/** Strips the query, the fragment and the trailing slash the static export adds, so '/about/' and '/about' match alike. */
export function normalisePath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '/';
  const trimmed = withoutQuery.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
