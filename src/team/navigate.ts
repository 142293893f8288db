/**
 * The one place the team pages send the browser elsewhere: a full page load, so a fresh sign-in
 * starts from a clean state. Its own module so component tests can observe where a page went.
 */
export function navigate(url: string): void {
  window.location.assign(url);
}
