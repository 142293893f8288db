import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIBRE_FRANKLIN_FALLBACK_FAMILIES, libreFranklinFallbackFaces } from '../../../src/theme/fontFallbacks';

// CSS takes the families as literals, so site.css repeats the fallback families' names after the web
// font's variable: if the two drift apart, text is set unscaled until the web font comes and moves when it does.
const fontsSource = fs.readFileSync(path.join(__dirname, '../../../src/theme/fonts.ts'), 'utf8');
const siteCss = fs.readFileSync(path.join(__dirname, '../../../src/theme/site.css'), 'utf8');
const bodyStack = /--font-body: var\(--font-libre-franklin\),([^;]*);/.exec(siteCss)?.[1] ?? '';

describe('Libre Franklin fallback faces', () => {
  it('are the first families of the text stack after the web font, before any unscaled system face', () => {
    const stack = bodyStack.split(',').map((family) => family.trim().replace(/^'(.*)'$/, '$1'));
    expect(stack.slice(0, LIBRE_FRANKLIN_FALLBACK_FAMILIES.length)).toEqual([...LIBRE_FRANKLIN_FALLBACK_FAMILIES]);
    expect(fontsSource).toContain('adjustFontFallback: false');
  });

  it('give each family a scaled face for the regular and the bold text, from local fonts only', () => {
    const faces = libreFranklinFallbackFaces.match(/@font-face\{[^}]*\}/g) ?? [];
    for (const family of LIBRE_FRANKLIN_FALLBACK_FAMILIES) {
      const ofFamily = faces.filter((face) => face.includes(`font-family:"${family}"`));
      expect(ofFamily.map((face) => /font-weight:(\d+)/.exec(face)?.[1]).sort()).toEqual(['400', '700']);
      for (const face of ofFamily) {
        expect(face).toMatch(/size-adjust:\d+(\.\d+)?%/);
        expect(face).toMatch(/ascent-override:\d+(\.\d+)?%/);
        expect(face).not.toContain('url(');
      }
    }
  });
});
