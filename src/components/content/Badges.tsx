import { chakra } from '@chakra-ui/react';

/** Short labels of a course (certification, live, rating, duration), as a list. */
export function Badges({ items, label }: { items: string[]; label: string }) {
  return (
    <chakra.ul listStyleType="none" display="flex" flexWrap="wrap" gap="2" aria-label={label}>
      {items.map((badge) => (
        <chakra.li key={badge} px="2" py="1" fontSize="helpText" fontWeight="700" bg="paragraph" color="white">
          {badge}
        </chakra.li>
      ))}
    </chakra.ul>
  );
}
