import { useState } from 'react';
import { ApplicationView } from '@/team/ApplicationView';
import { TeamPage } from '@/team/TeamShell';

export default function TeamApplicationPage() {
  const [reference, setReference] = useState<string | null>(null);
  return <TeamPage title={reference ? `Solicitud ${reference}` : 'Solicitud'}>{(member) => <ApplicationView member={member} onReference={setReference} />}</TeamPage>;
}
