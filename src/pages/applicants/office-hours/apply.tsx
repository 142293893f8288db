import OfficeHoursForm from '@/forms/OfficeHoursForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

export default function OfficeHoursApplyPage() {
  return (
    <ApplyPage title="Solicita Office Hours" lead="Pide al equipo consejos o comentarios sobre tu proyecto. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.">
      <OfficeHoursForm />
    </ApplyPage>
  );
}
