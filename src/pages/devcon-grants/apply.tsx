import DevconGrantsForm from '@/forms/DevconGrantsForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

export default function DevconGrantsApplyPage() {
  return (
    <ApplyPage title="Solicita una Devcon Grant" lead="Apoyo para meetups y eventos en Latinoamérica. El formulario está en inglés; guardamos un borrador en tu navegador mientras escribes.">
      <DevconGrantsForm />
    </ApplyPage>
  );
}
