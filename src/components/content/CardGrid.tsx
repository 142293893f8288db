import { chakra } from '@chakra-ui/react';
import type { CardCopy } from '@/content/types';
import { ActionLink } from './ActionLink';

/** Cards of a title, a short text and at most one call to action; each is a list item of the grid. */
export function CardGrid({ items }: { items: CardCopy[] }) {
  return (
    <chakra.ul listStyleType="none" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="6">
      {items.map((card) => (
        <chakra.li key={card.title} display="flex" flexDirection="column" alignItems="flex-start" gap="3" p="6" bg="white" border="1px solid" borderColor="border">
          <chakra.h3 fontSize="h4" fontWeight="700" color="headingText">
            {card.title}
          </chakra.h3>
          <chakra.p flex="1">{card.text}</chakra.p>
          {card.link ? <ActionLink link={card.link} context={card.title} /> : null}
        </chakra.li>
      ))}
    </chakra.ul>
  );
}
