import { useRef, type FormEvent } from 'react';
import { slugify } from 'shared-kernel';
import { Alert } from '../ui/Alert';
import { focusField, TextAreaField, TextField } from '../ui/Field';
import { IMAGE_INPUT_NAME } from './addForm';
import { AmenityToggles } from './AmenityToggles';
import { CapacityFields } from './CapacityFields';
import { ImageListEditor } from './ImageListEditor';
import { LocationFields } from './LocationFields';
import { ADD_MINIMUMS } from './numbers';
import { PolicyChoice } from './PolicyChoice';
import { IMAGES_DROPPED, SMOOBU_RETRY, SUBMITTING } from './text';
import type { AddApartmentState } from './useAddApartment';
import '../ui/ui.css';
import './apartment.css';

/** The server's SLUG_TAKEN message, shown before sending when the catalogue already has the slug. */
export const SLUG_TAKEN_HINT = 'Ce slug est déjà utilisé par un autre appartement : modifiez le titre.';

/** Every field of the spec's section 3, with the add form's defaults and minimums. */
export function AddApartmentForm({ state }: { state: AddApartmentState }) {
  const { form, update, smoobuId, known, submitting, retrying, dropped, problem, attempt, submit } = state;
  const formRef = useRef<HTMLFormElement>(null);
  const slug = slugify(form.titre);
  const invalid = problem?.field ?? null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = await submit();
    focusField(formRef.current, field);
  };

  return (
    // The checks run on submit with the spec's messages; the min and required attributes stay as hints.
    <form ref={formRef} className="adm-form" noValidate aria-busy={submitting || undefined} onSubmit={(event) => void onSubmit(event)}>
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
        <TextField
          label="Slug"
          name="slug"
          readOnly
          value={slug}
          hint={
            slug !== '' && known.slugs.has(slug) ? (
              <span className="adm-field__warning">{SLUG_TAKEN_HINT}</span>
            ) : (
              `Formé à partir du titre : adresse de la page /appartement/${slug || '…'}`
            )
          }
        />
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
            min={ADD_MINIMUMS.prixParNuit}
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
            min={ADD_MINIMUMS.surface}
            step={1}
            required
            value={form.surface}
            invalid={invalid === 'surface'}
            onChange={(e) => update('surface', e.target.value)}
          />
          <TextField
            label="Identifiant Smoobu"
            name="smoobuId"
            readOnly
            value={String(smoobuId)}
            hint="Tiré au hasard ; un autre est tiré s'il est déjà pris."
          />
          <TextField
            label="Numéro d'enregistrement"
            name="numeroEnregistrement"
            value={form.numeroEnregistrement ?? ''}
            hint="Délivré par la commune, par exemple 57463000123AB. Sans lui, l'appartement est enregistré comme brouillon, visible des seuls administrateurs."
            onChange={(e) => update('numeroEnregistrement', e.target.value)}
          />
        </div>
      </fieldset>

      <CapacityFields values={form} minimums={ADD_MINIMUMS} invalidField={invalid} onChange={(field, value) => update(field, value)} />

      <ImageListEditor
        images={form.images}
        inputName={IMAGE_INPUT_NAME}
        invalid={invalid === IMAGE_INPUT_NAME}
        onChange={(images) => update('images', images)}
      />

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

      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Hôte</legend>
        <div className="adm-grid">
          <TextField label="Nom de l'hôte" name="hoteNom" value={form.hoteNom} onChange={(e) => update('hoteNom', e.target.value)} />
          <TextField
            label="Expérience"
            name="hoteExperience"
            value={form.hoteExperience}
            onChange={(e) => update('hoteExperience', e.target.value)}
          />
          <TextField
            label="Taux de réponse"
            name="hoteTauxReponse"
            value={form.hoteTauxReponse}
            onChange={(e) => update('hoteTauxReponse', e.target.value)}
          />
          <TextField
            label="Délai de réponse"
            name="hoteDelaiReponse"
            value={form.hoteDelaiReponse}
            onChange={(e) => update('hoteDelaiReponse', e.target.value)}
          />
        </div>
      </fieldset>

      <fieldset className="adm-fieldset">
        <legend className="adm-fieldset__legend">Règles de la maison</legend>
        <div className="adm-grid">
          <TextField label="Arrivée" name="arrivee" value={form.arrivee} onChange={(e) => update('arrivee', e.target.value)} />
          <TextField label="Départ" name="depart" value={form.depart} onChange={(e) => update('depart', e.target.value)} />
        </div>
        <p className="sk-field__hint">Nombre maximum de voyageurs : celui de la capacité ({form.voyageurs || '…'}).</p>
      </fieldset>

      <PolicyChoice value={form.politiqueAnnulation} onChange={(policy) => update('politiqueAnnulation', policy)} />

      <div className="adm-form__submit">
        {dropped ? (
          <Alert key={`dropped-${attempt}`} tone="warning">
            {IMAGES_DROPPED}
          </Alert>
        ) : null}
        {retrying ? <Alert tone="info">{SMOOBU_RETRY}</Alert> : null}
        {problem ? (
          <Alert key={`problem-${attempt}`} tone="danger">
            {problem.message}
          </Alert>
        ) : null}
        <div>
          <button type="submit" className="sk-button sk-button--primary" disabled={submitting}>
            {submitting ? SUBMITTING : "Ajouter l'appartement"}
          </button>
        </div>
      </div>
    </form>
  );
}
