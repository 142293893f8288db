import localFont from 'next/font/local';

// Self-hosted from the @fontsource packages: nothing is fetched from the internet at build or run time,
// and next/font/local adds preload links and a size-adjusted fallback so text does not shift.
export const libreFranklin = localFont({
  src: [
    { path: '../../node_modules/@fontsource/libre-franklin/files/libre-franklin-latin-400-normal.woff2', weight: '400', style: 'normal' },
    { path: '../../node_modules/@fontsource/libre-franklin/files/libre-franklin-latin-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-libre-franklin',
  display: 'swap',
  fallback: ['system-ui', 'Arial', 'sans-serif'],
});

// Preloaded too: the header's logo is set in it on every page. Until it arrived, Chromium on Linux laid
// the first screen out in its fallbacks (ui-monospace, Menlo, Consolas, monospace), a font lookup each
// through the sandbox (in one Lighthouse trace of project grants each way, at 1x: font lookups 211 → 42
// ms, the first style-and-layout task 214 → 132 ms), and laid it out again when it came.
export const plexMono = localFont({
  src: [{ path: '../../node_modules/@fontsource/ibm-plex-mono/files/ibm-plex-mono-latin-600-normal.woff2', weight: '600', style: 'normal' }],
  variable: '--font-plex-mono',
  display: 'swap',
  fallback: ['ui-monospace', 'Menlo', 'Consolas', 'monospace'],
});
