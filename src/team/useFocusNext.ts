import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Moves the focus to the next logical control once the page shows it (a preview after "Ver el
 * correo…", a confirmation, the form again after "Cancelar"): the control that led there is gone or
 * disabled, and focus would otherwise fall to the page body (WCAG 2.4.3). Outcome messages take the
 * focus themselves (ActionNotice in src/team/Notice.tsx).
 */
export function useFocusNext(): (target: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    const target = pending.current?.current;
    if (!target) return;
    pending.current = null;
    target.focus();
  }, [request]);
  return useCallback((target: RefObject<HTMLElement | null>) => {
    pending.current = target;
    setRequest((value) => value + 1);
  }, []);
}
