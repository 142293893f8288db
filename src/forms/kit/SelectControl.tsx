import { createContext, useContext } from 'react';
import Select, { components, type InputProps, type MenuProps, type StylesConfig } from 'react-select';
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
  /** Open the menu as it mounts (the stand-in was pressed, or took a key). */
  defaultMenuIsOpen?: boolean;
  /** The search text typed into the stand-in before the select arrived. */
  defaultInputValue?: string;
};

/** A searchable select (react-select) holding an option's value; loaded with the first select on the page. */
export default function SelectControl({ inputId, name, options, value, onChange, onBlur, invalid, required, labelledBy, describedBy, placeholder, autoFocus, defaultMenuIsOpen, defaultInputValue }: SelectControlProps) {
  return (
    <DescribedByContext.Provider value={describedBy}>
    <Select<Option, false>
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
      defaultMenuIsOpen={defaultMenuIsOpen}
      defaultInputValue={defaultInputValue}
    />
    </DescribedByContext.Provider>
  );
}
