import type { AppProps } from 'next/app';
import '@/theme/site.css';
import { Analytics } from '@/components/Analytics';
import { ToastOutlet } from '@/components/shell/ToastOutlet';
import { SiteLayout } from '@/layouts/SiteLayout';
import { libreFranklin, plexMono } from '@/theme/fonts';

// No Chakra provider here: the shell and the content pages are plain markup with static CSS, and
// only the form pages bring Chakra with them (forms/kit/FormSystem).
export default function App({ Component, pageProps, router }: AppProps) {
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
