import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const erasures = lazyScreen(() => import('@/team/ErasureRequests').then((module) => module.ErasureRequests));
const dataRights = lazyScreen(() => import('@/team/DataRights').then((module) => module.DataRights));
const { Screen: ErasureRequests } = erasures;
const { Screen: DataRights } = dataRights;
const preload = () => {
  erasures.preload();
  dataRights.preload();
};

export default function TeamDataRightsPage() {
  return (
    <TeamPage
      title="Datos personales"
      lead="Atiende una solicitud de acceso, rectificación o supresión (LGPD, Ley 25.326, LFPDPPP, Ley 1581, RGPD): busca todo lo que guardamos de un correo, descárgalo o bórralo. Cada búsqueda, exportación y borrado queda en el registro de auditoría, sin el correo."
      roles={['admin']}
      preload={preload}
    >
      {() => (
        <>
          <ErasureRequests />
          <DataRights />
        </>
      )}
    </TeamPage>
  );
}
