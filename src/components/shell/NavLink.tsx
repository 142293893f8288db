import NextLink from 'next/link';
import { chakra } from '@chakra-ui/react';
import type { NavItem } from './navigation';

const linkStyles = {
  display: 'inline-block',
  py: '2',
  color: 'paragraph',
  fontWeight: '700',
  textDecoration: 'none',
  textUnderlineOffset: '6px',
  textDecorationThickness: '2px',
  _hover: { textDecoration: 'underline', textDecorationColor: 'orange' },
  // The active item is underlined (spec section 2).
  '&[aria-current=page]': { textDecoration: 'underline', textDecorationColor: 'accent' },
} as const;

const StyledNextLink = chakra(NextLink);

/** One navigation entry, internal (client-side) or external, marked when it is the current page. */
export function NavLink({ item, active, fontSize }: { item: NavItem; active: boolean; fontSize?: string }) {
  if (item.kind === 'internal') {
    return (
      <StyledNextLink href={item.href} aria-current={active ? 'page' : undefined} fontSize={fontSize} {...linkStyles}>
        {item.label}
      </StyledNextLink>
    );
  }
  return (
    <chakra.a
      href={item.href}
      fontSize={fontSize}
      {...(item.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...linkStyles}
    >
      {item.label}
      {item.newTab ? <chakra.span srOnly> (se abre en una pestaña nueva)</chakra.span> : null}
    </chakra.a>
  );
}
