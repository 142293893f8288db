/**
 * The token scales the site's style props use, written out here because importing them from
 * Chakra's default theme module pulls every component recipe into the bundle with them.
 * Values follow Chakra's own scales (1 unit = 0.25rem), so `px="5"` means what Chakra docs say.
 */

type TokenGroup = Record<string, { value: string }>;

const spacingSteps = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 72, 80, 96];

export const spacing: TokenGroup = Object.fromEntries(spacingSteps.map((step) => [String(step), { value: `${step / 4}rem` }]));

export const sizes: TokenGroup = {
  ...spacing,
  xs: { value: '20rem' },
  sm: { value: '24rem' },
  md: { value: '28rem' },
  lg: { value: '32rem' },
  xl: { value: '36rem' },
  '2xl': { value: '42rem' },
  '3xl': { value: '48rem' },
  '4xl': { value: '56rem' },
  '5xl': { value: '64rem' },
  '6xl': { value: '72rem' },
  prose: { value: '60ch' },
  full: { value: '100%' },
};

export const radii: TokenGroup = {
  none: { value: '0' },
  sm: { value: '0.25rem' },
  md: { value: '0.375rem' },
  lg: { value: '0.5rem' },
  xl: { value: '0.75rem' },
  full: { value: '9999px' },
};

export const fontWeights: TokenGroup = {
  normal: { value: '400' },
  medium: { value: '500' },
  semibold: { value: '600' },
  bold: { value: '700' },
};

export const zIndex: TokenGroup = {
  hide: { value: '-1' },
  base: { value: '0' },
  docked: { value: '10' },
  dropdown: { value: '1000' },
  sticky: { value: '1100' },
  overlay: { value: '1300' },
  modal: { value: '1400' },
  toast: { value: '1700' },
};

export const durations: TokenGroup = {
  fast: { value: '150ms' },
  moderate: { value: '200ms' },
  slow: { value: '300ms' },
};
