import { chakra } from '@chakra-ui/react';
import type { Block } from '@/content/types';
import { ActionLink } from './ActionLink';
import { CardGrid } from './CardGrid';
import { Faq } from './Faq';

function RichBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return <chakra.p maxW="prose">{block.text}</chakra.p>;
    case 'list': {
      const List = block.ordered ? chakra.ol : chakra.ul;
      return (
        <List ps="5" listStyleType={block.ordered ? 'decimal' : 'disc'} maxW="prose" css={{ '& > li': { mt: '2' } }}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      );
    }
    case 'steps':
      return (
        <chakra.ol listStyleType="none" display="grid" gap="4" css={{ counterReset: 'step' }}>
          {block.items.map((step) => (
            <chakra.li key={step.title} display="grid" gridTemplateColumns="2.5rem 1fr" columnGap="4" css={{ counterIncrement: 'step' }}>
              <chakra.span aria-hidden="true" gridRow="span 2" fontFamily="mono" fontWeight="700" fontSize="stats" color="accentText" css={{ '&::before': { content: 'counter(step, decimal-leading-zero)' } }} />
              <chakra.h3 fontSize="h4" fontWeight="700">
                {step.title}
              </chakra.h3>
              <chakra.p>{step.text}</chakra.p>
            </chakra.li>
          ))}
        </chakra.ol>
      );
    case 'cards':
      return <CardGrid items={block.items} />;
    case 'stats':
      return (
        <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4" bgImage="stats" border="1px solid" borderColor="border" p="6">
          {block.items.map((stat) => (
            <chakra.div key={stat.label} display="flex" flexDirection="column-reverse">
              <chakra.dt>{stat.label}</chakra.dt>
              <chakra.dd fontSize="stats" fontWeight="700" color="headingText">
                {stat.value}
              </chakra.dd>
            </chakra.div>
          ))}
        </chakra.dl>
      );
    case 'faq':
      return <Faq items={block.items} />;
    case 'action':
      return (
        <chakra.p>
          <ActionLink link={block.link} />
        </chakra.p>
      );
  }
}

/** The body of a content section, block by block, spaced evenly. */
export function RichBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <chakra.div display="flex" flexDirection="column" gap="5">
      {blocks.map((block, index) => (
        <RichBlock key={index} block={block} />
      ))}
    </chakra.div>
  );
}
