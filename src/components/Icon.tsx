import { iconGlyphs, type IconName } from './iconGlyphs';

/** A decorative glyph; the control around it carries the accessible name. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  const glyph = iconGlyphs[name];
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox={`0 0 ${glyph.width} ${glyph.height}`}
      fill="currentColor"
    >
      <path d={glyph.path} />
    </svg>
  );
}
