import type { ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';
import { LegacySiteContainer as SiteContainer } from '@/components/shell/SiteContainer';
import type { ImageCopy } from '@/content/types';

/**
 * A page's banner, its h1, with an illustration beside it from md. Phones show the text alone: there the
 * illustration would be the largest paint, waiting on the network behind the scripts, while the text
 * paints with the first render.
 */
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
      <chakra.img src={image.src} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" display={{ base: 'none', md: 'block' }} w="full" h="auto" maxW="md" justifySelf="center" />
    </SiteContainer>
  );
}
