/**
 * POST /api/newsletter-signup (src/server/newsletter.ts): the box's script sends JSON, the box
 * without scripts a plain form post. Both are refused alike, with the box's Spanish text, when the
 * email is not a string of allowed text; the address itself is checked by the handler (isEmail).
 */
import { Type, type Static } from 'typebox';
import { DISALLOWED_TEXT_CLASS } from '../../forms/definitions/validate';
import { NEWSLETTER_PAGE_FIELD, newsletterMessages } from '../../lib/newsletter';

/** Allowed text (the forms' rule) before any trim, which would quietly drop a VT or FF at either end. */
const Email = Type.String({ not: { type: 'string', pattern: DISALLOWED_TEXT_CLASS } });

/** The JSON body: `{ "email": … }` and nothing else. */
export const NewsletterSignUp = Type.Object({ email: Email }, { maxProperties: 1, errorMessage: newsletterMessages.invalidOnSubmit });
export type NewsletterSignUp = Static<typeof NewsletterSignUp>;

/** The form post: the email and the path of the page to come back to (any other field is dropped). */
export const NewsletterSignUpForm = Type.Object(
  { email: Email, [NEWSLETTER_PAGE_FIELD]: Type.Optional(Type.String()) },
  { errorMessage: newsletterMessages.invalidOnSubmit },
);
export type NewsletterSignUpForm = Static<typeof NewsletterSignUpForm>;

/** 201 to any valid address, new, pending or already confirmed: the answer never tells which. */
export const NewsletterSignedUp = Type.Object({ subscribed: Type.Literal(true) });
export type NewsletterSignedUp = Static<typeof NewsletterSignedUp>;
