import { Head, Html, Main, NextScript } from 'next/document';
import { libreFranklinFallbackFaces } from '@/theme/fontFallbacks';

// The application forms send through fetch once the page's scripts run. Before they do (the public
// pages start them after their first paint), Enter in a field would submit the form natively: a GET
// that reloads the page with everything typed in its address. Listening last, on window, this only
// ever cancels that native submission (the forms' own handlers have already run) of a form without
// an action. A form with one (the newsletter box) has a real native post, its path without scripts.
const HOLD_NATIVE_SUBMISSION = "addEventListener('submit',function(event){event.target.hasAttribute('action')||event.preventDefault()})";

export default function Document() {
  return (
    <Html lang="es" suppressHydrationWarning>
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
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
