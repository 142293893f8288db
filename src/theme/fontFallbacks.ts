import { createFontStack, type FontMetrics } from '@capsizecss/core';
import arialBold from '@capsizecss/metrics/arial/700';
import arial from '@capsizecss/metrics/arial';
import libreFranklinBold from '@capsizecss/metrics/libreFranklin/700';
import libreFranklin from '@capsizecss/metrics/libreFranklin';
import robotoBold from '@capsizecss/metrics/roboto/700';
import roboto from '@capsizecss/metrics/roboto';

/**
 * Until Libre Franklin arrives, text is set in a local face scaled to its widths and line heights,
 * so the swap moves nothing. next/font's own fallback names Arial alone, which Android and most
 * Linux systems do not have: Android drew Roboto unscaled, and a section's tabs that fit on one line
 * in it took two in Libre Franklin (a layout shift of 0.26 at 412 px on every /applicants/ page).
 * Capsize computes the overrides; Liberation Sans and Arimo are metric-compatible with Arial.
 * The family names are repeated in site.css's --font-body, where CSS needs them as literals.
 */
export const LIBRE_FRANKLIN_FALLBACK_FAMILIES = ['Libre Franklin Fallback Arial', 'Libre Franklin Fallback Roboto'] as const;

type Fallback = { family: string; regular: FontMetrics; bold: FontMetrics; localNames: { regular: string[]; bold: string[] } };

const FALLBACKS: Fallback[] = [
  {
    family: LIBRE_FRANKLIN_FALLBACK_FAMILIES[0],
    regular: arial,
    bold: arialBold,
    localNames: {
      regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo', 'Arimo-Regular'],
      bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold', 'Arimo-Bold'],
    },
  },
  {
    family: LIBRE_FRANKLIN_FALLBACK_FAMILIES[1],
    regular: roboto,
    bold: robotoBold,
    // Recent Android ships Roboto as one variable font: 'Roboto' last, for the bold weight too.
    localNames: { regular: ['Roboto', 'Roboto Regular', 'Roboto-Regular'], bold: ['Roboto Bold', 'Roboto-Bold', 'Roboto'] },
  },
];

const CSS_PROPERTY: Record<string, string> = {
  ascentOverride: 'ascent-override',
  descentOverride: 'descent-override',
  lineGapOverride: 'line-gap-override',
  sizeAdjust: 'size-adjust',
};

function fallbackFace(family: string, weight: 400 | 700, preferred: FontMetrics, fallback: FontMetrics, localNames: string[]): string {
  const [face] = createFontStack([preferred, fallback], { fontFaceFormat: 'styleObject' }).fontFaces;
  if (!face) throw new Error(`Capsize made no fallback face for ${fallback.familyName}`);
  const overrides = Object.entries(face['@font-face'])
    .filter(([property]) => property in CSS_PROPERTY)
    .map(([property, value]) => `${CSS_PROPERTY[property]}:${String(value)}`);
  const src = localNames.map((name) => `local("${name}")`).join(',');
  return `@font-face{font-family:"${family}";src:${src};font-weight:${weight};${overrides.join(';')}}`;
}

/** The @font-face rules of LIBRE_FRANKLIN_FALLBACK_FAMILIES, regular and bold, as one stylesheet. */
export const libreFranklinFallbackFaces: string = FALLBACKS.flatMap(({ family, regular, bold, localNames }) => [
  fallbackFace(family, 400, libreFranklin, regular, localNames.regular),
  fallbackFace(family, 700, libreFranklinBold, bold, localNames.bold),
]).join('');
