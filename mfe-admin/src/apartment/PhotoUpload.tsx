import { adminApi, type PhotoList, FieldError, useMutation } from 'shared-kernel';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { updateFailureMessage } from '../fragments/updateFailure';
import { ALT_REQUIRED } from './text';
import { ALT_MAX_LENGTH } from './ImageListEditor';

interface Pending {
  key: string;
  file: File;
  alt: string;
  /** An object URL for the preview ('' where the browser gives none). */
  preview: string;
}

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

const previewOf = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');
const release = (items: readonly Pending[]) => {
  for (const item of items) if (item.preview) URL.revokeObjectURL(item.preview);
};

export const photosAdded = (count: number) =>
  count === 1 ? '1 photo ajoutée à la fin de la liste.' : `${count} photos ajoutées à la fin de la liste.`;

/**
 * Photo upload of the edit mode (issue 30): several files at once, each with its alternative text,
 * sent with 'Envoyer les photos' (stored at once, added at the end of the list). The server reads
 * the files' content and answers in French (not an image, too large, HEIC it cannot read…).
 */
export function PhotoUpload({ appartementId, onUploaded }: { appartementId: number; onUploaded: (list: PhotoList) => void }) {
  const id = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  /** Whether the last 'Envoyer' found a photo without its alternative text (nothing was sent). */
  const [altMissing, setAltMissing] = useState(false);
  const upload = useMutation({
    mutationFn: (items: Pending[]) =>
      adminApi.uploadPhotos(
        appartementId,
        items.map((p) => ({ file: p.file, alt: p.alt.trim() })),
      ),
    onSuccess: (list, items) => {
      release(items);
      setPending([]);
      onUploaded(list);
    },
  });
  const sending = upload.isPending;
  const problem = altMissing ? ALT_REQUIRED : upload.isError ? updateFailureMessage(upload.error) : null;
  const done = upload.isSuccess ? photosAdded(upload.variables.length) : null;
  const fileRef = useRef<HTMLInputElement>(null);
  const current = useRef<Pending[]>([]);
  current.current = pending;
  useEffect(() => () => release(current.current), []);

  const choose = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = [...files].map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, file, alt: '', preview: previewOf(file) }));
    setPending((previous) => [...previous, ...added]);
    setAltMissing(false);
    // The last sending's outcome is no longer news (one still on its way tells its own when it ends).
    if (!upload.isPending) upload.reset();
    if (fileRef.current) fileRef.current.value = '';
  };

  const setAlt = (key: string, alt: string) => setPending((previous) => previous.map((p) => (p.key === key ? { ...p, alt } : p)));
  const drop = (key: string) =>
    setPending((previous) => {
      release(previous.filter((p) => p.key === key));
      return previous.filter((p) => p.key !== key);
    });

  const send = () => {
    if (sending || pending.length === 0) return;
    const missing = pending.findIndex((p) => p.alt.trim() === '');
    if (missing >= 0) {
      setAltMissing(true);
      document.getElementById(`${id}-alt-${missing}`)?.focus();
      return;
    }
    setAltMissing(false);
    upload.mutate(pending);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter sends the photos, not the whole apartment form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    send();
  };

  return (
    <div className="adm-upload" aria-busy={sending || undefined}>
      <div className="sk-field">
        <label className="sk-field__label" htmlFor={`${id}-files`}>
          Ajouter des photos
        </label>
        <input
          ref={fileRef}
          id={`${id}-files`}
          className="sk-field__input"
          type="file"
          multiple
          accept={ACCEPTED}
          aria-describedby={`${id}-hint`}
          onChange={(event) => choose(event.target.files)}
        />
        <p id={`${id}-hint`} className="sk-field__hint">
          JPEG, PNG, WebP ou HEIC, plusieurs à la fois. Décrivez chacune : le texte alternatif est lu à qui ne voit pas la photo.
        </p>
      </div>
      {pending.length > 0 ? (
        <ul className="sk-list sk-rows sk-gap-3 adm-upload__list" aria-label="Photos à envoyer">
          {pending.map((p, index) => (
            <li key={p.key} className="sk-cluster sk-cluster--end sk-gap-3 adm-upload__item">
              {p.preview ? (
                <img className="adm-images__thumb" src={p.preview} alt="" />
              ) : (
                <span className="adm-images__thumb adm-images__thumb--empty" aria-hidden="true" />
              )}
              <div className="sk-field sk-field--required">
                <label className="sk-field__label" htmlFor={`${id}-alt-${index}`}>
                  Texte alternatif de « {p.file.name} »
                </label>
                <input
                  id={`${id}-alt-${index}`}
                  className="sk-field__input"
                  required
                  maxLength={ALT_MAX_LENGTH}
                  value={p.alt}
                  aria-invalid={problem === ALT_REQUIRED && p.alt.trim() === '' ? true : undefined}
                  onChange={(event) => setAlt(p.key, event.target.value)}
                  onKeyDown={onKeyDown}
                />
              </div>
              <button
                type="button"
                className="sk-button sk-button--ghost sk-button--small"
                aria-label={`Retirer « ${p.file.name} »`}
                onClick={() => drop(p.key)}
              >
                Retirer
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError message={problem} />
      {done ? (
        <p className="sk-muted" role="status">
          {done}
        </p>
      ) : null}
      {pending.length > 0 ? (
        <div>
          <button type="button" className="sk-button sk-button--secondary" disabled={sending} onClick={send}>
            {sending ? 'Envoi des photos...' : 'Envoyer les photos'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
