import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useRouter } from 'next/router';
import { chakra } from '@chakra-ui/react';
import { Icon } from '@/components/Icon';
import { Logo } from './Logo';
import { NavLink } from './NavLink';
import { isActive, mainNav } from './navigation';

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
    <chakra.div display={{ base: 'block', lg: 'none' }}>
      <chakra.button
        ref={openButtonRef}
        type="button"
        aria-label="Abrir menú"
        aria-expanded={open}
        aria-controls="mobile-menu"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        w="11"
        h="11"
        color="paragraph"
        bg="transparent"
        border="none"
        cursor="pointer"
        onClick={openMenu}
      >
        <Icon name="menu" size={24} />
      </chakra.button>
      <chakra.dialog
        ref={dialogRef}
        id="mobile-menu"
        aria-label="Menú"
        onClose={handleClosed}
        onKeyDown={keepFocusInside}
        m="0"
        p="0"
        border="none"
        w="100vw"
        h="100dvh"
        maxW="100vw"
        maxH="100dvh"
        bg="white"
        color="paragraph"
        css={{ '&::backdrop': { background: 'rgba(35, 34, 100, 0.4)' } }}
      >
        <chakra.div display="flex" alignItems="center" justifyContent="space-between" px="5" py="4">
          <Logo />
          <chakra.button
            type="button"
            aria-label="Cerrar menú"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            w="11"
            h="11"
            color="paragraph"
            bg="transparent"
            border="none"
            cursor="pointer"
            onClick={close}
          >
            <Icon name="close" size={24} />
          </chakra.button>
        </chakra.div>
        <chakra.nav aria-label="Principal" px="5" pt="6">
          <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="4">
            {mainNav.map((item) => (
              <li key={item.label}>
                <NavLink item={item} active={isActive(item, router.pathname)} fontSize="h2" />
              </li>
            ))}
          </chakra.ul>
        </chakra.nav>
      </chakra.dialog>
    </chakra.div>
  );
}
