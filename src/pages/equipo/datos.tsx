import { DataRights } from '@/team/DataRights';
import { TeamPage } from '@/team/TeamShell';

export default function TeamDataRightsPage() {
  return (
    <TeamPage title="Datos personales" roles={['admin']}>
      {() => <DataRights />}
    </TeamPage>
  );
}
