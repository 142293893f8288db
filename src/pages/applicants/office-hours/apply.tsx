import { builtApplyView, type ApplyView } from '@/content/rounds';
import OfficeHoursForm from '@/forms/OfficeHoursForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

const title = 'Solicita Office Hours';
const lead = 'Pide al equipo consejos o comentarios sobre tu proyecto. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.';

/** The round's state when the site is built; the page then follows the server's (GET /api/rounds). */
export const getStaticProps = () => ({ props: { built: builtApplyView('office-hours') } });

export default function OfficeHoursApplyPage({ built }: { built: ApplyView }) {
  return (
    <ApplyPage title={title} lead={lead} round={{ programme: 'office-hours', built }}>
      <OfficeHoursForm />
    </ApplyPage>
  );
}
