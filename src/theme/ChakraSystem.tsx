import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@/theme';

/**
 * Chakra's provider with the site's system, for the one team component that renders Chakra's
 * (the members page's revocation dialog, src/team/RevokeDialog.tsx). The public pages and the forms' field kit are static CSS
 * modules and never load it (README, "Design choices").
 */
export function ChakraSystem({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
