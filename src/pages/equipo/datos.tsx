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
    <TeamPage title="Datos personales" roles={['admin']} preload={preload}>
      {() => (
        <>
          <ErasureRequests />
          <DataRights />
        </>
      )}
    </TeamPage>
  );
}
