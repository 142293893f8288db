import ProjectGrantsForm from '@/forms/ProjectGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

export default function ProjectGrantsApplyPage() {
  return (
    <ApplyPage title="Postula a una Project Grant" lead="Cuéntanos sobre tu proyecto para el ecosistema Ethereum. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.">
      <ProjectGrantsForm />
    </ApplyPage>
  );
}
