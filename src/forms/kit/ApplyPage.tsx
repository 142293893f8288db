import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Banner } from '@/components/Banner';
import { PageMeta } from '@/components/PageMeta';
import { RoundClosed } from '@/components/content/RoundClosed';
import { useServerRound } from '@/components/rounds/useServerRound';
import { SiteContainer } from '@/components/shell/SiteContainer';
import { sameApplyView, serverApplyView, type ApplyView, type RoundProgramme } from '@/content/rounds';
import { LAST_HOURS_NOTICE, visitorTimeZone } from '@/lib/roundWords';
import styles from './ApplyPage.module.css';

type RoundProps = {
  programme: RoundProgramme;
  /** The view the page was built with (getStaticProps: builtApplyView). */
  built: ApplyView;
};

/**
 * An apply page: its Spanish title and lead in the banner, then the form (in English) below; an
 * apply page with a round shows the round's deadline line or, instead of the form, its notice (RoundRegion).
 * Each apply page imports its own form component, so that it loads that form and no other.
 */
export function ApplyPage({ title, lead, round, children }: { title: string; lead: string; round?: RoundProps; children: ReactNode }) {
  return (
    <>
      <PageMeta title={title} description={round?.built.kind === 'notice' ? round.built.notice.text : lead} />
      <Banner title={title} lead={lead} />
      <SiteContainer className={styles.form}>{round ? <RoundRegion {...round}>{children}</RoundRegion> : children}</SiteContainer>
    </>
  );
}

/**
 * The build's state first, then the server's (GET /api/rounds), decided by the server's answer,
 * never the visitor's clock. Nothing below moves in view when they differ: the swapped region keeps
 * its height down to the bottom of the window, a notice region reaches below the window, and the
 * deadline line has its room.
 */
function RoundRegion({ programme, built, children }: RoundProps & { children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  const [view, setView] = useState(built);
  const [kept, setKept] = useState<CSSProperties>();
  useServerRound(programme, (round, now) => {
    const next = serverApplyView(programme, round, now, visitorTimeZone());
    if (sameApplyView(next, view)) return;
    const box = region.current?.getBoundingClientRect();
    // Never less than a window's height (the notice region's own rule, which an inline height would otherwise
    // override): the newsletter below stays out of view whatever the banner does meanwhile (Lighthouse saw a 0.27 shift).
    if (box) setKept({ minHeight: `max(${Math.max(0, Math.min(box.height, window.innerHeight - box.top))}px, 100svh)` });
    setView(next);
  });
  return (
    <div ref={region} style={kept} className={view.kind === 'notice' ? styles.noticeRegion : undefined}>
      {view.kind === 'notice' ? (
        <RoundClosed notice={view.notice} />
      ) : (
        <>
          <p className={styles.deadline}>
            {view.deadline}
            {view.closesSoon ? (
              <>
                {' '}
                <strong>{LAST_HOURS_NOTICE}</strong>
              </>
            ) : null}
          </p>
          {children}
        </>
      )}
    </div>
  );
}
