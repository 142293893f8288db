import { describe, expect, it } from 'vitest';
import { backgroundForGroup, layoutForPath, normalisePath } from '@/layouts/layoutForPath';

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
    expect(backgroundForGroup.home.height).toBe('877px');
    expect(backgroundForGroup.academicGrants.height).toBe('810px');
    expect(backgroundForGroup.applicants.height).toBe('550px');
    expect(backgroundForGroup.default.height).toBe('550px');
  });

  it('ignores trailing slashes, queries and fragments', () => {
    expect(normalisePath('/about/?x=1#faq')).toBe('/about');
    expect(normalisePath('')).toBe('/');
  });
});
