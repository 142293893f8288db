import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/**
 * Content that slides into place 0.25 s after it first paints. Pure CSS, so it plays (and the
 * content is there) without JavaScript; none at all for readers who prefer reduced motion.
 */
export function Reveal(props: HTMLChakraProps<'div'>) {
  return <chakra.div css={{ '@media (prefers-reduced-motion: no-preference)': { animation: 'reveal 0.5s ease-out 0.25s both' } }} {...props} />;
}
