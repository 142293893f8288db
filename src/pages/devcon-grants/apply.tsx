import { builtApplyView, type ApplyView } from '@/content/rounds';
import DevconGrantsForm from '@/forms/DevconGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

const title = 'Postula a una Devcon Grant';
const lead = 'Apoyo para meetups y eventos en Latinoamérica. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.';
const closedLead = 'Apoyo para meetups y eventos en Latinoamérica antes de Devcon.';

/** The round's state when the site is built; the page then follows the server's (GET /api/rounds). */
export const getStaticProps = () => ({ props: { built: builtApplyView('devcon-grants') } });

export default function DevconGrantsApplyPage({ built }: { built: ApplyView }) {
  return (
    <ApplyPage title={title} lead={built.kind === 'notice' ? closedLead : lead} round={{ programme: 'devcon-grants', built }}>
      <DevconGrantsForm />
    </ApplyPage>
  );
}
