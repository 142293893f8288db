import { startTransition, useEffect, useReducer, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { FormValues } from '@/forms/definitions/types';

/**
 * What a component derives from the whole form's values (visible sections, whether a field is
 * required, what is still missing), re-rendering it only when that derived value changes: a
 * keystroke re-runs the selector, not the component (react-hook-form's `subscribe`), and the
 * re-render is not urgent.
 */
export function useFormSelector<T>(
  form: UseFormReturn<FormValues>,
  select: (values: FormValues) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
  /** false when the derived value cannot change (a field that is always required): no subscription, no work at each keystroke. */
  live = true,
): T {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const selected = select(form.getValues());
  const latest = useRef({ select, isEqual, selected });
  useEffect(() => {
    latest.current = { select, isEqual, selected };
  });
  useEffect(() => {
    if (!live) return undefined;
    const check = () => {
      const { select: current, isEqual: same, selected: shown } = latest.current;
      // A transition: the browser paints the typed character first and the counter, required
      // marks, sections and missing list a task later. At 4x CPU this took the keystroke p98 of the
      // project grants and small grants fields from 48–56 ms to 32–48 ms (docs/benchmarks.md).
      if (!same(shown, current(form.getValues()))) startTransition(rerender);
    };
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: check });
    // A value set between this render and the subscription (a field registering at hydration) is
    // caught here.
    check();
    return unsubscribe;
  }, [form, live]);
  return selected;
}

/** Equality of two lists of strings, item by item. */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
