import { useId, useState } from 'react';
import { chakra } from '@chakra-ui/react';
import type { FaqItemCopy } from '@/content/types';

function FaqItem({ item }: { item: FaqItemCopy }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <chakra.li borderBottom="1px solid" borderColor="border">
      <chakra.h3 fontSize="faqQuestion" m="0">
        <chakra.button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen(!open)}
          display="flex"
          w="full"
          justifyContent="space-between"
          alignItems="center"
          gap="4"
          py="4"
          textAlign="start"
          fontWeight="700"
          color="paragraph"
          cursor="pointer"
        >
          {item.question}
          <chakra.span aria-hidden="true" fontSize="h2" lineHeight="1" color="accentText">
            {open ? '−' : '+'}
          </chakra.span>
        </chakra.button>
      </chakra.h3>
      <chakra.div id={answerId} hidden={!open} pb="4">
        {item.answer.map((paragraph) => (
          <chakra.p key={paragraph} mt="2">
            {paragraph}
          </chakra.p>
        ))}
      </chakra.div>
    </chakra.li>
  );
}

/** Questions that each open their answer: buttons with aria-expanded, answers collapsed at first. */
export function Faq({ items }: { items: FaqItemCopy[] }) {
  return (
    <chakra.ul listStyleType="none" bgImage="faq" px={{ base: '4', md: '6' }} py="2">
      {items.map((item) => (
        <FaqItem key={item.question} item={item} />
      ))}
    </chakra.ul>
  );
}
