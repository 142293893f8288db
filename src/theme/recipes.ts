import { defineRecipe } from '@chakra-ui/react';

/** The site's button: navy, with an orange shadow box that slides under it on hover (spec section 4). */
export const buttonRecipe = defineRecipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontFamily: 'body',
    fontWeight: '700',
    fontSize: 'input',
    px: '6',
    h: '12',
    borderRadius: '0',
    border: '2px solid',
    borderColor: 'paragraph',
    bg: 'paragraph',
    color: 'white',
    cursor: 'pointer',
    // The shadow box sits offset behind the button and slides under it on hover (spec section 4).
    boxShadow: '4px 4px 0 0 {colors.orange}',
    transition: 'box-shadow 0.15s ease, transform 0.15s ease',
    _hover: { boxShadow: '0 0 0 0 {colors.orange}', transform: 'translate(2px, 2px)' },
    _focusVisible: { outline: '3px solid {colors.accent}', outlineOffset: '3px' },
    _disabled: { opacity: 0.55, cursor: 'not-allowed', boxShadow: 'none', transform: 'none' },
    '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
  },
  variants: {
    variant: {
      solid: {},
      outline: { bg: 'white', color: 'paragraph' },
    },
  },
  defaultVariants: { variant: 'solid' },
});
