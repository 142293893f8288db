import fs from 'node:fs';
import path from 'node:path';
import { ICON_NAMES, ICON_SPRITE_PATH } from '@/components/Icon';

// A name without its <symbol> draws an empty box: the footer's social links would lose their icons.
describe('the icon sprite', () => {
  const sprite = fs.readFileSync(path.join(__dirname, '../../../public', ICON_SPRITE_PATH), 'utf8');
  const symbols = new Map([...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 (\d+) (\d+)"><path d="([^"]+)"\/><\/symbol>/g)].map((match) => [match[1], match[4]]));

  it.each(ICON_NAMES)('has a drawn symbol for %s', (name) => {
    expect(symbols.get(name)).toMatch(/^M[\d.\s,a-zA-Z-]+$/);
  });

  it('has no symbol the site cannot name', () => {
    expect([...symbols.keys()].sort()).toEqual([...ICON_NAMES].sort());
  });
});
