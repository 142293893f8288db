import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { durations, fontWeights, keyframes, radii, sizes, spacing, zIndex } from './tokens';

/**
 * The site's design system, from spec section 9. Built on Chakra's base config with only the
 * token groups and recipes the site uses: the full default theme alone weighs ~56 kB gzip.
 */

/** Spec colours. `accentText` and `headingText` are darker shades of the brand colours for small
 * text on white, where #F50087 and #e44550 fall below WCAG AA contrast. */
export const palette = {
  accent: '#F50087',
  accentText: '#B8006A',
  heading: '#e44550',
  headingText: '#B3262F',
  paragraph: '#232264',
  orange: '#ff4d15',
  orangeSoft: '#f87045',
  border: '#a9a9b8',
  white: '#ffffff',
  heroHome: '#fff4ef',
} as const;

/** Gradients per section group (spec section 9 leaves the values open): soft tints of the palette so
 * that navy text keeps its contrast on top of them. */
export const gradients = {
  applicants: 'linear-gradient(180deg, #ffe9f4 0%, #fff3ec 60%, #ffffff 100%)',
  about: 'linear-gradient(180deg, #eceafd 0%, #fbeff6 60%, #ffffff 100%)',
  academicGrants: 'linear-gradient(160deg, #ffe3d6 0%, #f7e6ff 55%, #ffffff 100%)',
  default: 'linear-gradient(180deg, #f3f2fb 0%, #ffffff 100%)',
  home: 'linear-gradient(180deg, #fff4ef 0%, #ffeaf3 70%, #ffffff 100%)',
  footer: 'linear-gradient(180deg, #ffffff 0%, #f3f2fb 100%)',
  newsletter: 'linear-gradient(90deg, #ffe3d6 0%, #ffe1f0 100%)',
  faq: 'linear-gradient(180deg, #fdf7ff 0%, #fff7f2 100%)',
  sidebar: 'linear-gradient(180deg, #fff1f7 0%, #f4f3fc 100%)',
  stats: 'linear-gradient(90deg, #fff0e9 0%, #f0efff 100%)',
  whoWeSupport: 'linear-gradient(180deg, #fff4ef 0%, #ffffff 100%)',
  howWeSupport: 'linear-gradient(180deg, #f0efff 0%, #ffffff 100%)',
} as const;

/** Spec breakpoints. */
export const breakpoints = {
  xs: '320px',
  sm: '360px',
  md: '768px',
  lg: '1015px',
  xl: '1200px',
  xl2: '1600px',
  xl3: '2000px',
} as const;

export const layoutSizes = {
  mobileContainer: '450px',
  newsletterButton: '148px',
  textarea: '150px',
} as const;

const config = defineConfig({
  preflight: true,
  // Also on the app root, where next/font defines the font-family variables the tokens refer to.
  cssVarsRoot: ':where(html, .site-root)',
  globalCss: {
    html: { scrollBehavior: 'smooth', '@media (prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' } },
    body: {
      fontFamily: 'body',
      fontSize: 'paragraph',
      color: 'paragraph',
      bg: 'white',
      lineHeight: '1.6',
    },
    'a:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible, [tabindex]:focus-visible': {
      outline: '3px solid {colors.accent}',
      outlineOffset: '2px',
    },
  },
  theme: {
    breakpoints,
    keyframes,
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
        body: { value: 'var(--font-libre-franklin), system-ui, Arial, sans-serif' },
        heading: { value: 'var(--font-libre-franklin), system-ui, Arial, sans-serif' },
        mono: { value: 'var(--font-plex-mono), ui-monospace, Menlo, Consolas, monospace' },
      },
      fontSizes: {
        homepage: { value: '30px' },
        allocations: { value: '36px' },
        h1: { value: '40px' },
        h2: { value: '24px' },
        h4: { value: '18px' },
        faqQuestion: { value: '16px' },
        paragraph: { value: '15px' },
        input: { value: '14px' },
        stats: { value: '20px' },
        helpText: { value: '13px' },
      },
      gradients: Object.fromEntries(Object.entries(gradients).map(([name, value]) => [name, { value }])),
    },
  },
});

export const system = createSystem(defaultBaseConfig, config);
