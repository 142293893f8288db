import GranteeFinanceForm from '@/forms/GranteeFinanceForm';
import { ApplyPage } from '@/forms/kit/ApplyPage';

export default function GranteeFinancePage() {
  return (
    <ApplyPage title="Datos de pago para beneficiarios" lead="Si ya recibiste una beca, envíanos aquí tus datos de pago con el ID de seguridad (Security Grantee ID) que te dio el equipo. El formulario está en inglés y no guarda borradores: tus datos bancarios y tu ID de seguridad nunca quedan guardados en este dispositivo.">
      <GranteeFinanceForm />
    </ApplyPage>
  );
}
