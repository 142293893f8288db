import { Banner } from '@/components/Banner';
import { ButtonLink } from '@/components/Button';
import { PageMeta } from '@/components/PageMeta';

export default function NotFoundPage() {
  return (
    <>
      <PageMeta title="Página no encontrada" noindex />
      <Banner title="Página no encontrada" lead="La dirección que buscas no existe o cambió de lugar. Revisa el enlace o vuelve al inicio.">
        <ButtonLink href="/" mt="8">
          Volver al inicio
        </ButtonLink>
      </Banner>
    </>
  );
}
