import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { palette } from './palette';
import { durations, fontWeights, radii, sizes, spacing, zIndex } from './tokens';

/**
 * Chakra's design system, for the members page's revocation dialog (src/team/RevokeDialog.tsx). The forms' field kit is static CSS modules
 * now: Chakra and Emotion took over 40% of a keystroke's script time and 31 kB gzip of the forms'
 * JavaScript. Built on the base config with just the token groups the site uses; every colour, font
 * and size is a variable of theme/site.css, the site's one stylesheet of tokens, which every page loads.
 */

export { palette } from './palette';

const fontSizeNames = ['homepage', 'allocations', 'h1', 'h2', 'h4', 'faqQuestion', 'paragraph', 'input', 'stats', 'helpText'] as const;

/** camelCase token name → the kebab-case name site.css gives its variable. */
function cssName(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export const layoutSizes = {
  textarea: 'var(--size-textarea)',
} as const;

const config = defineConfig({
  // site.css already resets and styles the page; Chakra's own preflight would only repeat it.
  // Without layers: with nothing in its reset and base layers, Chakra 3.37 writes them as bare
  // `@layer reset@layer base` and the browser drops the token variables that follow.
  preflight: false,
  disableLayers: true,
  cssVarsRoot: ':where(html)',
  theme: {
    // The spec's breakpoints (site.css lists the same values for the CSS modules).
    breakpoints: { xs: '320px', sm: '360px', md: '768px', lg: '1015px', xl: '1200px', xl2: '1600px', xl3: '2000px' },
    tokens: {
      spacing,
      sizes,
      radii,
      fontWeights,
      zIndex,
      durations,
      colors: {
        transparent: { value: 'transparent' },
        currentColor: { value: 'currentColor' },
        ...Object.fromEntries(Object.entries(palette).map(([name, value]) => [name, { value }])),
      },
      fonts: {
        body: { value: 'var(--font-body)' },
        heading: { value: 'var(--font-heading)' },
        mono: { value: 'var(--font-mono)' },
      },
      fontSizes: Object.fromEntries(fontSizeNames.map((name) => [name, { value: `var(--font-size-${cssName(name)})` }])),
    },
  },
});

export const system = createSystem(defaultBaseConfig, config);
