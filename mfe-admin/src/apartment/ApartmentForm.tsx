import type { FormEvent, ReactNode, RefObject } from 'react';
import { slugify, TextAreaField, TextField, type PhotoList } from 'shared-kernel';
import { IMAGE_INPUT_NAME } from './addForm';
import { AmenityCheckboxes } from './AmenityCheckboxes';
import { AmenityToggles } from './AmenityToggles';
import { CapacityFields } from './CapacityFields';
import type { ApartmentFormValues, FormUpdate } from './formValues';
import { ImageListEditor } from './ImageListEditor';
import { LocationFields } from './LocationFields';
import { ADD_MINIMUMS, EDIT_MINIMUMS } from './numbers';
import { PhotoUpload } from './PhotoUpload';
import { PolicyChoice } from './PolicyChoice';
import { EDIT_INCLUS_CHOICES, EDIT_NON_INCLUS_CHOICES } from './text';
import '../ui/ui.css';
import './apartment.css';

/** The server's SLUG_TAKEN message, shown before sending when the catalogue already has the slug. */
export const SLUG_TAKEN_HINT = 'Ce slug est déjà utilisé par un autre appartement : modifiez le titre.';

/** What differs between adding and editing; everything else is the same form. */
export type ApartmentFormMode =
  | { kind: 'add'; smoobuId: number; slugTaken: (slug: string) => boolean }
  | { kind: 'edit'; appartementId: number; onPhotosUploaded: (list: PhotoList) => void };

export interface ApartmentFormProps {
  mode: ApartmentFormMode;
  form: ApartmentFormValues;
  update: FormUpdate;
  /** The field of the last refused submit. */
  invalid: string | null;
  busy: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  labelledBy?: string;
  onSubmit: () => void;
  /** Messages and buttons under the form. */
  footer: ReactNode;
}

/**
 * The one apartment form (issue 33 item 4), for the add page and the apartment page's editor, in
 * sections: general information with the town and coordinates, capacity, images (and, when
 * editing, photo upload), amenities, host, house rules, cancellation policy. The checks run on
 * submit with the spec's messages; the min and required attributes stay as hints.
 */
