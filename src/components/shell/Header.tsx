import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { NavLink } from './NavLink';
import { SiteContainer } from './SiteContainer';
import { isActive, mainNav } from './navigation';
import styles from './Header.module.css';

/** Site header: logo home link, inline navigation from lg, the drawer below it. Static markup: no state, no handlers. */
export function Header({ path }: { path: string }) {
  return (
    <header className={styles.header}>
      <SiteContainer className={styles.bar}>
        <Logo />
        <nav aria-label="Principal" className={styles.nav}>
          <ul className={styles.list}>
            {mainNav.map((item) => (
              <li key={item.label}>
                <NavLink item={item} active={isActive(item, path)} />
              </li>
            ))}
          </ul>
        </nav>
        <MobileMenu path={path} />
      </SiteContainer>
    </header>
  );
}
