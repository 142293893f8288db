import { builtApplyView, type ApplyView } from '@/content/rounds';
import SmallGrantsForm from '@/forms/SmallGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

const title = 'Postula a una Small Grant';
const lead = 'Para proyectos en etapa temprana y patrocinios de eventos. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.';

/** The round's state when the site is built; the page then follows the server's (GET /api/rounds). */
export const getStaticProps = () => ({ props: { built: builtApplyView('small-grants') } });

export default function SmallGrantsApplyPage({ built }: { built: ApplyView }) {
  return (
    <ApplyPage title={title} lead={lead} round={{ programme: 'small-grants', built }}>
      <SmallGrantsForm />
    </ApplyPage>
  );
}
