/**
 * The glyphs live in one SVG sprite, public/icons.svg (Font Awesome Free, CC BY 4.0), drawn here
 * with <use>: their path data then stays out of the JavaScript every page loads, and the browser
 * fetches and caches the sprite once for the whole site.
 */
export const ICON_NAMES = ['youtube', 'telegram', 'discord', 'github', 'twitter', 'instagram', 'linkedin', 'paperPlane', 'menu', 'close'] as const;
export type IconName = (typeof ICON_NAMES)[number];

export const ICON_SPRITE_PATH = '/icons.svg';

/** A decorative glyph; the control around it carries the accessible name. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} fill="currentColor">
      <use href={`${ICON_SPRITE_PATH}#${name}`} />
    </svg>
  );
}
