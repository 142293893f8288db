import { createContext, useContext, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import Select, { components, type InputProps, type MenuProps, type SelectInstance, type StylesConfig } from 'react-select';
import type { Option } from '@/forms/definitions/types';
import { palette } from '@/theme/palette';

// The ids of the help text and error, joined onto the ones react-select sets on its input.
const DescribedByContext = createContext<string | undefined>(undefined);

/** Placeholder text darker than react-select's grey, which is below AA on white. */
const PLACEHOLDER = '#6b6a85';

const styles: StylesConfig<Option, false> = {
  control: (base, state) => ({
    ...base,
    minHeight: '2.75rem',
    borderRadius: 0,
    borderColor: state.selectProps['aria-invalid'] ? palette.headingText : palette.paragraph,
    borderWidth: state.selectProps['aria-invalid'] ? 2 : 1,
    boxShadow: state.isFocused ? `0 0 0 3px ${palette.accent}` : 'none',
    '&:hover': { borderColor: palette.paragraph },
    fontSize: '14px',
  }),
  placeholder: (base) => ({ ...base, color: PLACEHOLDER }),
  singleValue: (base) => ({ ...base, color: palette.paragraph }),
  input: (base) => ({ ...base, color: palette.paragraph }),
  menu: (base) => ({ ...base, borderRadius: 0, fontSize: '14px' }),
  menuPortal: (base) => ({ ...base, zIndex: 20 }),
  option: (base, state) => ({
    ...base,
    color: state.isSelected ? palette.white : palette.paragraph,
    backgroundColor: state.isSelected ? palette.paragraph : state.isFocused ? '#ffe1f0' : palette.white,
  }),
  indicatorSeparator: () => ({ display: 'none' }),
  dropdownIndicator: (base) => ({ ...base, color: palette.paragraph }),
  noOptionsMessage: (base) => ({ ...base, color: palette.paragraph }),
};

function DescribedInput(props: InputProps<Option, false>) {
  const own = props['aria-describedby'];
  const extra = useContext(DescribedByContext);
  return <components.Input {...props} aria-describedby={[own, extra].filter(Boolean).join(' ') || undefined} />;
}

/** The list opens at the end of <body>, outside the form's lang="en": it declares its own. */
function EnglishMenu(props: MenuProps<Option, false>) {
  return <components.Menu {...props} innerProps={{ ...props.innerProps, lang: 'en' }} />;
}

/** One thing the applicant did on the stand-in before the select arrived: pressed it, or pressed a key on it. */
export type EarlyStep = { press: true } | { key: string };

/** Sets a text input's value as typing does (through the setter React's change tracking watches) and says so. */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Does again, on the select that has just arrived (and has the focus), what the applicant did on its
 * stand-in, through react-select's own handling: a press opens the menu as a press on it would, and each
 * key goes to it as a keydown followed by the key's default action on the search, one rendered after the
 * other. So the select ends as it would have had it been there all along: typed "Argentina", the first
 * match is highlighted; then Enter, it is chosen.
 */
async function replay(select: SelectInstance<Option, false>, steps: readonly EarlyStep[]) {
  // Out of the commit that mounted the select: an update flushed inside it would wait for later.
  await Promise.resolve();
  for (const step of steps) {
    const input = select.inputRef;
    if (!input || input !== input.ownerDocument.activeElement) return;
    if ('press' in step) {
      if (!select.props.menuIsOpen) flushSync(() => select.openMenu('first'));
      continue;
    }
    const keydown = new KeyboardEvent('keydown', { key: step.key, bubbles: true, cancelable: true });
    flushSync(() => input.dispatchEvent(keydown));
    if (keydown.defaultPrevented) continue;
    const search = step.key === 'Backspace' ? input.value.slice(0, -1) : [...step.key].length === 1 ? input.value + step.key : null;
    if (search !== null) flushSync(() => typeInto(input, search));
  }
}

export type SelectControlProps = {
  inputId: string;
  name: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  invalid: boolean;
  required: boolean;
  labelledBy: string;
  describedBy?: string;
  placeholder?: string;
  /** Focus the select as it mounts (it replaces a stand-in that had the focus). */
  autoFocus?: boolean;
  /** What the applicant did on the stand-in this select replaces, done again on it once it is there. */
  earlySteps?: readonly EarlyStep[];
};

/** A searchable select (react-select) holding an option's value; loaded with the first select on the page. */
export default function SelectControl({ inputId, name, options, value, onChange, onBlur, invalid, required, labelledBy, describedBy, placeholder, autoFocus, earlySteps }: SelectControlProps) {
  const select = useRef<SelectInstance<Option, false>>(null);
  // Once, as the select mounts: the steps were taken before it existed.
  const stepsAtMount = useRef(earlySteps);
  useEffect(() => {
    const steps = stepsAtMount.current;
    if (select.current && steps?.length) void replay(select.current, steps);
  }, []);
  return (
    <DescribedByContext.Provider value={describedBy}>
    <Select<Option, false>
      ref={select}
      inputId={inputId}
      instanceId={name}
      name={name}
      options={options}
      value={options.find((option) => option.value === value) ?? null}
      onChange={(option) => onChange(option?.value ?? '')}
      onBlur={onBlur}
      aria-labelledby={labelledBy}
      aria-invalid={invalid}
      required={required}
      placeholder={placeholder ?? 'Select…'}
      noOptionsMessage={() => 'No matching option'}
      components={{ Input: DescribedInput, Menu: EnglishMenu }}
      styles={styles}
      isSearchable
      // The list opens at the end of <body>: a form section below the first clips what overflows it
      // (content-visibility, ApplicationForm.module.css), which would cut a list off at its edge.
      menuPortalTarget={typeof document === 'undefined' ? null : document.body}
      autoFocus={autoFocus}
    />
    </DescribedByContext.Provider>
  );
}
