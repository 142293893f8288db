import { useRouter } from 'next/router';
import { chakra } from '@chakra-ui/react';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavLink } from './NavLink';
import { LegacySiteContainer as SiteContainer } from './SiteContainer';
import { isActive, mainNav } from './navigation';

/** Site header: logo home link, inline navigation from lg, the drawer below it. */
export function Header() {
  const { pathname } = useRouter();
  return (
    <chakra.header position="relative" zIndex="1">
      <SiteContainer display="flex" alignItems="center" justifyContent="space-between" py="5">
        <Logo />
        <chakra.nav aria-label="Principal" display={{ base: 'none', lg: 'block' }}>
          <chakra.ul listStyleType="none" display="flex" gap="8" alignItems="center">
            {mainNav.map((item) => (
              <li key={item.label}>
                <NavLink item={item} active={isActive(item, pathname)} />
              </li>
            ))}
          </chakra.ul>
        </chakra.nav>
        <MobileMenu />
      </SiteContainer>
    </chakra.header>
  );
}