export function ApartmentForm({ mode, form, update, invalid, busy, formRef, labelledBy, onSubmit, footer }: ApartmentFormProps) {
  const adding = mode.kind === 'add';
  const minimums = adding ? ADD_MINIMUMS : EDIT_MINIMUMS;
  const slug = slugify(form.titre);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const text = (field: 'hoteNom' | 'hoteExperience' | 'hoteTauxReponse' | 'hoteDelaiReponse' | 'arrivee' | 'depart', label: string) => (
    <TextField label={label} name={field} maxLength={80} value={form[field]} onChange={(e) => update(field, e.target.value)} />
  );

  return (
    <form ref={formRef} className="adm-form" noValidate aria-labelledby={labelledBy} aria-busy={busy || undefined} onSubmit={submit}>
      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Informations générales</legend>
        <TextField
          label="Titre"
          name="titre"
          required
          maxLength={120}
          value={form.titre}
          invalid={invalid === 'titre'}
          onChange={(e) => update('titre', e.target.value)}
        />
        {adding ? (
          <TextField
            label="Slug"
            name="slug"
            readOnly
            value={slug}
            hint={
              slug !== '' && mode.slugTaken(slug) ? (
                <span className="adm-field__warning">{SLUG_TAKEN_HINT}</span>
              ) : (
                `Formé à partir du titre : adresse de la page /appartement/${slug || '…'}`
              )
            }
          />
        ) : null}
        <TextAreaField
          label="Description"
          name="description"
          required
          maxLength={5000}
          value={form.description}
          invalid={invalid === 'description'}
          onChange={(e) => update('description', e.target.value)}
        />
        <TextField
          label="Localisation"
          name="localisation"
          required
          maxLength={120}
          value={form.localisation}
          invalid={invalid === 'localisation'}
          onChange={(e) => update('localisation', e.target.value)}
        />
        <LocationFields form={form} invalid={invalid} onChange={(field, value) => update(field, value)} />
        <div className="adm-grid">
          <TextField
            label="Prix par nuit (€)"
            name="prixParNuit"
            type="number"
            inputMode="decimal"
            min={minimums.prixParNuit}
            step={0.01}
            required
            value={form.prixParNuit}
            invalid={invalid === 'prixParNuit'}
            onChange={(e) => update('prixParNuit', e.target.value)}
          />
          <TextField
            label="Surface (m²)"
            name="surface"
            type="number"
            inputMode="numeric"
            min={minimums.surface}
            step={1}
            required
            value={form.surface}
            invalid={invalid === 'surface'}
            onChange={(e) => update('surface', e.target.value)}
          />
          {adding ? (
            <>
              <TextField
                label="Identifiant Smoobu"
                name="smoobuId"
                readOnly
                value={String(mode.smoobuId)}
                hint="Tiré au hasard ; un autre est tiré s'il est déjà pris."
              />
              <TextField
                label="Numéro d'enregistrement"
                name="numeroEnregistrement"
                value={form.numeroEnregistrement ?? ''}
                hint="Délivré par la commune, par exemple 57463000123AB. Sans lui, l'appartement est enregistré comme brouillon, visible des seuls administrateurs."
                onChange={(e) => update('numeroEnregistrement', e.target.value)}
              />
            </>
          ) : (
            <TextField
              label="Identifiant Smoobu"
              name="smoobuId"
              type="number"
              inputMode="numeric"
              min={1000000}
              max={9999999}
              step={1}
              value={form.smoobuId}
              invalid={invalid === 'smoobuId'}
              hint="Facultatif : laissez ce champ vide si le gestionnaire de canaux (Smoobu) n'est pas utilisé."
              onChange={(e) => update('smoobuId', e.target.value)}
            />
          )}
        </div>
      </fieldset>

      <CapacityFields values={form} minimums={minimums} invalidField={invalid} onChange={(field, value) => update(field, value)} />

      <ImageListEditor
        images={form.images}
        inputName={IMAGE_INPUT_NAME}
        invalid={invalid === IMAGE_INPUT_NAME}
        invalidField={invalid}
        onChange={(images) => update('images', images)}
        {...(adding
          ? {}
          : { alts: form.imagesAlt, onAltChange: (url: string, alt: string) => update('imagesAlt', { ...form.imagesAlt, [url]: alt }) })}
      >
        {adding ? (
          <p className="sk-field__hint">
            Les photos se téléversent une fois l&apos;appartement créé, depuis « Modifier l&apos;appartement ».
          </p>
        ) : (
          <PhotoUpload appartementId={mode.appartementId} onUploaded={mode.onPhotosUploaded} />
        )}
      </ImageListEditor>

      {adding ? (
        <fieldset className="adm-fieldset">
          <legend className="adm-fieldset__legend">Équipements</legend>
          <AmenityToggles inclus={form.inclus} nonInclus={form.nonInclus} onChange={(group, labels) => update(group, labels)} />
          <div className="adm-grid">
            <TextField
              label="Salle de bain"
              name="salleDeBain"
              hint="Séparés par des virgules, par exemple : Sèche-cheveux, Shampooing"
              value={form.salleDeBain}
              onChange={(e) => update('salleDeBain', e.target.value)}
            />
            <TextField
              label="Internet et bureau"
              name="internetEtBureau"
              hint="Séparés par des virgules, par exemple : Wifi, Espace de travail"
              value={form.internetEtBureau}
              onChange={(e) => update('internetEtBureau', e.target.value)}
            />
          </div>
        </fieldset>
      ) : (
        <>
          <AmenityCheckboxes
            legend="Équipements inclus"
            choices={EDIT_INCLUS_CHOICES}
            selected={form.inclus}
            onChange={(labels) => update('inclus', labels)}
          />
          <AmenityCheckboxes
            legend="Non inclus"
            choices={EDIT_NON_INCLUS_CHOICES}
            selected={form.nonInclus}
            onChange={(labels) => update('nonInclus', labels)}
          />
        </>
      )}

      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Hôte</legend>
        <div className="adm-grid">
          {text('hoteNom', "Nom de l'hôte")}
          {text('hoteExperience', 'Expérience')}
          {text('hoteTauxReponse', 'Taux de réponse')}
          {text('hoteDelaiReponse', 'Délai de réponse')}
        </div>
        <TextField
          label="Photo de l'hôte"
          name="hotePhoto"
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={form.hotePhoto}
          invalid={invalid === 'hotePhoto'}
          hint="Facultative : adresse d'une image commençant par http:// ou https://."
          onChange={(e) => update('hotePhoto', e.target.value)}
        />
      </fieldset>

      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Règles de la maison</legend>
        <div className="adm-grid">
          {text('arrivee', 'Arrivée')}
          {text('depart', 'Départ')}
        </div>
        <p className="sk-field__hint">Nombre maximum de voyageurs : celui de la capacité ({form.voyageurs || '…'}).</p>
      </fieldset>

      <PolicyChoice value={form.politiqueAnnulation} onChange={(policy) => update('politiqueAnnulation', policy)} />

      <div className="adm-form__submit">{footer}</div>
    </form>
  );
}
