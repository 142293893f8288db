import { chakra } from '@chakra-ui/react';
import type { SectionCopy } from '@/content/types';
import { Reveal } from './Reveal';
import { RichBlocks } from './RichBlocks';

/** One anchored section of a page: its heading in the mono face and its blocks. */
export function ContentSection({ section }: { section: SectionCopy }) {
  return (
    <chakra.section id={section.id} scrollMarginTop="6">
      <Reveal>
        <chakra.h2 fontFamily="mono" fontSize="h2" fontWeight="700" color="headingText" mb="5">
          {section.title}
        </chakra.h2>
        <RichBlocks blocks={section.blocks} />
      </Reveal>
    </chakra.section>
  );
}

/** Sections one after another, evenly spaced. */
export function ContentSections({ sections }: { sections: SectionCopy[] }) {
  return (
    <chakra.div display="flex" flexDirection="column" gap={{ base: '12', lg: '16' }} minW="0">
      {sections.map((section) => (
        <ContentSection key={section.id} section={section} />
      ))}
    </chakra.div>
  );
}
