/** The kernel's UI kit (issue 33 item 4): what a user and a screen reader get from each piece. */
import { fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { Alert } from '../src/ui/Alert';
import { Dialog } from '../src/ui/Dialog';
import { CheckboxField, FieldError, focusField, NumberField, SelectField, TextAreaField, TextField } from '../src/ui/Field';
import { FormFrame } from '../src/ui/FormFrame';
import { PageFrame } from '../src/ui/PageFrame';
import { SearchBox } from '../src/ui/SearchBox';
import { Stepper } from '../src/ui/Stepper';
import { Table } from '../src/ui/Table';
import { TitledSection } from '../src/ui/TitledSection';
import { ToggleButtons } from '../src/ui/ToggleButtons';

describe('Alert', () => {
  it('announces red and yellow messages at once and the others politely, without the actions', () => {
    render(
      <>
        <Alert tone="danger" title="Erreur!" actions={<a href="/aide">Aide</a>}>
          Le paiement a échoué.
        </Alert>
        <Alert tone="warning">Attention au délai.</Alert>
        <Alert tone="success">Enregistré.</Alert>
        <Alert tone="info">Pour information.</Alert>
      </>,
    );
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Erreur! Le paiement a échoué.', 'Attention au délai.']);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Enregistré.', 'Pour information.']);
    expect(alerts[0]!.parentElement!.className).toBe('sk-alert sk-alert--danger');
    expect(screen.getByRole('link', { name: 'Aide' }).closest('.sk-alert__actions')).not.toBeNull();
  });

  it('offers « Réessayer » for a load that failed', () => {
    const retry = jest.fn();
    render(
      <Alert tone="danger" onRetry={retry} className="adm-x">
        Impossible de charger.
      </Alert>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').parentElement!.className).toBe('sk-alert sk-alert--danger adm-x');
  });
});

