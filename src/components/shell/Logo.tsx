import NextLink from 'next/link';
import { chakra } from '@chakra-ui/react';
import { site } from '@/config/site';

const StyledNextLink = chakra(NextLink);

/** The wordmark; it always leads home. */
export function Logo() {
  return (
    <StyledNextLink
      href="/"
      aria-label={`${site.product} Academy, ir al inicio`}
      display="inline-flex"
      alignItems="center"
      gap="2"
      color="paragraph"
      textDecoration="none"
      fontFamily="mono"
      fontWeight="600"
      fontSize="h4"
      lineHeight="1"
    >
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32">
        <rect x="2" y="2" width="28" height="28" fill="#232264" />
        <path d="M9 20l7-10 7 10z" fill="#ff4d15" />
        <path d="M9 22h14" stroke="#F50087" strokeWidth="3" />
      </svg>
      <chakra.span>
        {site.product}
        <chakra.span color="accentText"> Academy</chakra.span>
      </chakra.span>
    </StyledNextLink>
  );
}
