import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { imageUrlProblem, uploadedPhotoId, FieldError } from 'shared-kernel';
import { altInputName } from './formValues';
import { moveItem } from './images';
import '../ui/ui.css';
import './apartment.css';

export const IMAGE_ALREADY_LISTED = 'Cette image est déjà dans la liste.';
export const ALT_MAX_LENGTH = 200;

export interface ImageListEditorProps {
  images: readonly string[];
  onChange: (images: string[]) => void;
  /** Edit mode: each image's alternative text (required for uploaded photos), by URL. */
  alts?: Readonly<Record<string, string>>;
  onAltChange?: (url: string, alt: string) => void;
  /** The field in error, to mark it (an image's alt input). */
  invalidField?: string | null;
  /** Below the list: the photo upload of the edit mode. */
  children?: ReactNode;
  /** The name of the URL input (a refused submit focuses it); each entry is named `${inputName}-${index}`. */
  inputName: string;
  /** Marks the URL input as the field in error. */
  invalid?: boolean;
}

/**
 * The image list of the apartment form: an input with 'Ajouter' (the URL rules and their messages
 * apply), and each image, still editable, with 'Monter' / 'Descendre' (or dragged), 'Supprimer' and,
 * in edit mode, its alternative text. The first image is the one the lists show.
 */
export function ImageListEditor({ images, onChange, inputName, invalid, alts, onAltChange, invalidField, children }: ImageListEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  // Said after a move, for whoever does not see the list change.
  const [moved, setMoved] = useState('');
  // Ids of the buttons to focus once the list has re-rendered after a move (the first that exists).
  const focusAfterRender = useRef<string[] | null>(null);

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
  const move = (from: number, to: number, focusAfter?: 'up' | 'down') => {
    if (to < 0 || to >= images.length || from === to) return;
    onChange(moveItem(images, from, to));
    setMoved(`Image déplacée en position ${to + 1} sur ${images.length}.`);
    // The button pressed may vanish at the list's edge: the focus follows the image, moved right after
    // the list re-renders (a layout effect, not a timer: a second key press must reach the moved image).
    if (!focusAfter) return;
    const other = focusAfter === 'up' ? 'down' : 'up';
    focusAfterRender.current = [`${id}-${focusAfter}-${to}`, `${id}-${other}-${to}`];
  };
  useLayoutEffect(() => {
    const keys = focusAfterRender.current;
    if (!keys) return;
    focusAfterRender.current = null;
    keys
      .map((key) => document.getElementById(key))
      .find(Boolean)
      ?.focus();
  });
  const describedBy = [`${id}-hint`, problem ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <fieldset className="adm-fieldset adm-images">
      <legend className="adm-fieldset__legend">Images</legend>
      <div className="sk-cluster sk-cluster--end adm-images__add">
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
      <FieldError id={`${id}-error`} message={problem} />
      {images.length === 0 ? (
        <p className="sk-muted">Aucune image pour l&apos;instant.</p>
      ) : (
        <ol className="sk-list sk-rows sk-gap-3 adm-images__list" aria-label="Images de l'appartement">
          {images.map((url, index) => (
            // Entries are edited in place: their position is their identity.
            <li
              key={index}
              className={`sk-cluster sk-cluster--end sk-gap-3 adm-images__item${dragged === index ? ' adm-images__item--dragged' : ''}`}
              draggable
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
            >
              <ImagePreview url={url} />
              <div className="adm-images__fields">
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
                    readOnly={uploadedPhotoId(url) !== null}
                    aria-invalid={imageUrlProblem(url.trim()) ? true : undefined}
                    onChange={(event) => replace(index, event.target.value)}
                  />
                </div>
                {alts && onAltChange ? (
                  <div className={`sk-field adm-images__entry${uploadedPhotoId(url) ? ' sk-field--required' : ''}`}>
                    <label className="sk-field__label" htmlFor={`${id}-alt-${index}`}>
                      Texte alternatif de l&apos;image {index + 1}
                    </label>
                    <input
                      id={`${id}-alt-${index}`}
                      className="sk-field__input"
                      name={altInputName(inputName, index)}
                      maxLength={ALT_MAX_LENGTH}
                      required={uploadedPhotoId(url) !== null}
                      value={alts[url] ?? ''}
                      aria-invalid={invalidField === altInputName(inputName, index) ? true : undefined}
                      onChange={(event) => onAltChange(url, event.target.value)}
                    />
                  </div>
                ) : null}
              </div>
              <div className="adm-images__actions">
                {index > 0 ? (
                  <button
                    id={`${id}-up-${index}`}
                    type="button"
                    className="sk-button sk-button--ghost sk-button--small"
                    aria-label={`Monter l'image ${index + 1}`}
                    onClick={() => move(index, index - 1, 'up')}
                  >
                    Monter
                  </button>
                ) : null}
                {index < images.length - 1 ? (
                  <button
                    id={`${id}-down-${index}`}
                    type="button"
                    className="sk-button sk-button--ghost sk-button--small"
                    aria-label={`Descendre l'image ${index + 1}`}
                    onClick={() => move(index, index + 1, 'down')}
                  >
                    Descendre
                  </button>
                ) : null}
                <button
                  type="button"
                  className="sk-button sk-button--danger sk-button--small"
                  aria-describedby={`${id}-image-${index}`}
                  onClick={() => remove(index)}
                >
                  Supprimer
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {moved ? (
        <p className="sk-visually-hidden" role="status">
          {moved}
        </p>
      ) : null}
      {children}
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
