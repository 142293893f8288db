import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/** Page-width wrapper: 450px column on phones, full width with wider padding from md (spec section 9). */
export function SiteContainer(props: HTMLChakraProps<'div'>) {
  return <chakra.div mx="auto" w="100%" maxW={{ base: '450px', md: '1440px' }} px={{ base: '5', md: '12' }} {...props} />;
}
