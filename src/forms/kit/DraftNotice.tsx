import { chakra } from '@chakra-ui/react';
import { Button } from '@/components/Button';

/** Shown when a saved draft was put back into the form; the applicant may throw it away. */
export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <chakra.div role="status" display="flex" flexWrap="wrap" alignItems="center" gap="3" mb="8" p="4" border="1px solid" borderColor="paragraph" bg="#fff7f2" fontSize="input">
      <chakra.p flex="1" minW="60">
        We restored the draft you left in this browser. Check your answers before you submit.
      </chakra.p>
      <Button type="button" variant="outline" size="small" onClick={onDiscard}>
        Discard draft
      </Button>
    </chakra.div>
  );
}
