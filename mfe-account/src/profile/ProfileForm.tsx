import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  describeFailure,
  NAME_MAX_LENGTH,
  usersApi,
  type Profile,
  type ProfileUpdate,
  Alert,
  TextAreaField,
  TextField,
  useMutation,
} from 'shared-kernel';
import { EMAIL_LOCKED, NAME_REQUIRED, NO_SERVER, PROFILE_SAVE_FAILED } from './text';
import './profile.css';

interface Values {
  name: string;
  phone: string;
  billingAddress: string;
  city: string;
  postalCode: string;
  country: string;
  bio: string;
}

function valuesOf(profile: Profile): Values {
  return {
    name: profile.nom ?? '',
    phone: profile.phone ?? '',
    billingAddress: profile.billingAddress ?? '',
    city: profile.city ?? '',
    postalCode: profile.postalCode ?? '',
    country: profile.country ?? '',
    bio: profile.bio ?? '',
  };
}

/** What PUT /users/update receives: trimmed text, an empty field clears the value. */
export function updateOf(values: Values): ProfileUpdate {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    bio: values.bio.trim(),
    billingAddress: values.billingAddress.trim(),
    city: values.city.trim(),
    postalCode: values.postalCode.trim(),
    country: values.country.trim(),
  };
}

function saveFailureMessage(error: unknown): string {
  const failure = describeFailure(error);
  if (failure.kind === 'no-response') return NO_SERVER;
  if (failure.kind === 'response' && failure.status < 500 && failure.message) return failure.message;
  return PROFILE_SAVE_FAILED;
}

export interface ProfileFormProps {
  profile: Profile;
  /** Receives the profile the server answered with. */
  onSaved: (profile: Profile) => void;
}

/** The profile's edit form; the email is shown but cannot be changed. */
export function ProfileForm({ profile, onSaved }: ProfileFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (update: ProfileUpdate) => usersApi.update(update),
    onSuccess: onSaved,
  });
  const saving = save.isPending;
  const failure = save.isError ? saveFailureMessage(save.error) : null;
  const form = useRef<HTMLFormElement>(null);

  // Opened from the 'Modifier le profil' button: the first field takes the focus.
  useEffect(() => {
    const first = form.current?.elements.namedItem('name');
    if (first instanceof HTMLElement) first.focus();
  }, []);

  const field = (key: keyof Values) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const update = updateOf(values);
    save.reset();
    if (!update.name) {
      setNameError(NAME_REQUIRED);
      const input = event.currentTarget.elements.namedItem('name');
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    setNameError(null);
    save.mutate(update);
  };

  return (
    <form ref={form} className="sk-form acc-profile-form" noValidate onSubmit={onSubmit} aria-label="Modifier mes informations">
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <div className="acc-profile-form__grid">
        <TextField
          label="Nom"
          type="text"
          autoComplete="name"
          required
          markRequired={false}
          maxLength={NAME_MAX_LENGTH}
          error={nameError}
          {...field('name')}
        />
        <TextField label="Email" type="email" name="email" value={profile.email} disabled readOnly hint={EMAIL_LOCKED} />
        <TextField label="Téléphone" type="tel" autoComplete="tel" maxLength={20} {...field('phone')} />
        <TextField label="Adresse" type="text" autoComplete="street-address" maxLength={200} {...field('billingAddress')} />
        <TextField label="Ville" type="text" autoComplete="address-level2" maxLength={100} {...field('city')} />
        <TextField label="Code postal" type="text" autoComplete="postal-code" maxLength={10} {...field('postalCode')} />
        <TextField label="Pays" type="text" autoComplete="country-name" maxLength={100} {...field('country')} />
      </div>
      <TextAreaField label="Bio" rows={4} maxLength={1000} {...field('bio')} />
      <div>
        <button type="submit" className="sk-button sk-button--primary" disabled={saving}>
          {saving ? 'Enregistrement...' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}
