/** The portal's pages (a static export has no dynamic routes: the reference travels in ?ref=). */
export const portalRoutes = {
  home: '/mi-solicitud/',
  signIn: '/mi-solicitud/entrar/',
  application: (reference: string) => `/mi-solicitud/solicitud/?ref=${encodeURIComponent(reference)}`,
} as const;

/** The reference in ?ref=, or null when there is none. */
export function referenceFromSearch(search: string): string | null {
  const reference = new URLSearchParams(search).get('ref');
  return reference && reference.trim() !== '' ? reference.trim() : null;
}
