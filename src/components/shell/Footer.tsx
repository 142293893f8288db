import { useRouter } from 'next/router';
import { chakra } from '@chakra-ui/react';
import { Icon } from '@/components/Icon';
import { site, socialProfiles } from '@/config/site';
import { Logo } from './Logo';
import { NavLink } from './NavLink';
import { LegacySiteContainer as SiteContainer } from './SiteContainer';
import { SocialEmbeds } from './SocialEmbeds';
import { footerNav, isActive } from './navigation';

/** Site footer: the social embeds, the footer links and the seven social profiles (spec section 2). */
export function Footer() {
  const { pathname } = useRouter();
  return (
    <chakra.footer bgImage="footer" pt="4" pb="10">
      <SiteContainer>
        <SocialEmbeds />
        <chakra.div display="flex" flexDirection={{ base: 'column', lg: 'row' }} gap="8" justifyContent="space-between" borderTop="1px solid" borderColor="border" pt="8">
          <Logo />
          <chakra.nav aria-label="Pie de página">
            <chakra.ul listStyleType="none" display="flex" flexWrap="wrap" columnGap="6" rowGap="1">
              {footerNav.map((item) => (
                <li key={`${item.label}-${item.href}`}>
                  <NavLink item={item} active={isActive(item, pathname)} fontSize="input" />
                </li>
              ))}
            </chakra.ul>
          </chakra.nav>
        </chakra.div>
        <chakra.ul aria-label="Redes sociales" listStyleType="none" display="flex" flexWrap="wrap" gap="2" mt="6">
          {socialProfiles.map((profile) => (
            <li key={profile.network}>
              <chakra.a
                href={profile.href}
                aria-label={profile.label}
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                w="11"
                h="11"
                color="paragraph"
                _hover={{ color: 'accentText' }}
              >
                <Icon name={profile.network} size={22} />
              </chakra.a>
            </li>
          ))}
        </chakra.ul>
        <chakra.p mt="6" fontSize="helpText">
          © {site.product} Academy
        </chakra.p>
      </SiteContainer>
    </chakra.footer>
  );
}
