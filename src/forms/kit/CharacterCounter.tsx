import { chakra } from '@chakra-ui/react';

/** Share of the cap after which the counter speaks up: quiet typing should not chatter. */
const ANNOUNCE_FROM = 0.9;

/**
 * "123 / 255" under a capped field. The visible count is not a live region (it would speak at every
 * keystroke); a separate polite region speaks only near and over the cap.
 */
export function CharacterCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max;
  const near = length >= Math.floor(max * ANNOUNCE_FROM);
  const announcement = over ? `${length - max} caracteres por encima del límite de ${max}.` : near ? `Quedan ${max - length} caracteres.` : '';
  return (
    <>
      <chakra.span id={id} fontSize="helpText" color={over ? 'headingText' : 'paragraph'} fontWeight={over ? '700' : '400'} aria-hidden="true">
        {length.toLocaleString('es')} / {max.toLocaleString('es')}
      </chakra.span>
      <chakra.span srOnly aria-live="polite">
        {announcement}
      </chakra.span>
    </>
  );
}
