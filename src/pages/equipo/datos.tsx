import { DataRights } from '@/team/DataRights';
import { ErasureRequests } from '@/team/ErasureRequests';
import { TeamPage } from '@/team/TeamShell';

export default function TeamDataRightsPage() {
  return (
    <TeamPage title="Datos personales" roles={['admin']}>
      {() => (
        <>
          <ErasureRequests />
          <DataRights />
        </>
      )}
    </TeamPage>
  );
}
