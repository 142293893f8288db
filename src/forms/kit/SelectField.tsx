import { useCallback, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Controller, type ControllerRenderProps, type UseFormReturn } from 'react-hook-form';
import type { FieldDefinition, FormValues } from '@/forms/definitions/types';
import { classNames } from '@/lib/classNames';
import { FieldShell } from './FieldShell';
import { whenFormPauses } from './formPause';
import { describedBy, fieldIds } from './fieldIds';
import type { EarlyStep, SelectControlProps } from './SelectControl';
import { useFieldStatus } from './useFieldStatus';
import styles from './Field.module.css';

// react-select (and Emotion, which it styles with) stays out of the page's load: its chunk is fetched
// once the applicant pauses on the form, and each select becomes a react-select when first used.
// Rendering every select at load cost some 500 ms of a throttled phone's main thread in Emotion.
let selectControl: Promise<ComponentType<SelectControlProps>> | null = null;
function loadSelectControl(): Promise<ComponentType<SelectControlProps>> {
  selectControl ??= import('./SelectControl').then((module) => module.default);
  return selectControl;
}

/** The same chevron react-select draws. */
function Chevron() {
  return (
    <svg height="20" width="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M4.516 7.548c0.436-0.446 1.043-0.481 1.576 0l3.908 3.747 3.908-3.747c0.533-0.481 1.141-0.446 1.574 0 0.436 0.445 0.408 1.197 0 1.615-0.406 0.418-4.695 4.502-4.695 4.502-0.217 0.223-0.502 0.335-0.787 0.335s-0.57-0.112-0.789-0.335c0 0-4.287-4.084-4.695-4.502s-0.436-1.17 0-1.615z" />
    </svg>
  );
}

type StandInProps = Omit<SelectControlProps, 'onChange'> & {
  /** What the applicant has typed into the stand-in while the select loads, shown in it. */
  typed: string;
  onActivate: () => void;
  onPress: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onFocusChange: (focused: boolean) => void;
  containerRef: (element: HTMLDivElement | null) => (() => void) | undefined;
};

/** Keys react-select acts on besides the characters it searches for; the stand-in keeps them for it. */
const SELECT_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ', 'PageDown', 'PageUp', 'Home', 'End', 'Backspace', 'Escape']);

/** Whether react-select would take this key (a character or one of its keys): Tab, Shift, F5 and the like it leaves alone. */
function keptForSelect(key: string): boolean {
  return SELECT_KEYS.has(key) || [...key].length === 1;
}

/** The search shown on the stand-in after a kept key, about as react-select would show it (the select itself, replaying the keys, has the last word). */
function searchAfterKey(search: string, key: string): string {
  if (key === 'Backspace') return search.slice(0, -1);
  if (key === 'Escape') return '';
  if (key === ' ') return search === '' ? '' : search + key;
  return [...key].length === 1 ? search + key : search;
}

/** The select's chunk loads once the applicant pauses on the form; a select that takes the focus first loads it at once. */
function preloadWhenFormPauses(element: HTMLDivElement | null): (() => void) | undefined {
  const form = element?.closest('form');
  return form ? whenFormPauses(form, () => void loadSelectControl()) : undefined;
}

/**
 * Until the select is first used (and in the exported HTML), a read-only combobox drawn like
 * react-select's control stands in: it shows the chosen option, carries the value in a hidden input
 * as react-select does, and turns into the real select when it takes the focus (by keyboard or press).
 */
