import { builtApplyView, type ApplyView } from '@/content/rounds';
import ProjectGrantsForm from '@/forms/ProjectGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

const title = 'Postula a una Project Grant';
const lead = 'Cuéntanos sobre tu proyecto para el ecosistema Ethereum. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.';

/** The round's state when the site is built; the page then follows the server's (GET /api/rounds). */
export const getStaticProps = () => ({ props: { built: builtApplyView('project-grants') } });

export default function ProjectGrantsApplyPage({ built }: { built: ApplyView }) {
  return (
    <ApplyPage title={title} lead={lead} round={{ programme: 'project-grants', built }}>
      <ProjectGrantsForm />
    </ApplyPage>
  );
}
