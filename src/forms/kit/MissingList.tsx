import type { FieldDefinition, FieldErrors } from '@/forms/definitions/types';
import { fieldIds } from './fieldIds';
import styles from './MissingList.module.css';

/** How many problems the list names before it sums up the rest: a short list is read, a long one is not. */
const SHOWN = 5;

/** Moves focus to the field's control (or its group) and brings it into view. */
function focusField(name: string) {
  const control = document.getElementById(fieldIds(name).control);
  control?.focus();
  control?.scrollIntoView?.({ block: 'center' });
}

/**
 * Under the disabled submit button: what is still missing or wrong, in form order, each a link to
 * its field. The form's own errors show at the fields; this says why the button does not work.
 */
export function MissingList({ id, fields, errors }: { id: string; fields: readonly FieldDefinition[]; errors: FieldErrors }) {
  const problems = fields.filter((field) => errors[field.name] !== undefined);
  if (problems.length === 0) return null;
  const rest = problems.length - SHOWN;
  return (
    <div id={id} className={styles.missing}>
      <p className={styles.title}>Before you can submit, please complete:</p>
      <ul className={styles.list}>
        {problems.slice(0, SHOWN).map((field) => (
          <li key={field.name}>
            <a
              href={`#${fieldIds(field.name).control}`}
              className={styles.link}
              onClick={(event) => {
                event.preventDefault();
                focusField(field.name);
              }}
            >
              {field.label}
            </a>
            {': '}
            {errors[field.name]}
          </li>
        ))}
      </ul>
      {rest > 0 ? <p className={styles.more}>…and {rest} more.</p> : null}
    </div>
  );
}
