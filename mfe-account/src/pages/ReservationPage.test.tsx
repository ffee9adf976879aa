import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { invoicesApi, reservationsApi, reviewsApi, sessionWriter, type Mouvement, type SessionUser } from 'shared-kernel';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import { admin, httpError, networkError, otherClient, owner, reservation } from '../../test/fixtures';
import ReservationPage from './ReservationPage';
import { leaveFor } from '../reservation/leave';

jest.mock('../reservation/leave', () => ({ leaveFor: jest.fn() }));

// user-event's arrow keys in a radio group use CSS.escape, which jsdom does not provide.
if (typeof globalThis.CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', {
    value: { escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`) },
    configurable: true,
  });
}

// The kernel's calls are replaced on the kernel's own objects, which its declared queries call.
const get = jest.spyOn(reservationsApi, 'get');
const setStatus = jest.spyOn(reservationsApi, 'setStatus');
const createReview = jest.spyOn(reviewsApi, 'create');

function renderPage(path = '/reservation/12', previous?: string) {
  const entries = previous ? [previous, path] : [path];
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/" element={<h1>Accueil</h1>} />
        <Route path="/profile" element={<h1>Profil</h1>} />
        <Route path="/admin/reservations" element={<h1>Gestion des Réservations</h1>} />
        <Route path="/reservation/:id" element={<ReservationPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

async function renderLoaded(as: SessionUser | null, data = reservation(), path?: string) {
  if (as) sessionWriter.signedIn(as);
  else sessionWriter.signedOut();
  get.mockResolvedValue(data);
  const view = renderPage(path);
  await screen.findByRole('heading', { level: 1, name: 'Détails de la réservation' });
  return view;
}

/** The coloured header: the region named after the apartment. */
function header(name = 'Loft lumineux Cathédrale'): HTMLElement {
  return screen.getByRole('region', { name });
}

function block(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The value next to a label in a summary block. */
function valueOf(region: HTMLElement, label: string): string {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

let confirmSpy: jest.SpyInstance;
let alertSpy: jest.SpyInstance;

const invoices = jest.spyOn(invoicesApi, 'ofReservation');
const billing = jest.spyOn(invoicesApi, 'saveBilling');
const NO_INVOICE = { factures: [], facturation: { societe: null, adresse: null, modifiable: true } };

beforeEach(() => {
  invoices.mockReset();
  invoices.mockResolvedValue(NO_INVOICE);
  billing.mockReset();
  get.mockReset();
  setStatus.mockReset();
  createReview.mockReset();
  sessionWriter.signedIn(owner);
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});

afterEach(() => {
  confirmSpy.mockRestore();
  alertSpy.mockRestore();
});

describe('loading and failures', () => {
  it('shows the spinner, then the reservation of the address', async () => {
    get.mockResolvedValue(reservation());
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Chargement de la réservation…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Détails de la réservation' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('12');
    expect(screen.queryByRole('status', { name: /Chargement/ })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Détails de la réservation | Séjours Messins'));
  });

  it("shows the red 'Erreur!' alert when the server fails, and 'Retour' goes back one step", async () => {
    get.mockRejectedValue(httpError(500));
    renderPage('/reservation/12', '/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Erreur! Impossible de récupérer les détails de la réservation. Veuillez réessayer plus tard.');
    expect(alert.closest('.sk-alert')?.classList.contains('sk-alert--danger')).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Accueil' })).toBeTruthy();
  });

  it('shows the same alert without an answer, and loads again with Réessayer', async () => {
    get.mockRejectedValueOnce(networkError()).mockResolvedValueOnce(reservation());
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Erreur!');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Détails de la réservation' })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("shows the yellow 'Attention! Réservation introuvable.' for a 404", async () => {
    get.mockRejectedValue(httpError(404, 'Réservation introuvable.'));
    renderPage('/reservation/99', '/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Attention! Réservation introuvable.');
    expect(alert.closest('.sk-alert')?.classList.contains('sk-alert--warning')).toBe(true);
    expect(screen.queryByText(/Impossible de récupérer/)).toBeNull();
    await waitFor(() => expect(document.title).toBe('Réservation introuvable | Séjours Messins'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Accueil' })).toBeTruthy();
  });

  it('treats an id that cannot exist as not found, without a call', async () => {
    renderPage('/reservation/abc');
    expect((await screen.findByRole('alert')).textContent).toBe('Attention! Réservation introuvable.');
    expect(get).not.toHaveBeenCalled();
  });

  it("'Retour' on a page opened directly goes to the profile (the admin's list for an admin)", async () => {
    get.mockRejectedValue(httpError(404));
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    unmount();

    sessionWriter.signedIn(admin);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion des Réservations' })).toBeTruthy();
  });
});

describe('the header', () => {
  it('shows the apartment, location, dates with nights, status and total', async () => {
    await renderLoaded(owner);
    const region = header();
    expect(within(region).getByRole('heading', { level: 2, name: 'Loft lumineux Cathédrale' })).toBeTruthy();
    expect(within(region).getByText('Metz Centre')).toBeTruthy();
    expect(within(region).getByText(/^Du 03\/12\/2026 au 06\/12\/2026/).textContent).toBe('Du 03/12/2026 au 06/12/2026 (3 nuits)');
    expect(within(region).getByText('en attente').className).toContain('sk-badge--warning');
    expect(within(region).getByText('267 €')).toBeTruthy();
  });

  it("falls back to 'Appartement' and 'Adresse non spécifiée', without a hero image", async () => {
    await renderLoaded(owner, reservation({ appartement: null }));
    const region = header('Appartement');
    expect(within(region).getByText('Adresse non spécifiée')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says 1 nuit in the singular', async () => {
    await renderLoaded(owner, reservation({ endDate: '2026-12-04', nights: 1 }));
    expect(within(header()).getByText('(1 nuit)')).toBeTruthy();
  });

  it.each([
    ['confirmée', 'success'],
    ['en attente', 'warning'],
    ['annulée', 'danger'],
    ['terminée', 'info'],
    ['inconnu', 'info'],
  ])('is coloured by status: %s → %s', async (status, tone) => {
    await renderLoaded(owner, reservation({ status }));
    expect(header().className).toContain(`acc-res-header--${tone}`);
    expect(within(header()).getByText(status).className).toContain(`sk-badge--${tone}`);
  });

  it("shows the apartment's first photo, and a placeholder when it fails", async () => {
    await renderLoaded(owner);
    const hero = screen.getByRole('img', { name: 'Loft lumineux Cathédrale' });
    expect(hero.getAttribute('src')).toBe('https://images.test/loft-1.jpg');
    fireEvent.error(hero);
    expect(screen.getByRole('img', { name: "Erreur de chargement de l'image" })).toBeTruthy();
  });
});

describe('Récapitulatif', () => {
  it('shows the three blocks', async () => {
    await renderLoaded(owner);
    expect(screen.getByRole('heading', { level: 2, name: 'Récapitulatif' })).toBeTruthy();
    const booking = block('Informations réservation');
    expect(valueOf(booking, 'ID de réservation')).toBe('12');
    expect(valueOf(booking, 'Date de réservation')).toBe('20/11/2026');
    expect(valueOf(booking, 'Statut')).toBe('en attente');
    const client = block('Informations client');
    expect(valueOf(client, 'Nom')).toBe('Marie Dupont');
    expect(valueOf(client, 'Email')).toBe('marie@example.fr');
    const payment = block('Détails du paiement');
    expect(valueOf(payment, 'Prix par nuit')).toBe('89 €');
    expect(valueOf(payment, 'Nombre de nuits')).toBe('3 nuits');
    expect(valueOf(payment, 'Total')).toBe('267 €');
    // Cheaper than the deposit: the whole stay at booking, no balance row (issue 31).
    expect(valueOf(payment, 'À régler à la réservation')).toBe('267 €');
    expect(within(payment).queryByText(/^Solde/)).toBeNull();
    expect(valueOf(payment, 'Moyen de paiement')).toBe('Carte bancaire');
  });

  it('shows the quote the stay was booked at, not the base price per night, and the CGV accepted (issue 27)', async () => {
    const booked = reservation({
      totalPrice: 501.76,
      devis: {
        lignes: [
          { libelle: '3 nuits × 160 €', montant: 480 },
          { libelle: 'Taxe de séjour', montant: 21.76 },
        ],
        total: 501.76,
        acompte: 500,
        reste: 1.76,
      },
      cgvVersion: '1.1',
      cgvAccepteeLe: '2026-11-20T10:00:00.000Z',
    });
    await renderLoaded(owner, booked);
    const payment = block('Détails du paiement');
    expect(within(payment).queryByText('Prix par nuit')).toBeNull();
    expect(valueOf(payment, '3 nuits × 160 €')).toBe('480 €');
    expect(valueOf(payment, 'Taxe de séjour')).toBe('21,76 €');
    const cgv = within(payment).getByRole('link', { name: 'Version 1.1 acceptée le 20/11/2026' });
    expect(cgv.getAttribute('href')).toBe('/cgv');
  });

  it("shows 'Non spécifié' for a missing name and email", async () => {
    await renderLoaded(admin, reservation({ user: null }));
    const client = block('Informations client');
    expect(valueOf(client, 'Nom')).toBe('Non spécifié');
    expect(valueOf(client, 'Email')).toBe('Non spécifié');
  });

  it("shows 'Non spécifié' for blank ones too", async () => {
    await renderLoaded(admin, reservation({ user: { id: 7, nom: ' ', email: '' } }));
    expect(valueOf(block('Informations client'), 'Nom')).toBe('Non spécifié');
    expect(valueOf(block('Informations client'), 'Email')).toBe('Non spécifié');
  });
});

describe('Actions (spec sections 4 and 6)', () => {
  const NAMES = ['Annuler la réservation', 'Confirmer la réservation', 'Marquer comme terminée'];

  it.each<[string, string, SessionUser, string[] | null]>([
    ['the owner', 'en attente', owner, ['Annuler la réservation']],
    ['the owner', 'confirmée', owner, ['Annuler la réservation']],
    ['the owner', 'terminée', owner, []],
    ['the owner', 'annulée', owner, null],
    ['an admin', 'en attente', admin, ['Confirmer la réservation', 'Annuler la réservation']],
    ['an admin', 'confirmée', admin, ['Annuler la réservation']],
    ['an admin', 'terminée', admin, []],
    ['an admin', 'annulée', admin, null],
    ['another client', 'en attente', otherClient, null],
  ])('%s on a reservation %s, stay to come', async (_who, status, as, buttons) => {
    await renderLoaded(as, reservation({ status, startDate: '2099-12-03', endDate: '2099-12-06' }));
    const actions = screen.queryByRole('region', { name: 'Actions' });
    if (buttons === null) {
      expect(actions).toBeNull();
      NAMES.forEach((name) => expect(screen.queryByRole('button', { name })).toBeNull());
      return;
    }
    expect(actions).not.toBeNull();
    expect(
      within(actions!)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(buttons);
    if (buttons.length === 0) expect(within(actions!).getByText("Aucune action n'est possible sur cette réservation.")).toBeTruthy();
  });

  it('asks before cancelling, and does nothing when declined', async () => {
    confirmSpy.mockReturnValue(false);
    await renderLoaded(owner);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Annuler la réservation' }));
    expect(confirmSpy).toHaveBeenCalledWith('Êtes-vous sûr de vouloir annuler cette réservation ?');
    expect(setStatus).not.toHaveBeenCalled();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('cancels once confirmed, tells it, and shows the reservation the server returned', async () => {
    setStatus.mockResolvedValue(reservation({ status: 'annulée' }));
    let headerWhenTold = '';
    alertSpy.mockImplementation(() => {
      headerWhenTold = header().className;
    });
    await renderLoaded(owner);
    // After the change, the page reads the reservation's detail again (the change answers the list's shape).
    get.mockResolvedValue(reservation({ status: 'annulée' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Annuler la réservation' }));
    expect(setStatus).toHaveBeenCalledWith(12, 'annulée', undefined);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Statut mis à jour avec succès: annulée'));
    // The screen already shows the new status behind the alert.
    expect(headerWhenTold).toContain('acc-res-header--danger');
    expect(header().className).toContain('acc-res-header--danger');
    expect(valueOf(block('Informations réservation'), 'Statut')).toBe('annulée');
    // 'annulée': no more actions.
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
  });

  it("offers an admin 'Marquer comme terminée' once the departure day has come", async () => {
    await renderLoaded(admin, reservation({ status: 'confirmée', startDate: '2020-03-01', endDate: '2020-03-04' }));
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Marquer comme terminée', 'Annuler la réservation']);
  });

  it('lets an admin confirm, then mark as finished a stay that is over', async () => {
    const past = { startDate: '2020-03-01', endDate: '2020-03-04' };
    setStatus
      .mockResolvedValueOnce(reservation({ status: 'confirmée', ...past }))
      .mockResolvedValueOnce(reservation({ status: 'terminée', totalPrice: 270, ...past }));
    await renderLoaded(admin, reservation(past));
    get
      .mockResolvedValueOnce(reservation({ status: 'confirmée', ...past }))
      .mockResolvedValueOnce(reservation({ status: 'terminée', totalPrice: 270, ...past }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirmer la réservation' }));
    expect(confirmSpy).not.toHaveBeenCalled();
    // The deposit was received: no reason asked.
    expect(setStatus).toHaveBeenLastCalledWith(12, 'confirmée', undefined);
    await waitFor(() => expect(alertSpy).toHaveBeenLastCalledWith('Statut mis à jour avec succès: confirmée'));
    expect(header().className).toContain('acc-res-header--success');

    await user.click(screen.getByRole('button', { name: 'Marquer comme terminée' }));
    expect(setStatus).toHaveBeenLastCalledWith(12, 'terminée', undefined);
    await waitFor(() => expect(alertSpy).toHaveBeenLastCalledWith('Statut mis à jour avec succès: terminée'));
    expect(header().className).toContain('acc-res-header--info');
    // The whole reservation is replaced by the server's answer.
    expect(within(header()).getByText('270 €')).toBeTruthy();
    // An admin does not review a stay.
    expect(screen.queryByRole('heading', { name: 'Laisser un avis' })).toBeNull();
  });

  it('tells a failure and keeps the reservation as it was', async () => {
    setStatus.mockRejectedValue(
      httpError(403, "Vous pouvez seulement annuler votre réservation, tant qu'elle est en attente ou confirmée."),
    );
    await renderLoaded(owner);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Annuler la réservation' }));
    await waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith(
        "Erreur lors de la mise à jour du statut. Veuillez réessayer. Vous pouvez seulement annuler votre réservation, tant qu'elle est en attente ou confirmée.",
      ),
    );
    expect(header().className).toContain('acc-res-header--warning');
    expect((screen.getByRole('button', { name: 'Annuler la réservation' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the review after a finished stay (DECISIONS 11)', () => {
  const finished = () => reservation({ status: 'terminée' });

  it('is offered to the guest only, once the stay is terminée', async () => {
    const { unmount } = await renderLoaded(owner, finished());
    expect(screen.getByRole('heading', { level: 2, name: 'Laisser un avis' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Votre note' })).toBeTruthy();
    expect(
      ['1 étoile', '2 étoiles', '3 étoiles', '4 étoiles', '5 étoiles'].map((name) => screen.getByRole('radio', { name })),
    ).toHaveLength(5);
    expect(screen.getByLabelText('Votre commentaire').hasAttribute('required')).toBe(true);
    unmount();

    await renderLoaded(owner, reservation({ status: 'confirmée' }));
    expect(screen.queryByRole('heading', { name: 'Laisser un avis' })).toBeNull();
  });

  it('is not offered to an admin looking at the stay', async () => {
    await renderLoaded(admin, finished());
    expect(screen.queryByRole('heading', { name: 'Laisser un avis' })).toBeNull();
  });

  it('asks for a rating and a comment before sending', async () => {
    await renderLoaded(owner, finished());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Publier mon avis' }));
    expect(screen.getByText('Veuillez choisir une note.')).toBeTruthy();
    expect(screen.getByText('Veuillez écrire un commentaire.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 étoile' }));
    expect(createReview).not.toHaveBeenCalled();
    // Choosing a rating clears its message.
    await userEvent.setup().click(screen.getByRole('radio', { name: '4 étoiles' }));
    expect(screen.queryByText('Veuillez choisir une note.')).toBeNull();
  });

  it('is usable with the keyboard, sends the review and shows it in place of the form', async () => {
    createReview.mockResolvedValue({
      id: 5,
      auteur: 'Marie',
      date: '2026-11-21T10:00:00.000Z',
      note: 4,
      commentaire: 'Très bon séjour, merci !',
    });
    await renderLoaded(owner, finished());
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '3 étoiles' }));
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: '4 étoiles' }) as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByLabelText('Votre commentaire'), '  Très bon séjour, merci !  ');
    await user.click(screen.getByRole('button', { name: 'Publier mon avis' }));

    expect(createReview).toHaveBeenCalledWith(42, { reservationId: 12, note: 4, commentaire: 'Très bon séjour, merci !' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Votre avis' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Note : 4 sur 5' }).textContent).toBe('★★★★☆');
    expect(screen.getByText('Très bon séjour, merci !')).toBeTruthy();
    expect(screen.getByText('Merci ! Votre avis a été publié.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publier mon avis' })).toBeNull();
    expect(screen.queryByLabelText('Votre commentaire')).toBeNull();
  });

  it('says so and hides the form when the stay was already reviewed (409)', async () => {
    createReview.mockRejectedValue(httpError(409, 'Vous avez déjà laissé un avis pour ce séjour.'));
    await renderLoaded(owner, finished());
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '5 étoiles' }));
    await user.type(screen.getByLabelText('Votre commentaire'), 'Parfait.');
    await user.click(screen.getByRole('button', { name: 'Publier mon avis' }));
    expect(await screen.findByText('Vous avez déjà laissé un avis pour ce séjour.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publier mon avis' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('says at once that the stay was already reviewed, with no form (avisLaisse)', async () => {
    await renderLoaded(owner, { ...finished(), avisLaisse: true });
    expect(screen.getByText('Vous avez déjà laissé un avis pour ce séjour.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Votre avis' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publier mon avis' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(createReview).not.toHaveBeenCalled();
  });

  it('keeps the form with a message when sending fails', async () => {
    createReview.mockRejectedValue(networkError());
    await renderLoaded(owner, finished());
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '2 étoiles' }));
    await user.type(screen.getByLabelText('Votre commentaire'), 'Un peu bruyant.');
    await user.click(screen.getByRole('button', { name: 'Publier mon avis' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de publier votre avis. Veuillez réessayer.');
    expect((screen.getByLabelText('Votre commentaire') as HTMLTextAreaElement).value).toBe('Un peu bruyant.');
    expect((screen.getByRole('button', { name: 'Publier mon avis' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

/** A movement of reservation 12's books, written by the client when the stay was booked unless told otherwise. */
function movement(fields: Pick<Mouvement, 'id' | 'type' | 'montantCents'> & Partial<Mouvement>): Mouvement {
  return {
    reservationId: 12,
    moyen: null,
    reference: null,
    date: '2026-11-20T09:15:00.000Z',
    auteur: 'client',
    note: null,
    lienId: null,
    ...fields,
  };
}

describe('money (issue 31): the books, the balance, refunds', () => {
  const books = {
    comptes: { duCents: 84_000, recuCents: 50_000, rembourseCents: 0, resteDuCents: 34_000, aRembourserCents: 0 },
    mouvements: [
      movement({ id: 1, type: 'acompte_du', montantCents: 50_000 }),
      movement({ id: 2, type: 'solde_du', montantCents: 34_000 }),
      movement({
        id: 3,
        type: 'acompte_recu',
        montantCents: 50_000,
        moyen: 'stripe',
        reference: 'pi_123',
        date: '2026-11-20T09:20:00.000Z',
        auteur: 'stripe',
      }),
    ],
  };
  const withBalance = (etat: 'à venir' | 'à régler' | 'payé', extra: Partial<ReturnType<typeof reservation>> = {}) =>
    reservation({
      status: 'confirmée',
      totalPrice: 840,
      deposit: 500,
      remainder: 340,
      paymentCompleted: true,
      paiement: { etat: 'payé', echeance: null, rembourseCents: null, aRembourserCents: 0, rembourseLe: null },
      solde: { montantCents: 34_000, exigibleLe: '2026-11-26', resteCents: etat === 'payé' ? 0 : 34_000, etat },
      soldeEnLigne: true,
      ...books,
      ...extra,
    });

  it('shows the balance of the books and every movement, with its means and reference', async () => {
    await renderLoaded(owner, withBalance('à venir'));
    const payment = screen.getByRole('region', { name: 'Paiement' });
    expect(within(payment).getByText('Acompte payé')).toBeTruthy();
    expect(valueOf(payment, 'Total dû')).toBe('840 €');
    expect(valueOf(payment, 'Reçu')).toBe('500 €');
    expect(valueOf(payment, 'Reste à payer')).toBe('340 €');
    const table = within(payment).getByRole('table', { name: 'Historique des paiements' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Acompte dû', '—', '—', '500 €'],
      ['Solde dû', '—', '—', '340 €'],
      ['Acompte reçu', 'Stripe', 'pi_123', '500 €'],
    ]);
    // When the balance will be asked, and how: nothing is taken automatically.
    expect(
      within(payment).getByText(
        /^Le solde de 340 € est à régler à partir du 26 novembre 2026, avant votre arrivée : nous vous envoyons ce jour-là par e-mail un lien de paiement sécurisé/,
      ),
    ).toBeTruthy();
    expect(payment.textContent).not.toMatch(/prélevé|automatiquement/);
    expect(within(payment).queryByRole('button', { name: /Payer le solde/ })).toBeNull();
  });

  it("offers 'Payer le solde' to the guest once it is payable, and goes to Stripe's page", async () => {
    jest.spyOn(reservationsApi, 'balanceCheckout').mockResolvedValue('https://checkout.stripe.com/c/pay/cs_solde');
    await renderLoaded(owner, withBalance('à régler'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Payer le solde (340 €)' }));
    expect(reservationsApi.balanceCheckout).toHaveBeenCalledWith(12);
    expect(leaveFor).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_solde');
  });

  it('says a refund is in progress until it is made, then the day it was made', async () => {
    await renderLoaded(
      owner,
      reservation({
        status: 'annulée',
        paiement: { etat: 'remboursement en cours', echeance: null, rembourseCents: 0, aRembourserCents: 26_700, rembourseLe: null },
      }),
    );
    expect(screen.getByText('Remboursement en cours (267 €)')).toBeTruthy();
    expect(screen.queryByText(/^Remboursé/)).toBeNull();
  });

  it("reads 'Remboursé le' with the day the refund was made (Paris)", async () => {
    await renderLoaded(
      owner,
      reservation({
        status: 'annulée',
        paiement: {
          etat: 'remboursé',
          echeance: null,
          rembourseCents: 26_700,
          aRembourserCents: 0,
          rembourseLe: '2026-12-01T23:30:00.000Z',
        },
      }),
    );
    expect(screen.getByText('Remboursé le 2 décembre 2026 (267 €)')).toBeTruthy();
  });

  it('asks for the IBAN of a transfer refund, checks it as the server does, then saves it', async () => {
    const setIban = jest.spyOn(reservationsApi, 'setRefundIban').mockResolvedValue({ titulaire: 'Marie Dupont', iban: 'FR76 •••• 0189' });
    await renderLoaded(
      owner,
      reservation({
        status: 'annulée',
        attenteIban: true,
        ibanRemboursement: null,
        paiement: { etat: 'remboursement en cours', echeance: null, rembourseCents: 0, aRembourserCents: 26_700, rembourseLe: null },
      }),
    );
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Où vous rembourser' });
    await user.type(within(form).getByLabelText('IBAN'), 'FR76 3000 6000 0112 3456 7890 188');
    await user.type(within(form).getByLabelText('Titulaire du compte'), 'Marie Dupont');
    await user.click(within(form).getByRole('button', { name: "Enregistrer l'IBAN" }));
    expect(
      within(form).getByText("Cet IBAN n'est pas valide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère."),
    ).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('IBAN'));
    expect(setIban).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('IBAN'));
    await user.type(within(form).getByLabelText('IBAN'), 'FR76 3000 6000 0112 3456 7890 189');
    await user.click(within(form).getByRole('button', { name: "Enregistrer l'IBAN" }));
    expect(setIban).toHaveBeenCalledWith(12, 'FR76 3000 6000 0112 3456 7890 189', 'Marie Dupont');
    expect(await within(form).findByText('IBAN enregistré : le remboursement sera fait sur ce compte.')).toBeTruthy();
    expect(within(form).getByText(/ira sur le compte FR76 •••• 0189 \(Marie Dupont\)/)).toBeTruthy();
  });

  it('asks an admin for the reason to confirm a stay whose deposit is not received, and sends it', async () => {
    const promptSpy = jest.spyOn(window, 'prompt').mockReturnValueOnce(null).mockReturnValueOnce('  Client fidèle, virement annoncé  ');
    setStatus.mockResolvedValue(reservation({ status: 'confirmée', paymentCompleted: false }));
    await renderLoaded(
      admin,
      reservation({
        paymentCompleted: false,
        paiement: { etat: 'en attente', echeance: '2026-11-23T09:00:00.000Z', rembourseCents: null },
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirmer la réservation' }));
    expect(promptSpy).toHaveBeenCalledWith(
      "L'acompte de cette réservation n'est pas reçu. Pour la confirmer quand même, indiquez pourquoi (gardé dans les comptes de la réservation) :",
    );
    expect(setStatus).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirmer la réservation' }));
    expect(setStatus).toHaveBeenCalledWith(12, 'confirmée', 'Client fidèle, virement annoncé');
    promptSpy.mockRestore();
  });
});

describe("'Factures' (issue 31 item 7)", () => {
  const facture = {
    numero: 'F-2026-000042',
    type: 'facture' as const,
    montantCents: 50000,
    emiseLe: '2026-11-20T10:00:00.000Z',
    objet: 'Acompte reçu le 20/11/2026 par virement (référence SM-12)',
  };

  it('links each facture and avoir to its PDF, with its amount and what it is for', async () => {
    invoices.mockResolvedValue({
      factures: [facture, { ...facture, numero: 'A-2026-000003', type: 'avoir', objet: 'Remboursement dû le 21/11/2026' }],
      facturation: { societe: 'Atelier Martin', adresse: null, modifiable: false },
    });
    await renderLoaded(owner, reservation({ status: 'confirmée' }));
    const section = await screen.findByRole('region', { name: 'Factures' });
    const link = await within(section).findByRole('link', { name: 'Facture F-2026-000042 (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/factures/F-2026-000042.pdf');
    expect(within(section).getByRole('link', { name: 'Avoir A-2026-000003 (PDF)' }).getAttribute('href')).toBe(
      '/api/factures/A-2026-000003.pdf',
    );
    expect(section.textContent).toContain('500 €, émis le 20/11/2026 — Acompte reçu le 20/11/2026 par virement (référence SM-12)');
    expect(section.textContent).toContain('Factures adressées à : Atelier Martin');
    expect(within(section).queryByRole('button', { name: 'Enregistrer les coordonnées' })).toBeNull();
    expect(invoices).toHaveBeenCalledWith(12);
  });

  it('lets the guest give a company and address before the first invoice, and shows the server’s refusal', async () => {
    billing.mockRejectedValueOnce(
      httpError(409, 'Une facture a déjà été émise pour ce séjour : le nom de société et l’adresse qu’elle porte ne peuvent plus changer.'),
    );
    billing.mockResolvedValueOnce({ societe: 'Atelier Martin', adresse: '12 rue Serpenoise, Metz', modifiable: true });
    await renderLoaded(owner);
    const section = await screen.findByRole('region', { name: 'Factures' });
    expect(await within(section).findByText(/Aucune facture pour l’instant/)).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText('Société (facultatif)'), 'Atelier Martin');
    await user.type(within(section).getByLabelText('Adresse de facturation (facultatif)'), '12 rue Serpenoise, Metz');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer les coordonnées' }));
    expect(await within(section).findByRole('alert')).toHaveProperty(
      'textContent',
      'Une facture a déjà été émise pour ce séjour : le nom de société et l’adresse qu’elle porte ne peuvent plus changer.',
    );
    await user.click(within(section).getByRole('button', { name: 'Enregistrer les coordonnées' }));
    expect(billing).toHaveBeenLastCalledWith(12, 'Atelier Martin', '12 rue Serpenoise, Metz');
    expect(await within(section).findByText('Coordonnées de facturation enregistrées.')).toBeTruthy();
  });

  it('offers no billing form to an admin, and says when the list cannot be loaded', async () => {
    invoices.mockRejectedValueOnce(networkError());
    await renderLoaded(admin);
    const section = await screen.findByRole('region', { name: 'Factures' });
    expect((await within(section).findByRole('alert')).textContent).toContain('Les factures n’ont pas pu être chargées.');
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Réessayer' }));
    expect(await within(section).findByText(/Aucune facture pour l’instant/)).toBeTruthy();
    expect(within(section).queryByLabelText('Société (facultatif)')).toBeNull();
  });
});

describe('ReservationPage: the stay’s terms and the check-in instructions (issues 27 and 30)', () => {
  const terms = {
    appartement: {
      ...reservation().appartement!,
      arrivee: '16:00 - 21:00',
      depart: 'avant 11:00',
      politiqueAnnulation: 'Stricte',
    },
    annulation: {
      politique: 'Stricte',
      fenetres: [
        // 26 Nov 2026 00:00 in Paris (23:00 UTC the day before): 7 days before a 3 December arrival.
        { jusquau: '2026-11-25T23:00:00.000Z', remboursementAcomptePourcent: 50 },
        { jusquau: null, remboursementAcomptePourcent: 0 },
      ],
    },
  };
  const acces = {
    adresse: '12 rue des Jardins, 57000 Metz',
    codeAcces: 'CODE-4821B',
    instructions: 'Boîte à clés à gauche de la porte.',
    wifiNom: 'SejoursMessins',
    wifiMotDePasse: 'wifi-77',
    livret: '',
    parking: 'Parking Saint-Jacques à 300 m.',
  };

  it('states the apartment’s own times and the cancellation windows as dates', async () => {
    await renderLoaded(owner, reservation({ ...terms }));
    const section = block('Arrivée, départ et annulation');
    expect(within(section).getByText('Arrivée entre 16:00 et 21:00')).toBeTruthy();
    expect(within(section).getByText('Départ avant 11:00')).toBeTruthy();
    expect(section.textContent).not.toMatch(/avant avant/);
    expect(within(section).getByText('Annulation jusqu’au 26 novembre 2026 à 00:00 : 50 % de l’acompte vous est remboursé.')).toBeTruthy();
    expect(within(section).getByText('Après le 26 novembre 2026 à 00:00, l’acompte n’est plus remboursé.')).toBeTruthy();
  });

  it('shows the check-in instructions when the server sends them, and nothing of them otherwise', async () => {
    const view = await renderLoaded(owner, reservation({ ...terms, status: 'confirmée', acces }));
    const section = block('Accès au logement');
    expect(valueOf(section, 'Adresse')).toBe('12 rue des Jardins, 57000 Metz');
    expect(valueOf(section, 'Code d’accès')).toBe('CODE-4821B');
    expect(valueOf(section, 'Mot de passe du wifi')).toBe('wifi-77');
    expect(valueOf(section, 'Stationnement')).toBe('Parking Saint-Jacques à 300 m.');
    expect(within(section).queryByText('Livret d’accueil')).toBeNull();
    view.unmount();

    await renderLoaded(owner, reservation({ ...terms, status: 'en attente' }));
    expect(screen.queryByRole('region', { name: 'Accès au logement' })).toBeNull();
    expect(document.body.textContent).not.toContain('CODE-4821B');
  });
});
