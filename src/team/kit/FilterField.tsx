import type { FormEvent, ReactNode } from 'react';
import styles from '../team.module.css';

/** One field of a list's filter or bulk bar: its label above its control. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter's date (a range's start or end), '' when none. */
export function DateFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} type="date" className={styles.input} value={value} onChange={(event) => onChange(event.target.value)} />
    </FilterField>
  );
}

/** A list's own filter form (Pagos, Mis revisiones): its fields, then "Mostrar", which applies them. */
export function FilterForm({ label, onSubmit, children }: { label: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form className={styles.filters} onSubmit={onSubmit} aria-label={label}>
      {children}
      <div>
        <button type="submit" className={styles.button}>
          Mostrar
        </button>
      </div>
    </form>
  );
}
