import type { AppProps } from 'next/app';
import '@/theme/site.css';
import '@/theme/toasts.css';
import { Analytics } from '@/components/Analytics';
import { ToastOutlet } from '@/components/shell/ToastOutlet';
import { SiteLayout } from '@/layouts/SiteLayout';
import { isTeamPath } from '@/team/teamPath';
import { libreFranklin, plexMono } from '@/theme/fonts';

// No Chakra provider here: the shell, the content pages and the forms are plain markup with static
// CSS; only the team pages that use Chakra components bring it (theme/ChakraSystem).
// The programme team's pages (/equipo/) bring their own frame: no public navigation, newsletter or analytics.

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
