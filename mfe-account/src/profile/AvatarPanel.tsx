import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { describeFailure, initialOf, sessionCommands, useMutation, usersApi, Alert } from 'shared-kernel';
import { avatarFileProblem } from './avatarFile';
import { NO_SERVER, PHOTO_SAVE_FAILED, PHOTO_SAVED } from './text';
import './profile.css';

function uploadFailureMessage(error: unknown): string {
  const failure = describeFailure(error);
  if (failure.kind === 'no-response') return NO_SERVER;
  if (failure.kind === 'response' && failure.status < 500 && failure.message) return failure.message;
  return PHOTO_SAVE_FAILED;
}

function previewOf(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

export interface AvatarPanelProps {
  name: string;
  photo: string | null;
  /** Receives the new photo's address once the server stored it. */
  onSaved: (avatarUrl: string) => void;
}

/**
 * The profile photo (or the initial of the name) and its change: an image file is previewed here,
 * then sent with 'Enregistrer la photo'; anything but a JPEG, PNG or WebP image is refused at once.
 */
export function AvatarPanel({ name, photo, onSaved }: AvatarPanelProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoFailed, setPhotoFailed] = useState(false);
  /** Why the chosen file was refused before sending. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => usersApi.uploadAvatar(chosen, chosen.name),
    onSuccess: (avatarUrl) => {
      onSaved(avatarUrl);
      setFile(null);
      setPreview(null);
      if (input.current) input.current.value = '';
      // The header shows the new photo once the shell has read the session again.
      void sessionCommands.refresh().catch(() => undefined);
    },
  });
  const uploading = upload.isPending;
  const saved = upload.isSuccess;
  const problem = refusal ?? (upload.isError ? uploadFailureMessage(upload.error) : null);

  useEffect(() => setPhotoFailed(false), [photo]);
  // The preview's object URL is released when it is replaced or the page is left.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL?.(preview);
    },
    [preview],
  );

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // A new choice hides 'photo enregistrée' (a failure stays until another file is chosen).
    if (upload.isSuccess) upload.reset();
    if (!chosen) return;
    const refused = avatarFileProblem(chosen);
    if (refused) {
      setRefusal(refused);
      setFile(null);
      setPreview(null);
      event.target.value = '';
      return;
    }
    setRefusal(null);
    upload.reset();
    setFile(chosen);
    setPreview(previewOf(chosen));
  };

  const onUpload = () => {
    if (!file || uploading) return;
    setRefusal(null);
    upload.mutate(file);
  };

  const shownPhoto = preview ?? (photo && !photoFailed ? photo : null);
  return (
    <div className="acc-avatar-panel">
      <div className={`acc-avatar${preview ? ' acc-avatar--preview' : ''}`}>
        {shownPhoto ? (
          <img
            className="acc-avatar__img"
            src={shownPhoto}
            alt={preview ? 'Aperçu de votre nouvelle photo' : 'Votre photo de profil'}
            referrerPolicy="no-referrer"
            onError={preview ? undefined : () => setPhotoFailed(true)}
          />
        ) : (
          <span className="acc-avatar__initial" aria-hidden="true">
            {initialOf(name)}
          </span>
        )}
      </div>
      <div className="acc-upload">
        <input
          ref={input}
          id={inputId}
          className="sk-visually-hidden acc-upload__input"
          type="file"
          accept="image/*"
          name="avatar"
          onChange={onChoose}
          disabled={uploading}
        />
        <label htmlFor={inputId} className="sk-button sk-button--ghost acc-upload__label">
          Changer la photo
        </label>
      </div>
      {file ? (
        <div className="acc-upload__pending">
          {!preview ? <p className="sk-muted acc-upload__name">{file.name}</p> : null}
          <button type="button" className="sk-button sk-button--primary" onClick={onUpload} disabled={uploading}>
            {uploading ? 'Enregistrement...' : 'Enregistrer la photo'}
          </button>
        </div>
      ) : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {saved ? <Alert tone="success">{PHOTO_SAVED}</Alert> : null}
    </div>
  );
}