function SelectStandIn({ inputId, name, options, value, onBlur, invalid, required, labelledBy, describedBy: described, placeholder, typed, onActivate, onPress, onKeyDown, onFocusChange, containerRef }: StandInProps) {
  const chosen = options.find((option) => option.value === value);
  // Focused in the exported HTML before the page hydrated: the focus event is long gone, so the
  // select loads now, as it would have then.
  const takeEarlyFocus = (element: HTMLInputElement | null) => {
    if (element && element === element.ownerDocument.activeElement) {
      onFocusChange(true);
      onActivate();
    }
  };
  return (
    <div ref={containerRef} className={classNames(styles.selectStandIn, invalid && styles.selectStandInInvalid)} onPointerDown={onPress}>
      <input
        id={inputId}
        role="combobox"
        aria-expanded={false}
        // The listbox react-select will show (its id is built from instanceId, the field's name).
        aria-controls={`react-select-${name}-listbox`}
        aria-autocomplete="list"
        aria-labelledby={labelledBy}
        aria-describedby={described}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        readOnly
        ref={takeEarlyFocus}
        value={typed || chosen?.label || ''}
        placeholder={placeholder ?? 'Select…'}
        className={styles.selectStandInValue}
        onFocus={() => {
          onFocusChange(true);
          onActivate();
        }}
        onBlur={() => {
          onFocusChange(false);
          onBlur();
        }}
        onKeyDown={onKeyDown}
      />
      <span className={styles.selectStandInIndicator}>
        <Chevron />
      </span>
      <input type="hidden" name={name} value={value} />
    </div>
  );
}

function SelectInput({ control, props }: { control: ControllerRenderProps<FormValues, string>; props: Omit<SelectControlProps, 'value' | 'onChange' | 'onBlur'> }) {
  const [Control, setControl] = useState<ComponentType<SelectControlProps> | null>(null);
  const [focused, setFocused] = useState(false);
  // A press and keys on the stand-in while the select loads are kept for it: it does them again once it is there.
  const [earlySteps, setEarlySteps] = useState<readonly EarlyStep[]>([]);
  // Set once the real select is about to replace the stand-in: the stand-in's blur is then the swap, not the applicant leaving.
  const swapping = useRef(false);
  // The swap waits for the focus that follows a press: swapping at pointerdown would leave the
  // press's mousedown to land on the new control before it has the focus.
  // The swap is committed at once: a render left for later would let a Tab pressed meanwhile blur
  // the stand-in while `swapping` is set, and the field would never be marked as left (no error).
  const activate = useCallback(() => {
    void loadSelectControl().then((loaded) => {
      swapping.current = true;
      flushSync(() => setControl(() => loaded));
    });
  }, []);
  const common = { ...props, value: control.value ?? '' };
  if (Control) {
    return (
      <Control
        {...common}
        onChange={control.onChange}
        onBlur={control.onBlur}
        autoFocus={focused}
        earlySteps={focused ? earlySteps : undefined}
      />
    );
  }
  return (
    <SelectStandIn
      {...common}
      onBlur={() => {
        if (swapping.current) return;
        control.onBlur();
        // Leaving drops the search, as react-select does: a later visit starts afresh.
        setEarlySteps([]);
      }}
      onActivate={activate}
      typed={earlySteps.reduce((search, step) => ('key' in step ? searchAfterKey(search, step.key) : search), '')}
      onPress={() => setEarlySteps((before) => [...before, { press: true }])}
      onKeyDown={(event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const { key } = event;
        if (!keptForSelect(key)) return;
        // Space and the arrows would scroll the page, Enter would send the form; the select does neither.
        event.preventDefault();
        setEarlySteps((before) => [...before, { key }]);
        // A key that arrives before the focus event (a focus given at hydration) still loads the select.
        activate();
      }}
      onFocusChange={setFocused}
      containerRef={preloadWhenFormPauses}
    />
  );
}

export function SelectField({ field, form }: { field: FieldDefinition; form: UseFormReturn<FormValues> }) {
  const { required, error } = useFieldStatus(form, field);
  const ids = fieldIds(field.name);
  return (
    <FieldShell field={field} required={required} error={error}>
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: control }) => (
          <SelectInput
            control={control}
            props={{
              inputId: ids.control,
              name: field.name,
              options: field.options ?? [],
              invalid: Boolean(error),
              required,
              labelledBy: ids.label,
              describedBy: describedBy(field.name, { help: Boolean(field.help), error: Boolean(error) }),
              placeholder: field.placeholder,
            }}
          />
        )}
      />
    </FieldShell>
  );
}
