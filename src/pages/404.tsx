import { Banner } from '@/components/Banner';
import { ButtonLink } from '@/components/Button';
import { PageMeta } from '@/components/PageMeta';
import spacing from '@/components/content/spacing.module.css';

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
