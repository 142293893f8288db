import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useRouter } from 'next/router';
import { Icon } from '@/components/Icon';
import { Logo } from './Logo';
import { NavLink } from './NavLink';
import { isActive, mainNav } from './navigation';
import styles from './MobileMenu.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The full-screen navigation drawer for small screens. A native modal <dialog> makes the rest of the
 * page inert and closes on Escape; the Tab handler keeps focus cycling inside it.
 */
export function MobileMenu() {
  const router = useRouter();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  const close = useCallback(() => dialogRef.current?.close(), []);

  useEffect(() => {
    router.events.on('routeChangeStart', close);
    return () => router.events.off('routeChangeStart', close);
  }, [router.events, close]);

  function openMenu() {
    dialogRef.current?.showModal();
    setOpen(true);
  }

  function handleClosed() {
    setOpen(false);
    openButtonRef.current?.focus();
  }

  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className={styles.menu}>
      <button
        ref={openButtonRef}
        type="button"
        aria-label="Abrir menú"
        aria-expanded={open}
        aria-controls="mobile-menu"
        className={styles.iconButton}
        onClick={openMenu}
      >
        <Icon name="menu" size={24} />
      </button>
      <dialog ref={dialogRef} id="mobile-menu" aria-label="Menú" onClose={handleClosed} onKeyDown={keepFocusInside} className={styles.dialog}>
        <div className={styles.top}>
          <Logo />
          <button type="button" aria-label="Cerrar menú" className={styles.iconButton} onClick={close}>
            <Icon name="close" size={24} />
          </button>
        </div>
        <nav aria-label="Principal" className={styles.nav}>
          <ul className={styles.list}>
            {mainNav.map((item) => (
              <li key={item.label}>
                <NavLink item={item} active={isActive(item, router.pathname)} size="large" />
              </li>
            ))}
          </ul>
        </nav>
      </dialog>
    </div>
  );
}
