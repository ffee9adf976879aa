import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'shared-kernel';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import { MailPreferences, MAIL_PREFERENCES_LOAD_FAILED, MAIL_PREFERENCES_SAVED, TRANSACTIONAL_NOTE } from './MailPreferences';

const preferences = [
  { kind: 'rappel-arrivee', label: 'Rappel 3 jours avant mon arrivée', enabled: true },
  { kind: 'invitation-avis', label: 'Invitation à donner mon avis après un séjour', enabled: false },
  { kind: 'resume-messages', label: 'Résumé des nouveaux messages reçus pendant mon absence', enabled: true },
];

afterEach(() => jest.restoreAllMocks());

it('shows one labelled checkbox per optional mail, as saved, and says booking mails are always sent', async () => {
  jest.spyOn(http, 'get').mockResolvedValue({ data: { preferences } });
  render(<MailPreferences />, { wrapper: QueryWrapper });
  const section = screen.getByRole('region', { name: 'E-mails' });
  const group = await within(section).findByRole('group', { name: 'Je souhaite recevoir :' });
  expect(
    within(group)
      .getAllByRole('checkbox')
      .map((box) => [box.getAttribute('id') !== null, (box as HTMLInputElement).checked]),
  ).toEqual([
    [true, true],
    [true, false],
    [true, true],
  ]);
  expect((screen.getByLabelText('Invitation à donner mon avis après un séjour') as HTMLInputElement).checked).toBe(false);
  expect(screen.getByText(TRANSACTIONAL_NOTE)).toBeTruthy();
});

it('saves the choices together and confirms', async () => {
  jest.spyOn(http, 'get').mockResolvedValue({ data: { preferences } });
  const put = (jest.spyOn(http, 'put') as jest.SpyInstance).mockResolvedValue({
    data: { preferences: preferences.map((p) => (p.kind === 'rappel-arrivee' ? { ...p, enabled: false } : p)) },
  });
  const user = userEvent.setup();
  render(<MailPreferences />, { wrapper: QueryWrapper });
  await user.click(await screen.findByLabelText('Rappel 3 jours avant mon arrivée'));
  await user.click(screen.getByRole('button', { name: 'Enregistrer mes préférences' }));
  expect(put).toHaveBeenCalledWith('/users/mail-preferences', {
    actifs: { 'rappel-arrivee': false, 'invitation-avis': false, 'resume-messages': true },
  });
  expect((await screen.findByRole('status')).textContent).toBe(MAIL_PREFERENCES_SAVED);
  expect((screen.getByLabelText('Rappel 3 jours avant mon arrivée') as HTMLInputElement).checked).toBe(false);
});

it('shows the server’s refusal, and a load failure', async () => {
  jest.spyOn(http, 'get').mockResolvedValueOnce({ data: { preferences } });
  jest.spyOn(http, 'put').mockRejectedValue(
    Object.assign(new Error('400'), {
      isAxiosError: true,
      response: { status: 400, data: { message: 'Type d’e-mail inconnu : « x ».' } },
    }),
  );
  const user = userEvent.setup();
  const view = render(<MailPreferences />, { wrapper: QueryWrapper });
  await user.click(await screen.findByRole('button', { name: 'Enregistrer mes préférences' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Type d’e-mail inconnu : « x ».');
  view.unmount();
  jest.spyOn(http, 'get').mockRejectedValue(new Error('réseau'));
  render(<MailPreferences />, { wrapper: QueryWrapper });
  expect((await screen.findByRole('alert')).textContent).toBe(MAIL_PREFERENCES_LOAD_FAILED);
});
