import { Icon } from '@/components/Icon';
import { Logo } from './Logo';
import { NavLink } from './NavLink';
import { isActive, mainNav } from './navigation';
import styles from './MobileMenu.module.css';

/**
 * The full-screen navigation drawer for small screens: a native modal <dialog> its buttons open and
 * close by HTML invoker commands, with no script (the page becomes inert, Escape closes it, focus
 * goes back to the button). src/light/menu.ts keeps aria-expanded in step, keeps Tab inside the
 * drawer, and opens it by script in browsers without invoker commands.
 */
export function MobileMenu({ path }: { path: string }) {
  return (
    <div className={styles.menu}>
      <button type="button" aria-label="Abrir menú" aria-expanded="false" aria-controls="mobile-menu" commandfor="mobile-menu" command="show-modal" className={styles.iconButton}>
        <Icon name="menu" size={24} />
      </button>
      <dialog id="mobile-menu" data-light="menu" aria-label="Menú" className={styles.dialog}>
        <div className={styles.top}>
          <Logo />
          <button type="button" aria-label="Cerrar menú" commandfor="mobile-menu" command="close" className={styles.iconButton}>
            <Icon name="close" size={24} />
          </button>
        </div>
        <nav aria-label="Principal" className={styles.nav}>
          <ul className={styles.list}>
            {mainNav.map((item) => (
              <li key={item.label}>
                <NavLink item={item} active={isActive(item, path)} size="large" />
              </li>
            ))}
          </ul>
        </nav>
      </dialog>
    </div>
  );
}
