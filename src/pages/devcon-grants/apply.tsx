import { RoundClosed } from '@/components/content/RoundClosed';
import { roundNotice, type RoundNoticeCopy } from '@/content/rounds';
import DevconGrantsForm from '@/forms/DevconGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

const title = 'Postula a una Devcon Grant';
const lead = 'Apoyo para meetups y eventos en Latinoamérica. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.';

/** The round's state when the site is built: a closed (or not yet open) round shows its notice instead of the form. */
export const getStaticProps = () => ({ props: { notice: roundNotice('devcon-grants') } });

export default function DevconGrantsApplyPage({ notice }: { notice: RoundNoticeCopy | null }) {
  if (notice) return <RoundClosed title={title} lead="Apoyo para meetups y eventos en Latinoamérica antes de Devcon." notice={notice} />;
  return (
    <ApplyPage title={title} lead={lead}>
      <DevconGrantsForm />
    </ApplyPage>
  );
}
