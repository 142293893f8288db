import { chakra } from '@chakra-ui/react';
import type { BannerCopy } from '@/content/types';

/** The highlighted announcement under a banner's lead, in its own language when that is not Spanish. */
export function BannerNote({ note }: { note: NonNullable<BannerCopy['note']> }) {
  return (
    <chakra.p lang={note.lang} mt="6" maxW="60ch" p="5" bg="white" borderStart="4px solid" borderColor="accent" fontWeight="700">
      {note.text}
    </chakra.p>
  );
}
