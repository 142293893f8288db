import type { ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';
import { SiteContainer } from '@/components/shell/SiteContainer';
import type { ImageCopy } from '@/content/types';

/** A page's banner with an illustration beside it from md (under it on phones); the h1 of the page. */
export function ImageHero({ title, lead, image, children }: { title: string; lead: string; image: ImageCopy; children?: ReactNode }) {
  return (
    <SiteContainer display="grid" gridTemplateColumns={{ base: '1fr', md: '3fr 2fr' }} alignItems="center" gap={{ base: '8', md: '12' }} pt={{ base: '8', lg: '16' }} pb={{ base: '10', lg: '16' }}>
      <div>
        <chakra.h1 fontSize={{ base: 'homepage', lg: 'h1' }} lineHeight="1.15" color="headingText" fontWeight="700" maxW="22ch">
          {title}
        </chakra.h1>
        <chakra.p mt="4" fontSize={{ base: 'paragraph', lg: 'h4' }} maxW="55ch">
          {lead}
        </chakra.p>
        {children}
      </div>
      <chakra.img src={image.src} alt={image.alt} width={image.width} height={image.height} w="full" h="auto" maxW="md" justifySelf="center" />
    </SiteContainer>
  );
}
