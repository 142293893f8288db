import { Head, Html, Main, NextScript, type DocumentProps } from 'next/document';
import { Analytics } from '@/components/Analytics';
import { SiteLayout } from '@/layouts/SiteLayout';
import { isTeamPath } from '@/team/teamPath';
import { libreFranklin, plexMono } from '@/theme/fonts';
import { libreFranklinFallbackFaces } from '@/theme/fontFallbacks';

// The application forms send through fetch once the page's scripts run. Before they do (the public
// pages start them after their first paint), Enter in a field would submit the form natively: a GET
// that reloads the page with everything typed in its address. Listening last, on window, this only
// ever cancels that native submission (the forms' own handlers have already run) of a form without
// an action. A form with one (the newsletter box) has a real native post, its path without scripts.
const HOLD_NATIVE_SUBMISSION = "addEventListener('submit',function(event){event.target.hasAttribute('action')||event.preventDefault()})";

// The public shell (header, drawer, route tabs, newsletter, footer) is static markup enhanced by the
// light scripts on every public page, so it is rendered here, around React's root, on the server only:
// the pages that run React neither download it (6–7 kB gzip, with next/link) nor hydrate it. Its stylesheets reach
// the browser through layouts/siteShellStyles.ts. The team's pages bring their own frame.
export default function Document({ __NEXT_DATA__: { page } }: DocumentProps) {
  return (
    <Html lang="es" className={`${libreFranklin.variable} ${plexMono.variable}`} suppressHydrationWarning>
      <Head>
        <link rel="icon" href="/favicon.ico" sizes="any" />
        <link rel="icon" type="image/png" sizes="32x32" href="/favicon-32x32.png" />
        <link rel="icon" type="image/png" sizes="16x16" href="/favicon-16x16.png" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <meta name="theme-color" content="#232264" />
        <script dangerouslySetInnerHTML={{ __html: HOLD_NATIVE_SUBMISSION }} />
        <style dangerouslySetInnerHTML={{ __html: libreFranklinFallbackFaces }} />
      </Head>
      <body>
        {isTeamPath(page) ? (
          <Main />
        ) : (
          <>
            <SiteLayout path={page}>
              <Main />
            </SiteLayout>
            <Analytics />
          </>
        )}
        <NextScript />
      </body>
    </Html>
  );
}
