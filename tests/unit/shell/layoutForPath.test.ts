import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutForPath, type LayoutGroup } from '@/layouts/layoutForPath';
import { normalisePath } from '@/lib/paths';

// The band's height per group is styling: SiteLayout.module.css sets it on the page by its data-layout.
const layoutCss = fs.readFileSync(path.join(__dirname, '../../../src/layouts/SiteLayout.module.css'), 'utf8');
const declaredBandHeight = (selector: string): string | undefined => {
  const block = layoutCss.match(new RegExp(`(?:^|\\n|,\\s*)${selector.replace(/[.[\]]/g, '\\$&')}\\s*(?:,[^{]*)?\\{([^}]*)\\}`))?.[1] ?? '';
  return /--band-height:\s*([^;]+);/.exec(block)?.[1];
};
/** The --band-height a page of the group gets: its own rule's, else the page's default. */
const bandHeight = (group: LayoutGroup): string | undefined => declaredBandHeight(`.page[data-layout='${group}']`) ?? declaredBandHeight('.page');

describe('layoutForPath', () => {
  it.each([
    ['/', 'home'],
    ['/applicants', 'applicants'],
    ['/applicants/', 'applicants'],
    ['/applicants/small-grants/apply', 'applicants'],
    ['/about/who-we-support/', 'about'],
    ['/academic-grants', 'academicGrants'],
    ['/academic-grants/thank-you', 'academicGrants'],
    ['/devcon-grants', 'academicGrants'],
    ['/devcon-grants/apply', 'standalone'],
    ['/cursos/blockchain-consultant/inscripcion/', 'courses'],
    ['/por-que-elegirnos/eventos', 'courses'],
    ['/no-existe', 'default'],
    // A prefix must end at a path segment: '/aboutness' is not in the about group.
    ['/aboutness', 'default'],
  ])('puts %s in the %s group', (path, group) => {
    expect(layoutForPath(path)).toBe(group);
  });

  it('sizes the background band by group, as the spec lists', () => {
    expect(bandHeight('home')).toBe('877px');
    expect(bandHeight('academicGrants')).toBe('810px');
    expect(bandHeight('applicants')).toBe('550px');
    expect(bandHeight('default')).toBe('550px');
  });

  it('ignores trailing slashes, queries and fragments', () => {
    expect(normalisePath('/about/?x=1#faq')).toBe('/about');
    expect(normalisePath('')).toBe('/');
  });
});