describe('fields', () => {
  it('labels the input and reads its hint and error with it', () => {
    render(
      <TextField label="Email" name="email" hint="Votre adresse de connexion." error="Veuillez saisir votre adresse email." required />,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Votre adresse de connexion.', 'Veuillez saisir votre adresse email.']);
    expect(screen.getByRole('alert').textContent).toBe('Veuillez saisir votre adresse email.');
    expect(input.closest('.sk-field')!.className).toBe('sk-field sk-field--required');
  });

  it('is valid and undescribed without hint or error; the asterisk can be left out', () => {
    render(<TextField label="Nom" required markRequired={false} />);
    const input = screen.getByLabelText('Nom');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.closest('.sk-field')!.className).toBe('sk-field');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks a field invalid when the form shows the message itself', () => {
    render(<TextAreaField label="Message" invalid hint="500 caractères au plus." />);
    const area = screen.getByLabelText('Message');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(area.getAttribute('aria-describedby')!)?.textContent).toBe('500 caractères au plus.');
  });

  it('has number, select and checkbox fields with the same conventions', () => {
    const changed = jest.fn();
    render(
      <>
        <NumberField label="Capacité" min={1} defaultValue={2} />
        <SelectField label="Statut" error="Choisissez un statut." defaultValue="">
          <option value="">—</option>
          <option value="confirmee">Confirmée</option>
        </SelectField>
        <CheckboxField label="Se souvenir de moi" hint="Sur cet appareil." onChange={changed} />
      </>,
    );
    expect(screen.getByRole('spinbutton', { name: 'Capacité' })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Statut' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const box = screen.getByRole('checkbox', { name: 'Se souvenir de moi' });
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('Sur cet appareil.');
    fireEvent.click(screen.getByText('Se souvenir de moi'));
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('focuses a form field by name', () => {
    render(
      <form data-testid="form">
        <TextField label="Email" name="email" />
        <TextField label="Mot de passe" name="password" />
      </form>,
    );
    focusField(screen.getByTestId('form') as HTMLFormElement, 'password');
    expect(document.activeElement).toBe(screen.getByLabelText('Mot de passe'));
    focusField(null, 'email');
    focusField(screen.getByTestId('form') as HTMLFormElement, null);
    expect(document.activeElement).toBe(screen.getByLabelText('Mot de passe'));
  });

  it('announces an error under a button, and shows nothing without one', () => {
    const { container, rerender } = render(<FieldError id="pay-error" message="Le paiement a échoué." />);
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Le paiement a échoué.');
    expect(error.id).toBe('pay-error');
    expect(error.className).toBe('sk-field__error');
    rerender(<FieldError message={null} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('FormFrame', () => {
  function Frame({ fail }: { fail: boolean }) {
    const [submitting, setSubmitting] = useState(false);
    const [error, setError] = useState<string | null>(null);
    return (
      <FormFrame
        className="sk-form"
        error={error}
        submitting={submitting}
        submitLabel="Envoyer"
        submittingLabel="Envoi en cours..."
        actions={<button type="button">Annuler</button>}
        onSubmit={(event) => {
          event.preventDefault();
          if (fail) setError('Une erreur est survenue.');
          else setSubmitting(true);
        }}
      >
        <TextField label="Email" type="email" required />
      </FormFrame>
    );
  }

  it('disables its button and says so while the request runs', () => {
    render(<Frame fail={false} />);
    const form = screen.getByRole('button', { name: 'Envoyer' }).closest('form')!;
    expect(form.noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const busy = screen.getByRole('button', { name: 'Envoi en cours...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });

  it('shows why the submit failed above the form', () => {
    render(<Frame fail />);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByRole('alert').textContent).toBe('Une erreur est survenue.');
    expect((screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Dialog', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <div>
        <button type="button" onClick={() => setOpen(true)}>
          Ouvrir
        </button>
        {open ? (
          <Dialog labelledBy="titre" onClose={() => setOpen(false)}>
            <h2 id="titre">Supprimer le compte</h2>
            <button type="button">Confirmer</button>
            <button type="button" onClick={() => setOpen(false)}>
              Fermer
            </button>
          </Dialog>
        ) : null}
      </div>
    );
  }

  it('is a named modal dialog that takes the focus, keeps it, closes on Escape and gives it back', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le compte' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const confirm = screen.getByRole('button', { name: 'Confirmer' });
    const close = screen.getByRole('button', { name: 'Fermer' });
    expect(document.activeElement).toBe(confirm);
    // The page behind is inert while the dialog is open.
    expect(opener.closest('[inert]')).not.toBeNull();

    close.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(opener.closest('[inert]')).toBeNull();
  });

  it('closes on a click on the backdrop, not inside', () => {
    render(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    fireEvent.mouseDown(screen.getByRole('heading', { name: 'Supprimer le compte' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('PageFrame', () => {
  it('frames a page under its one heading, with actions on the title row', () => {
    const { container, rerender } = render(
      <PageFrame title="Avis" className="adm-page">
        <p>Contenu</p>
      </PageFrame>,
    );
    expect(container.firstElementChild!.className).toBe('sk-page adm-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Avis' }).className).toBe('sk-page__title');
    rerender(
      <PageFrame title="Avis" actions={<a href="/nouveau">Nouveau</a>}>
        <p>Contenu</p>
      </PageFrame>,
    );
    expect(screen.getByRole('link', { name: 'Nouveau' }).closest('.sk-page__top')).not.toBeNull();
  });
});

describe('Table', () => {
  it('has a caption and header cells scoped to their column or row', () => {
    const rows = [
      { id: 1, titre: 'Studio Cathédrale', nuits: 12 },
      { id: 2, titre: 'Loft Gare', nuits: 3 },
    ];
    render(
      <Table
        caption="Chiffres par appartement"
        columns={[
          { header: 'Appartement', cell: (r) => r.titre, rowHeader: true },
          { header: 'Nuits vendues', cell: (r) => r.nuits, numeric: true },
        ]}
        rows={rows}
        rowKey={(r) => r.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Chiffres par appartement' });
    expect(table.className).toBe('sk-table');
    expect(screen.getAllByRole('columnheader').map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Appartement', 'col'],
      ['Nuits vendues', 'col'],
    ]);
    expect(screen.getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Studio Cathédrale', 'Loft Gare']);
    expect(screen.getAllByRole('cell').map((td) => td.textContent)).toEqual(['12', '3']);
  });
});

describe('Stepper', () => {
  function Guests({ max }: { max?: number }) {
    const [value, setValue] = useState(1);
    return <Stepper label="Adultes" value={value} min={1} {...(max === undefined ? {} : { max })} onChange={setValue} />;
  }

  it('is a named group whose buttons stop at the bounds, and whose value is announced', () => {
    render(<Guests max={2} />);
    const group = screen.getByRole('group', { name: 'Adultes' });
    const less = screen.getByRole('button', { name: 'Adultes : diminuer' });
    const more = screen.getByRole('button', { name: 'Adultes : augmenter' });
    expect((less as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(more);
    expect(group.textContent).toBe('Adultes-2+');
    expect((more as HTMLButtonElement).disabled).toBe(true);
    expect((less as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('2').getAttribute('aria-live')).toBe('polite');
  });

  it("has no upper bound without a maximum, and takes the buttons' names it is given", () => {
    render(
      <>
        <Guests />
        <Stepper
          label="Nombre de voyageurs"
          layout="inline"
          value={3}
          min={1}
          max={3}
          onChange={() => {}}
          decreaseLabel="Retirer un voyageur"
          increaseLabel="Ajouter un voyageur"
        />
      </>,
    );
    const more = screen.getByRole('button', { name: 'Adultes : augmenter' });
    for (let i = 0; i < 12; i += 1) fireEvent.click(more);
    expect(screen.getByRole('group', { name: 'Adultes' }).textContent).toBe('Adultes-13+');
    expect((screen.getByRole('button', { name: 'Ajouter un voyageur' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Retirer un voyageur' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('group', { name: 'Nombre de voyageurs' }).className).toBe('sk-stepper sk-stepper--inline');
  });
});

describe('TitledSection', () => {
  it('is a region named by its heading, at the level asked', () => {
    render(
      <TitledSection
        level={1}
        titleId="page-title"
        title="Mentions légales"
        className="cat-page-hero"
        titleClassName="cat-page-hero__title"
      >
        <p>Éditeur du site.</p>
      </TitledSection>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Mentions légales' });
    expect(heading.id).toBe('page-title');
    expect(heading.className).toBe('cat-page-hero__title');
    const region = screen.getByRole('region', { name: 'Mentions légales' });
    expect(region.className).toBe('cat-page-hero');
    expect(region.textContent).toBe('Mentions légalesÉditeur du site.');
  });

  it('is an h2 named by a generated id without one', () => {
    render(
      <>
        <TitledSection title="Soldes à recevoir" />
        <TitledSection title="Acompte à recevoir" />
      </>,
    );
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings[0]!.id).not.toBe(headings[1]!.id);
    expect(screen.getByRole('region', { name: 'Acompte à recevoir' }).getAttribute('aria-labelledby')).toBe(headings[1]!.id);
  });
});

describe('ToggleButtons', () => {
  const OPTIONS = [
    { id: 'mois', label: 'Ce mois' },
    { id: 'annee', label: 'Cette année' },
  ] as const;

  it('presses the chosen option and reports the one clicked', () => {
    const choose = jest.fn();
    render(<ToggleButtons options={OPTIONS} value="mois" onChange={choose} />);
    const month = screen.getByRole('button', { name: 'Ce mois' });
    const year = screen.getByRole('button', { name: 'Cette année' });
    expect(month.getAttribute('aria-pressed')).toBe('true');
    expect(year.getAttribute('aria-pressed')).toBe('false');
    expect(year.className).toBe('sk-button sk-button--secondary');
    fireEvent.click(year);
    expect(choose).toHaveBeenCalledWith('annee');
  });

  it("presses none for a null value and takes the package's class", () => {
    render(<ToggleButtons options={OPTIONS} value={null} onChange={() => {}} buttonClassName="cat-chip" />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
    expect(buttons.map((b) => b.className)).toEqual(['cat-chip', 'cat-chip']);
  });
});

describe('SearchBox', () => {
  it('is a search landmark around a labelled search input that reports what is typed', () => {
    const typed = jest.fn();
    render(
      <SearchBox
        id="cat-search"
        label="Rechercher un logement"
        labelClassName="sk-visually-hidden"
        placeholder="Rechercher par titre..."
        value="Metz"
        onChange={typed}
        className="cat-toolbar__search"
      />,
    );
    const input = screen.getByLabelText('Rechercher un logement') as HTMLInputElement;
    expect(input.id).toBe('cat-search');
    expect(input.type).toBe('search');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.placeholder).toBe('Rechercher par titre...');
    expect(input.value).toBe('Metz');
    expect(screen.getByRole('search').className).toBe('cat-toolbar__search');
    fireEvent.change(input, { target: { value: 'Metz centre' } });
    expect(typed).toHaveBeenCalledWith('Metz centre');
  });

  it('labels its input by a generated id and hands the input to a ref', () => {
    const ref = createRef<HTMLInputElement>();
    render(<SearchBox label="Rechercher dans la FAQ" value="" onChange={() => {}} inputRef={ref} />);
    expect(ref.current).toBe(screen.getByLabelText('Rechercher dans la FAQ'));
  });
});
