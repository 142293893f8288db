import AcademicGrantsForm from '@/forms/AcademicGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

export default function AcademicGrantsApplyPage() {
  return (
    <ApplyPage title="Solicita una Academic Grant" lead="Presenta tu propuesta de investigación académica. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.">
      <AcademicGrantsForm />
    </ApplyPage>
  );
}
