import { useState, type FormEvent } from 'react';
import {
  ibanProblem,
  reservationsApi,
  serverMessage,
  titulaireProblem,
  focusField,
  useMutation,
  TextField,
  FieldError,
} from 'shared-kernel';

interface Saved {
  titulaire: string;
  iban: string;
}

/**
 * Where to refund by transfer (DECISIONS 35): the guest's IBAN, checked as the server checks it
 * (ISO 13616), and the account holder. Shown while a refund by transfer waits for them.
 */
export function RefundIbanForm({
  reservationId,
  saved,
  onSaved,
}: {
  reservationId: number;
  saved: Saved | null;
  onSaved: (saved: Saved) => void;
}) {
  const [iban, setIban] = useState('');
  const [titulaire, setTitulaire] = useState(saved?.titulaire ?? '');
  const [errors, setErrors] = useState<{ iban?: string | null; titulaire?: string | null }>({});
  const save = useMutation({
    mutationFn: () => reservationsApi.setRefundIban(reservationId, iban, titulaire),
    onSuccess: (answer) => {
      onSaved(answer);
      setIban('');
    },
  });
  const busy = save.isPending;
  const done = save.isSuccess;
  const failure = save.isError ? (serverMessage(save.error) ?? "L'IBAN n'a pas pu être enregistré. Veuillez réessayer.") : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const found = { iban: ibanProblem(iban), titulaire: titulaireProblem(titulaire) };
    setErrors(found);
    save.reset();
    if (found.iban) return focusField(form, 'iban');
    if (found.titulaire) return focusField(form, 'titulaire');
    save.mutate();
  };

  return (
    <form className="acc-iban" noValidate onSubmit={submit} aria-labelledby="acc-iban-title">
      <h3 id="acc-iban-title" className="acc-summary__title">
        Où vous rembourser
      </h3>
      <p>
        {saved
          ? `Le remboursement par virement ira sur le compte ${saved.iban} (${saved.titulaire}). Vous pouvez le changer tant qu'il n'est pas effectué.`
          : 'Votre remboursement se fait par virement : indiquez le compte à créditer. Nous faisons le virement dès réception.'}
      </p>
      <TextField
        label="IBAN"
        name="iban"
        autoComplete="off"
        spellCheck={false}
        value={iban}
        onChange={(e) => setIban(e.target.value)}
        error={errors.iban}
        hint="Par exemple FR76 3000 6000 0112 3456 7890 189"
      />
      <TextField
        label="Titulaire du compte"
        name="titulaire"
        autoComplete="name"
        value={titulaire}
        onChange={(e) => setTitulaire(e.target.value)}
        error={errors.titulaire}
      />
      <FieldError message={failure} />
      {done ? <p role="status">IBAN enregistré : le remboursement sera fait sur ce compte.</p> : null}
      <div className="acc-actions">
        <button type="submit" className="sk-button sk-button--primary" disabled={busy}>
          Enregistrer l'IBAN
        </button>
      </div>
    </form>
  );
}
