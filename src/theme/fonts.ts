import localFont from 'next/font/local';

// Self-hosted from the @fontsource packages: nothing is fetched from the internet at build or run time,
// and next/font/local adds preload links. The size-adjusted fallbacks are ours (fontFallbacks.ts,
// written into every page by _document): next/font's names Arial alone, which Android does not have.
// The fallback families follow the variables in site.css (--font-body, --font-mono), once: given to
// next/font as well, they were also written into the style object every page's script carries.
export const libreFranklin = localFont({
  src: [
    { path: '../../node_modules/@fontsource/libre-franklin/files/libre-franklin-latin-400-normal.woff2', weight: '400', style: 'normal' },
    { path: '../../node_modules/@fontsource/libre-franklin/files/libre-franklin-latin-700-normal.woff2', weight: '700', style: 'normal' },
  ],
  variable: '--font-libre-franklin',
  display: 'swap',
  adjustFontFallback: false,
});

// Preloaded too: the header's logo is set in it on every page. Until it arrived, Chromium on Linux laid
// the first screen out in its fallbacks (ui-monospace, Menlo, Consolas, monospace), a font lookup each
// through the sandbox (in one Lighthouse trace of project grants each way, at 1x: font lookups 211 → 42
// ms, the first style-and-layout task 214 → 132 ms), and laid it out again when it came.
export const plexMono = localFont({
  src: [{ path: '../../node_modules/@fontsource/ibm-plex-mono/files/ibm-plex-mono-latin-600-normal.woff2', weight: '600', style: 'normal' }],
  variable: '--font-plex-mono',
  display: 'swap',
});
