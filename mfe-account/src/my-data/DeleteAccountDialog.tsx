import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { mesDonneesApi, serverMessage, sessionCommands, useMutation, Alert, TextField } from 'shared-kernel';
import { GoogleConfirm } from './GoogleConfirm';

const DELETE_FAILED = "La suppression n'a pas abouti. Veuillez réessayer plus tard.";
const PASSWORD_MISSING = 'Saisissez votre mot de passe pour confirmer.';

/**
 * The confirmation of 'Supprimer mon compte', in a modal <dialog>: the browser keeps the focus
 * inside, Échap closes it, and the focus returns to the button that opened it. The person confirms
 * with the password, or with a fresh Google sign-in when the account has none. The server decides
 * (password, Google account, stays in progress) and its French reason is shown as is.
 */
export function DeleteAccountDialog({ open, onClose, hasPassword }: { open: boolean; onClose: () => void; hasPassword: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [password, setPassword] = useState('');
  /** The form was sent without the password (told instead of the server's last answer). */
  const [missing, setMissing] = useState(false);
  const remove = useMutation({
    mutationFn: (proof: { motDePasse: string } | { googleCredential: string }) => mesDonneesApi.deleteAccount(proof),
  });
  const busy = remove.isPending;
  /** The server's French confirmation, once the account is deleted. */
  const done = remove.isSuccess ? remove.data : null;
  const error = missing ? PASSWORD_MISSING : remove.isError ? (serverMessage(remove.error) ?? DELETE_FAILED) : null;

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal?.();
    if (!open && node.open) node.close?.();
  }, [open]);

  const finish = () => {
    // The server has revoked every session: the shell's logout clears this tab and goes home.
    void sessionCommands.logout().catch(() => undefined);
  };

  const close = () => {
    if (done) return finish();
    setPassword('');
    setMissing(false);
    remove.reset();
    onClose();
  };

  const confirm = (proof: { motDePasse: string } | { googleCredential: string }) => {
    setMissing(false);
    remove.mutate(proof);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setMissing(true);
      return;
    }
    confirm({ motDePasse: password });
  };

  return (
    <dialog
      ref={dialog}
      className="acc-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className="acc-dialog__title">
        Supprimer mon compte
      </h2>
      {done ? (
        <>
          <Alert tone="success">{done}</Alert>
          <div className="sk-actions sk-gap-3 acc-dialog__actions">
            <button type="button" className="sk-button" onClick={finish} autoFocus>
              Retour à l'accueil
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>La suppression est définitive :</p>
          <ul className="acc-dialog__list">
            <li>vos informations personnelles et votre photo sont effacées, et vous êtes déconnecté partout ;</li>
            <li>vos messages et vos avis restent, signés « Ancien client » ;</li>
            <li>vos réservations passées sont gardées comme pièces comptables, sans votre identité.</li>
          </ul>
          <p>Pensez à télécharger vos données avant de continuer.</p>
          {hasPassword ? (
            <TextField
              label="Mot de passe"
              type="password"
              name="motDePasse"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={error}
              autoFocus
            />
          ) : (
            <>
              <p>Votre compte a été créé avec Google : reconnectez-vous avec Google pour confirmer la suppression.</p>
              {open ? <GoogleConfirm disabled={busy} onCredential={(googleCredential) => confirm({ googleCredential })} /> : null}
              {busy ? <p role="status">Suppression…</p> : null}
              {error ? <Alert tone="danger">{error}</Alert> : null}
            </>
          )}
          <div className="sk-actions sk-gap-3 acc-dialog__actions">
            <button type="button" className="sk-button sk-button--secondary" onClick={close} autoFocus={!hasPassword}>
              Annuler
            </button>
            {hasPassword ? (
              <button type="submit" className="sk-button sk-button--danger" disabled={busy}>
                {busy ? 'Suppression…' : 'Supprimer définitivement'}
              </button>
            ) : null}
          </div>
        </form>
      )}
    </dialog>
  );
}
