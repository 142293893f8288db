import localFont from 'next/font/local';

// Self-hosted from the @fontsource packages: nothing is fetched from the internet at build or run time.
// No preload: in Lighthouse's mobile trace the preloads held the first paint back by a second or more.
// The text paints at once in a fallback scaled to the font's metrics and swaps when the font is in
// ('optional' would keep the fallback for the whole first page view).
export const libreFranklin = localFont({
  src: [
    { path: '../../node_modules/@fontsource/libre-franklin/files/libre-franklin-latin-400-normal.woff2', weight: '400', style: 'normal' },
    { path: '../../node_modules/@fontsource/libre-franklin/files/libre-franklin-latin-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-libre-franklin',
  display: 'swap',
  preload: false,
  // Our own size-adjusted fallback (theme/site.css): next/font's looks only for local(Arial), which
  // Linux does not have under that name, so text fell back to a wider face and moved when the font came.
  adjustFontFallback: false,
  fallback: ['Libre Franklin Fallback', 'system-ui', 'Arial', 'sans-serif'],
});

export const plexMono = localFont({
  src: [{ path: '../../node_modules/@fontsource/ibm-plex-mono/files/ibm-plex-mono-latin-600-normal.woff2', weight: '600', style: 'normal' }],
  variable: '--font-plex-mono',
  display: 'swap',
  preload: false,
  fallback: ['ui-monospace', 'Menlo', 'Consolas', 'monospace'],
});
