/**
 * The applicant's sign-in links, as the server enforces them (src/server/applicant/links.ts) and as
 * the portal and the link email state them: one place for the figures both sides read.
 */

/** How long a link works. */
export const LINK_VALID_MINUTES = 30;
/** An address gets at most LINKS_PER_ADDRESS links per LINK_WINDOW_MINUTES; past that, none is sent (silently). */
export const LINKS_PER_ADDRESS = 3;
export const LINK_WINDOW_MINUTES = 15;

/** What the portal tells someone asking for another link: it is not instant, and after a few it stops for a while. */
export const NEW_LINK_HINT = `Pide uno nuevo; suele llegar en pocos minutos. Si ya pediste varios, espera ${LINK_WINDOW_MINUTES} minutos.`;
