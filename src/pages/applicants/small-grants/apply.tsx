import SmallGrantsForm from '@/forms/SmallGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

export default function SmallGrantsApplyPage() {
  return (
    <ApplyPage title="Postula a una Small Grant" lead="Para proyectos en etapa temprana y patrocinios de eventos. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.">
      <SmallGrantsForm />
    </ApplyPage>
  );
}
