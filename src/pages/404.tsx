import { Banner } from '@/components/Banner';
import { ButtonLink } from '@/components/Button';
import { PageMeta } from '@/components/PageMeta';
import spacing from '@/components/content/spacing.module.css';

// A content page: rendered at build time, it ships no React or Next script (src/light enhances it).
export const config = { unstable_runtimeJS: false };

export default function NotFoundPage() {
  return (
    <>
      <PageMeta title="Página no encontrada" noindex />
      <Banner title="Página no encontrada" lead="La dirección que buscas no existe o cambió de lugar. Revisa el enlace o vuelve al inicio.">
        <ButtonLink href="/" className={spacing.mt8}>
          Volver al inicio
        </ButtonLink>
      </Banner>
    </>
  );
}
