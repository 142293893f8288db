import { isReviewedProgramme } from '@/config/programmes';
import { retention, type RetentionPeriod } from '@/config/retention';
import { contact, links } from '@/config/site';
import type { FormDefinition } from '@/forms/definitions/types';
import { countOf } from '@/lib/plural';
import styles from './PrivacyNotice.module.css';

/**
 * The rights notice by each form's submit button (Argentina, Ley 25.326 art. 6; LGPD art. 9; GDPR
 * art. 13): what is kept, for how long, and how to ask for access, correction or erasure. The
 * period is the programme's configured retention (src/config/retention.ts; the server's sweep erases by the
 * same setting); where none is set, the notice says that nothing is erased automatically. In
 * English, like the forms' own labels.
 */

/** '6 months', '1 year'. */
export const periodText = (period: RetentionPeriod): string => countOf(period.amount, { one: period.unit, other: `${period.unit}s` }, 'en');

function keepingSentence(definition: FormDefinition): string {
  // Payment details: every programme but the reviewed ones (defineForm keeps the two in step).
  if (!isReviewedProgramme(definition.key)) {
    return 'Every version you send is kept, encrypted; none is erased automatically, only when you ask us to.';
  }
  const period = retention[definition.key];
  if (!period) return 'We keep your application until you ask us to erase it: no automatic deletion period is set for this programme.';
  return `If your application is rejected or withdrawn, we erase it ${periodText(period)} after that decision; otherwise we keep it until you ask us to erase it.`;
}

export function PrivacyNotice({ definition }: { definition: FormDefinition }) {
  const withFile = definition.fields.some((field) => field.kind === 'file');
  return (
    <aside className={styles.notice} aria-label="Your data">
      <p>
        <span className={styles.title}>Your data. </span>
        We keep what you send in this form{withFile ? ', including the file you upload,' : ''} to {definition.kind === 'payment-details' ? 'pay your grant' : 'review your request'} and
        to write to you about it. {keepingSentence(definition)} To see, correct or erase what we hold about you, write to <a href={`mailto:${contact.general}`}>{contact.general}</a> from
        the address you give here. More in our <a href={links.privacyPolicy}>Privacy Policy</a>.
      </p>
    </aside>
  );
}
