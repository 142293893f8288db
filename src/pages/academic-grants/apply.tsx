import { builtApplyView, type ApplyView } from '@/content/rounds';
import AcademicGrantsForm from '@/forms/AcademicGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

const title = 'Postula a una Academic Grant';
const lead = 'Presenta tu propuesta de investigación académica. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.';
const closedLead = 'La ronda de becas para investigación académica sobre Ethereum.';

/** The round's state when the site is built; the page then follows the server's (GET /api/rounds). */
export const getStaticProps = () => ({ props: { built: builtApplyView('academic-grants') } });

export default function AcademicGrantsApplyPage({ built }: { built: ApplyView }) {
  return (
    <ApplyPage title={title} lead={built.kind === 'notice' ? closedLead : lead} round={{ programme: 'academic-grants', built }}>
      <AcademicGrantsForm />
    </ApplyPage>
  );
}
