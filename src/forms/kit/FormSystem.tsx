import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@/theme';

/**
 * Chakra's provider for the forms, which are the only Chakra components of the site: held here
 * rather than in _app so that content pages never download or run Chakra.
 */
export function FormSystem({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
