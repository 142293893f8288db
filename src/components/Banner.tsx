import type { ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';
import { SiteContainer } from '@/components/shell/SiteContainer';

/** The banner area at the top of each page: its one h1 and a short lead, over the layout's background band. */
export function Banner({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <SiteContainer pt={{ base: '8', lg: '16' }} pb={{ base: '10', lg: '16' }}>
      <chakra.h1 fontSize={{ base: 'homepage', lg: 'h1' }} lineHeight="1.15" color="headingText" fontWeight="700" maxW="20ch">
        {title}
      </chakra.h1>
      {lead ? (
        <chakra.p mt="4" fontSize={{ base: 'paragraph', lg: 'h4' }} maxW="60ch">
          {lead}
        </chakra.p>
      ) : null}
      {children}
    </SiteContainer>
  );
}
