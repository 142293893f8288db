import type { AppProps } from 'next/app';
import '@/theme/site.css';
import '@/theme/toasts.css';
import '@/theme/fonts';
import '@/layouts/siteShellStyles';
import { ToastOutlet } from '@/components/shell/ToastOutlet';
import { isTeamPath } from '@/team/teamPath';

// No Chakra provider here: the content pages and the forms are plain markup with static CSS; only the
// team pages that use Chakra components bring it (theme/ChakraSystem). The public shell around the
// page is rendered by _document, outside React; the font files and the shell's stylesheets are
// imported here so that every page links them (and next/font preloads the fonts).

export default function App({ Component, pageProps, router }: AppProps) {
  return (
    <>
      <Component {...pageProps} />
      {isTeamPath(router.pathname) ? null : <ToastOutlet />}
    </>
  );
}
