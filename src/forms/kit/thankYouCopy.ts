import { facts, programmes, type Programme, type ProgrammeKey } from '@/config/programmes';

/** What a confirmation page says of its programme. */
export type ThankYouCopy = Pick<Programme, 'name' | 'followUp'> & { readonly confirmationBusinessDays: number };

/**
 * Read from the programme table at build time, in each thank-you page's getStaticProps, as the
 * content pages read their copy: the table and the deployer's facts stay out of the page's script.
 */
export function thankYouCopy(programme: ProgrammeKey): ThankYouCopy {
  const { name, followUp } = programmes[programme];
  return { name, followUp, confirmationBusinessDays: facts.confirmationBusinessDays };
}
