import { useState } from 'react';
import { PageMeta } from '@/components/PageMeta';
import { SectionedPage } from '@/components/content/SectionedPage';
import { followRound, serverRoundFacts, type RoundPageParams } from '@/content/roundCopy';
import type { SectionedPageCopy } from '@/content/types';
import { useServerRound } from './useServerRound';

/**
 * A round's programme page (/academic-grants, /devcon-grants): the build's copy first, then the same
 * page with the round's deadline, stats and call to apply as the server publishes them. Only words
 * change, in place; an answer equal to the build's changes nothing.
 */
export function RoundProgrammePage({ params, copy }: { params: RoundPageParams; copy: SectionedPageCopy }) {
  const [shown, setShown] = useState(copy);
  useServerRound(params.programme, (round) => {
    const followed = followRound(copy, params, serverRoundFacts(params, round));
    if (JSON.stringify(followed) !== JSON.stringify(shown)) setShown(followed);
  });
  return (
    <>
      <PageMeta title={shown.meta.title} description={shown.meta.description} />
      <SectionedPage copy={shown} />
    </>
  );
}
