import styles from '../team.module.css';

/** Previous and next page of a paged list, with where the reader is; `label` names the list's pages ("Páginas de resultados"). */
export function Pager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={styles.secondaryButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Página anterior
      </button>
      <span>
        Página {page} de {pages}
      </span>
      <button type="button" className={styles.secondaryButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Página siguiente
      </button>
    </nav>
  );
}

/** How many pages a list of `total` items has, `pageSize` a page; never fewer than one. */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
