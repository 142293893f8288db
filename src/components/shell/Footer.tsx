import { Icon } from '@/components/Icon';
import { site, socialProfiles } from '@/config/site';
import { Logo } from './Logo';
import { NavLink } from './NavLink';
import { SiteContainer } from './SiteContainer';
import { SocialEmbeds } from './SocialEmbeds';
import { footerNav, isActive } from './navigation';
import styles from './Footer.module.css';

/** Site footer: the social embeds, the footer links and the seven social profiles. */
export function Footer({ path }: { path: string }) {
  return (
    <footer className={styles.footer}>
      <SiteContainer>
        <SocialEmbeds />
        <div className={styles.main}>
          <Logo />
          <nav aria-label="Pie de página">
            <ul className={styles.links}>
              {footerNav.map((item) => (
                <li key={`${item.label}-${item.href}`}>
                  <NavLink item={item} active={isActive(item, path)} size="small" />
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <ul aria-label="Redes sociales" className={styles.social}>
          {socialProfiles.map((profile) => (
            <li key={profile.network}>
              <a href={profile.href} aria-label={profile.label} className={styles.socialLink}>
                <Icon name={profile.network} size={22} />
              </a>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>© {site.product} Academy</p>
      </SiteContainer>
    </footer>
  );
}
