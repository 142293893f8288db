import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { TeamApiError, teamApi, type Invitation, type MemberRow, type TeamRole } from './api';
import { formatDateTime } from './format';
import { roleOptions } from './labels';
import { formatRole } from './roleLabels';
import { failureMessage, ownWords, useTeamAction, useTeamData } from './useTeamData';
import { ActionNotice, Notice } from './Notice';
import { classNames } from '@/lib/classNames';
import styles from './team.module.css';
import { DataTable, type Column } from './kit/DataTable';
import { ListView } from './kit/ListView';
import { actionsColumn } from './kit/ActionsHeader';

/** Why an invitation was refused: the server's own words for a bad address or an existing member. */
function inviteFailure(error: unknown): string {
  if (!(error instanceof TeamApiError)) return failureMessage(null);
  if (error.status === 400) return error.message || 'Revisa el correo: no parece una dirección válida.';
  if (error.status === 409) return `${error.message || 'Esa persona ya es miembro del equipo.'} Para invitarla de nuevo, revoca antes su acceso.`;
  return failureMessage(error.status);
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('reviewer');
  const [invitation, setInvitation] = useState<(Invitation & { email: string }) | null>(null);
  const { busy, outcome, run } = useTeamAction();

  const invite = (event: FormEvent) => {
    event.preventDefault();
    setInvitation(null);
    void run(async () => {
      const created = await teamApi.invite(email.trim(), role);
      setInvitation({ ...created, email: email.trim() });
      setEmail('');
      onInvited();
      return null;
    }, ownWords(inviteFailure));
  };

  return (
    <form onSubmit={invite} className={styles.stack} aria-labelledby="invitar">
      <h2 id="invitar" className={styles.subtitle}>
        Invitar a un miembro
      </h2>
      <ActionNotice outcome={outcome} />
      <div className={styles.field}>
        <label className={styles.label} htmlFor="invite-email">
          Correo electrónico
        </label>
        <input id="invite-email" type="email" required autoComplete="off" className={styles.input} value={email} onChange={(event) => setEmail(event.target.value)} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="invite-role">
          Rol
        </label>
        <select id="invite-role" className={styles.input} value={role} onChange={(event) => setRole(event.target.value as TeamRole)}>
          {roleOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className={styles.button} disabled={busy}>
          Enviar invitación
        </button>
      </div>
      {invitation ? (
        <Notice tone="success" focus>
          <p>
            Invitamos a {invitation.email}. Le enviamos el enlace por correo; también puedes copiarlo aquí. Sirve una sola vez y vence el {formatDateTime(invitation.expiresAt)}.
          </p>
          <label className={styles.label} htmlFor="invite-link">
            Enlace de inscripción
          </label>
          <input id="invite-link" readOnly className={classNames(styles.input, styles.linkBox)} value={invitation.link} onFocus={(event) => event.target.select()} />
        </Notice>
      ) : null}
    </form>
  );
}

const RevokeDialog = lazy(() => import('./RevokeDialog').then((module) => ({ default: module.RevokeDialog })));

/** Confirms a revocation in a dialog: it ends every session of that member at once. */
function RevokeButton({ member, revoke }: { member: MemberRow; revoke: (member: MemberRow) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  // The dialog's chunk is asked for at the first press and stays mounted, so closing it runs its focus return.
  const [asked, setAsked] = useState(false);
  // Once revoked, the row and its button go: the outcome message takes the focus instead of the trigger.
  const [revoked, setRevoked] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    setRevoked(await revoke(member));
    setOpen(false);
  };
  return (
    <>
      <button ref={trigger} type="button" className={styles.dangerButton} aria-label={`Revocar a ${member.email}`} aria-haspopup="dialog" aria-expanded={open}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        Revocar
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <RevokeDialog open={open} member={member} trigger={() => trigger.current} revoked={revoked} onClose={() => setOpen(false)} onConfirm={confirm} />
        </Suspense>
      ) : null}
    </>
  );
}

function memberState(member: MemberRow): string {
  if (member.revokedAt) return `Revocado el ${formatDateTime(member.revokedAt)}`;
  return member.passkeys > 0 ? 'Activo' : 'Invitación pendiente';
}

/** Members (admin): invite, list, revoke. */
export function Members() {
  const members = useTeamData(() => teamApi.members(), []);
  const { outcome, run } = useTeamAction();
  const revoke = async (member: MemberRow): Promise<boolean> => {
    let revoked = false;
    await run(async () => {
      await teamApi.revoke(member.email);
      revoked = true;
      return { tone: 'success', text: `Revocamos el acceso de ${member.email} y cerramos todas sus sesiones.` };
    }, ownWords(`No pudimos revocar el acceso de ${member.email}. Inténtalo de nuevo.`));
    members.reload();
    return revoked;
  };
  const columns: ReadonlyArray<Column<MemberRow>> = [
    { key: 'email', header: 'Correo', cell: (member) => member.email },
    { key: 'role', header: 'Rol', cell: (member) => formatRole(member.role) },
    { key: 'created', header: 'Invitado el', cell: (member) => formatDateTime(member.createdAt) },
    { key: 'passkeys', header: 'Llaves de acceso', cell: (member) => member.passkeys },
    { key: 'state', header: 'Estado', cell: memberState },
    actionsColumn((member) => (member.revokedAt ? null : <RevokeButton member={member} revoke={revoke} />)),
  ];
  return (
    <>
      <InviteForm onInvited={() => members.reload()} />
      <h2 className={styles.subtitle}>Miembros del equipo</h2>
      <ActionNotice outcome={outcome} />
      <ListView data={members} loading="Cargando miembros…">
        {(data) => <DataTable caption={<>Miembros: {data.members.length}</>} columns={columns} rows={data.members} rowKey={(member) => member.email} />}
      </ListView>
    </>
  );
}
