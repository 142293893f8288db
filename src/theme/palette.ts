/**
 * The spec colours by name, as CSS values (variables of site.css). Kept apart from the Chakra
 * system (theme/index.ts) so that styles written outside Chakra (react-select's) do not pull
 * Chakra into their chunk.
 */
export const paletteNames = {
  accent: 'accent',
  accentText: 'accent-text',
  heading: 'heading',
  headingText: 'heading-text',
  paragraph: 'paragraph',
  orange: 'orange',
  orangeSoft: 'orange-soft',
  border: 'border',
  white: 'white',
  heroHome: 'hero-home',
} as const;

export type PaletteName = keyof typeof paletteNames;

export const palette = Object.fromEntries(Object.entries(paletteNames).map(([name, cssName]) => [name, `var(--color-${cssName})`])) as Record<PaletteName, string>;
