import { useState } from 'react';
import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: ApplicationView, preload } = lazyScreen(() => import('@/team/ApplicationView').then((module) => module.ApplicationView));

export default function TeamApplicationPage() {
  const [reference, setReference] = useState<string | null>(null);
  return (
    <TeamPage title={reference ? `Solicitud ${reference}` : 'Solicitud'} preload={preload}>
      {(member) => <ApplicationView member={member} onReference={setReference} />}
    </TeamPage>
  );
}
