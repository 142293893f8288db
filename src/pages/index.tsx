import { Banner } from '@/components/Banner';
import { ButtonLink } from '@/components/Button';
import { PageMeta } from '@/components/PageMeta';

export default function HomePage() {
  return (
    <>
      <PageMeta title="Aprende blockchain en vivo" />
      <Banner
        title="Aprende todo sobre blockchain en vivo"
        lead="Clases en vivo con instructores del ecosistema, una comunidad activa y becas para construir en Ethereum desde Latinoamérica."
      >
        <ButtonLink href="/applicants/" mt="8">
          Ver cursos
        </ButtonLink>
      </Banner>
    </>
  );
}
