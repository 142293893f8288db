import { PageMeta } from '@/components/PageMeta';
import { SectionedPage } from '@/components/content/SectionedPage';
import { ROUND_PARAMS_ID, type RoundPageParams } from '@/content/roundCopy';
import type { SectionedPageCopy } from '@/content/types';

/**
 * A round's programme page (/academic-grants, /devcon-grants), static: the build's copy, its
 * round-dependent nodes named by data-light (ROUND_NODES), and the page's RoundPageParams as JSON in
 * a script element that also marks the page for its own script (src/light/round.ts). That script
 * asks the server for the round (GET /api/rounds) and changes only those nodes' words, in place; an
 * answer equal to the build's changes nothing, and without an answer the page stays as built.
 */
export function RoundProgrammePage({ params, copy }: { params: RoundPageParams; copy: SectionedPageCopy }) {
  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <script
        type="application/json"
        id={ROUND_PARAMS_ID}
        data-light-entry="round"
        // `<` escaped, so no text in the params can close the script element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(params).replace(/</g, '\\u003c') }}
      />
      <SectionedPage copy={copy} />
    </>
  );
}
