import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { chakra } from '@chakra-ui/react';
import type { ContentTabCopy } from '@/content/types';
import { RichBlocks } from './RichBlocks';

/**
 * Tabs whose panels are parts of this page (WAI-ARIA tabs pattern: arrow keys, Home and End move
 * between tabs). A panel is mounted the first time its tab is selected, and kept afterwards.
 */
export function ContentTabs({ label, tabs }: { label: string; tabs: ContentTabCopy[] }) {
  const [selected, setSelected] = useState(0);
  const [mounted, setMounted] = useState<ReadonlySet<number>>(() => new Set([0]));
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const baseId = useId();

  const select = (index: number) => {
    setSelected(index);
    setMounted((previous) => new Set(previous).add(index));
    tabRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: selected === last ? 0 : selected + 1, ArrowLeft: selected === 0 ? last : selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div>
      <chakra.div role="tablist" aria-label={label} onKeyDown={onKeyDown} display="flex" flexWrap="wrap" gap="2" mb="6">
        {tabs.map((tab, index) => (
          <chakra.button
            key={tab.label}
            ref={(element: HTMLButtonElement | null) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index)}
            px="4"
            py="2"
            fontWeight="700"
            border="2px solid"
            borderColor="paragraph"
            bg="white"
            color="paragraph"
            cursor="pointer"
            css={{ '&[aria-selected=true]': { bg: 'paragraph', color: 'white' } }}
          >
            {tab.label}
          </chakra.button>
        ))}
      </chakra.div>
      {tabs.map((tab, index) => (
        <div key={tab.label} role="tabpanel" id={`${baseId}-panel-${index}`} aria-labelledby={`${baseId}-tab-${index}`} tabIndex={0} hidden={index !== selected}>
          {mounted.has(index) ? (
            <>
              <chakra.h3 fontSize="h4" fontWeight="700" mb="4">
                {tab.title}
              </chakra.h3>
              <RichBlocks blocks={tab.blocks} />
            </>
          ) : null}
        </div>
      ))}
    </div>
  );
}
