import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { mesDonneesApi, serverMessage, Alert } from 'shared-kernel';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { exportFileName, saveTextFile } from './downloadJson';
import './my-data.css';

/** 'Mes données' (DECISIONS 26): download a JSON copy of one's data, or erase the account. */
export function MyDataSection({ hasPassword }: { hasPassword: boolean }) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      saveTextFile(await mesDonneesApi.exportText(), exportFileName());
    } catch (failure) {
      setDownloadError(serverMessage(failure) ?? "Le téléchargement n'a pas abouti. Veuillez réessayer.");
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="sk-card acc-my-data" aria-labelledby="acc-my-data-title">
      <h2 id="acc-my-data-title" className="sk-card__title">
        Mes données
      </h2>
      <p>
        Vous pouvez obtenir une copie de vos données (compte, réservations, avis, messages) ou supprimer votre compte. Le détail figure dans
        la <Link to="/confidentialite">politique de confidentialité</Link>.
      </p>
      {downloadError ? <Alert tone="danger">{downloadError}</Alert> : null}
      <div className="acc-my-data__actions">
        <button type="button" className="sk-button sk-button--secondary" onClick={download} disabled={downloading}>
          {downloading ? 'Préparation…' : 'Télécharger mes données'}
        </button>
        <button
          ref={deleteButton}
          type="button"
          className="sk-button sk-button--danger"
          onClick={() => setConfirming(true)}
          aria-haspopup="dialog"
        >
          Supprimer mon compte
        </button>
      </div>
      <DeleteAccountDialog
        open={confirming}
        hasPassword={hasPassword}
        onClose={() => {
          setConfirming(false);
          deleteButton.current?.focus();
        }}
      />
    </section>
  );
}
