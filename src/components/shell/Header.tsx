import { useRouter } from 'next/router';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavLink } from './NavLink';
import { SiteContainer } from './SiteContainer';
import { isActive, mainNav } from './navigation';
import styles from './Header.module.css';

/** Site header: logo home link, inline navigation from lg, the drawer below it. */
export function Header() {
  const { pathname } = useRouter();
  return (
    <header className={styles.header}>
      <SiteContainer className={styles.bar}>
        <Logo />
        <nav aria-label="Principal" className={styles.nav}>
          <ul className={styles.list}>
            {mainNav.map((item) => (
              <li key={item.label}>
                <NavLink item={item} active={isActive(item, pathname)} />
              </li>
            ))}
          </ul>
        </nav>
        <MobileMenu />
      </SiteContainer>
    </header>
  );
}
