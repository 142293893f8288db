import { Banner } from '@/components/Banner';
import { ButtonLink } from '@/components/Button';
import { PageMeta } from '@/components/PageMeta';
import styles from './404.module.css';

export default function NotFoundPage() {
  return (
    <>
      <PageMeta title="Página no encontrada" noindex />
      <Banner title="Página no encontrada" lead="La dirección que buscas no existe o cambió de lugar. Revisa el enlace o vuelve al inicio.">
        <ButtonLink href="/" className={styles.home}>
          Volver al inicio
        </ButtonLink>
      </Banner>
    </>
  );
}
