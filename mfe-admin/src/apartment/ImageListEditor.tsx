import { useId, useState, type KeyboardEvent } from 'react';
import { imageUrlProblem } from 'shared-kernel';
import '../ui/ui.css';
import './apartment.css';

export const IMAGE_ALREADY_LISTED = 'Cette image est déjà dans la liste.';

export interface ImageListEditorProps {
  images: readonly string[];
  onChange: (images: string[]) => void;
  /** The name of the URL input (a refused submit focuses it); each entry is named `${inputName}-${index}`. */
  inputName: string;
  /** Marks the URL input as the field in error. */
  invalid?: boolean;
}

/**
 * The image URL list of the apartment forms: an input with 'Ajouter' (the URL rules and their
 * messages apply), and each image, still editable, with 'Supprimer'.
 */
export function ImageListEditor({ images, onChange, inputName, invalid }: ImageListEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const url = draft.trim();
    const rule = imageUrlProblem(url);
    const message = rule ?? (images.some((image) => image.trim() === url) ? IMAGE_ALREADY_LISTED : null);
    setProblem(message);
    if (message) return;
    onChange([...images, url]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the image instead of sending the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  const replace = (index: number, url: string) => onChange(images.map((image, i) => (i === index ? url : image)));
  const remove = (index: number) => onChange(images.filter((_, i) => i !== index));
  const describedBy = [`${id}-hint`, problem ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <fieldset className="adm-fieldset adm-images">
      <legend className="adm-fieldset__legend">Images</legend>
      <div className="adm-images__add">
        <div className="sk-field">
          <label className="sk-field__label" htmlFor={`${id}-url`}>
            URL de l&apos;image
          </label>
          <input
            id={`${id}-url`}
            className="sk-field__input"
            name={inputName}
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={draft}
            aria-invalid={problem || invalid ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <button type="button" className="sk-button sk-button--secondary" onClick={add}>
          Ajouter
        </button>
      </div>
      <p id={`${id}-hint`} className="sk-field__hint">
        Adresse commençant par http:// ou https://, de moins de 500 caractères.
      </p>
      {problem ? (
        <p id={`${id}-error`} className="sk-field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {images.length === 0 ? (
        <p className="sk-muted">Aucune image pour l&apos;instant.</p>
      ) : (
        <ol className="adm-images__list" aria-label="Images de l'appartement">
          {images.map((url, index) => (
            // Entries are edited in place: their position is their identity.
            <li key={index} className="adm-images__item">
              <ImagePreview url={url} />
              <div className="sk-field adm-images__entry">
                <label className="sk-field__label" htmlFor={`${id}-image-${index}`}>
                  Image {index + 1}
                </label>
                <input
                  id={`${id}-image-${index}`}
                  className="sk-field__input"
                  name={`${inputName}-${index}`}
                  type="url"
                  value={url}
                  aria-invalid={imageUrlProblem(url.trim()) ? true : undefined}
                  onChange={(event) => replace(index, event.target.value)}
                />
              </div>
              <button
                type="button"
                className="sk-button sk-button--danger sk-button--small"
                aria-describedby={`${id}-image-${index}`}
                onClick={() => remove(index)}
              >
                Supprimer
              </button>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}

/** A small preview of a valid URL; nothing when it does not load. */
function ImagePreview({ url }: { url: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = url.trim();
  if (imageUrlProblem(src) || failed === src) return <span className="adm-images__thumb adm-images__thumb--empty" aria-hidden="true" />;
  return <img className="adm-images__thumb" src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} />;
}
