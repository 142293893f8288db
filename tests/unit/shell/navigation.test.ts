import { describe, expect, it } from 'vitest';
import { footerNav, isActive, mainNav } from '@/components/shell/navigation';

const byLabel = (label: string) => {
  const item = mainNav.find((entry) => entry.label === label);
  if (!item) throw new Error(`no nav item ${label}`);
  return item;
};

describe('main navigation', () => {
  it('lists the spec items in order', () => {
    expect(mainNav.map((item) => item.label)).toEqual(['Inicio', 'Cursos', 'Becas', 'Exchange', 'Academy']);
  });

  it('opens Exchange in a new tab and keeps Academy in the same one', () => {
    expect(byLabel('Exchange')).toMatchObject({ kind: 'external', newTab: true });
    expect(byLabel('Academy')).toMatchObject({ kind: 'external', newTab: false });
  });

  it.each([
    ['/', 'Inicio'],
    ['/applicants/office-hours', 'Cursos'],
    ['/cursos/blockchain-consultant/bitcoin/', 'Cursos'],
    ['/por-que-elegirnos/', 'Cursos'],
    ['/about/how-we-support/', 'Becas'],
  ])('marks the item for %s as active', (path, label) => {
    expect(mainNav.filter((item) => isActive(item, path)).map((item) => item.label)).toEqual([label]);
  });

  it('marks nothing active on a page outside the three sections', () => {
    expect(mainNav.some((item) => isActive(item, '/academic-grants'))).toBe(false);
  });

  it('gives the footer its nine links, the funded projects among them', () => {
    expect(footerNav.map((item) => item.label)).toEqual([
      'Inicio',
      'Cursos',
      'Becas',
      'Exchange',
      'Becas otorgadas',
      'Privacy Policy',
      'Terminos de Uso',
      'Cookie Policy',
      'Academy',
    ]);
  });
});
