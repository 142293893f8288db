import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@/theme';

/**
 * Chakra's provider with the site's system, for pages that render Chakra components. The forms'
 * field kit no longer does (static CSS modules: see README, "Design choices"), so no page loads it
 * today; the component tests still render the forms inside it, as a page with Chakra would.
 */
export function FormSystem({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
