import { RoundClosed } from '@/components/content/RoundClosed';
import { roundNotice, type RoundNoticeCopy } from '@/content/rounds';
import AcademicGrantsForm from '@/forms/AcademicGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

const title = 'Postula a una Academic Grant';
const lead = 'Presenta tu propuesta de investigación académica. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.';

/** The round's state when the site is built: a closed (or not yet open) round shows its notice instead of the form. */
export const getStaticProps = () => ({ props: { notice: roundNotice('academic-grants') } });

export default function AcademicGrantsApplyPage({ notice }: { notice: RoundNoticeCopy | null }) {
  if (notice) return <RoundClosed title={title} lead="La ronda de becas para investigación académica sobre Ethereum." notice={notice} />;
  return (
    <ApplyPage title={title} lead={lead}>
      <AcademicGrantsForm />
    </ApplyPage>
  );
}
