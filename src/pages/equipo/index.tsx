import { SignIn } from '@/team/SignIn';
import { TeamShell } from '@/team/TeamShell';

export default function TeamSignInPage() {
  return (
    <TeamShell title="Ingreso del equipo">
      <SignIn />
    </TeamShell>
  );
}
