import type { AppProps } from 'next/app';
import '@/theme/site.css';
import { Analytics } from '@/components/Analytics';
import { ToastOutlet } from '@/components/shell/ToastOutlet';
import { SiteLayout } from '@/layouts/SiteLayout';
import { libreFranklin, plexMono } from '@/theme/fonts';

// No Chakra provider here: the shell and the content pages are plain markup with static CSS, and
// only the form pages bring Chakra with them (forms/kit/FormSystem).
/** The programme team's pages (/equipo/) bring their own frame: no public navigation, newsletter or analytics. */
const isTeamPath = (pathname: string): boolean => pathname === '/equipo' || pathname.startsWith('/equipo/');

export default function App({ Component, pageProps, router }: AppProps) {
  if (isTeamPath(router.pathname)) {
    return (
      <div className={`site-root ${libreFranklin.variable} ${plexMono.variable}`}>
        <Component {...pageProps} />
      </div>
    );
  }
  return (
    <>
      <div className={`site-root ${libreFranklin.variable} ${plexMono.variable}`}>
        <SiteLayout path={router.pathname}>
          <Component {...pageProps} />
        </SiteLayout>
        <ToastOutlet />
      </div>
      <Analytics />
    </>
  );
}
