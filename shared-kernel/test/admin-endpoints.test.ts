import { QueryClient } from '@tanstack/react-query';
import { adminApi, adminReservationParams, type AdminReservationsPage } from '../src/api/admin-endpoints';
import { adminQueries } from '../src/api/admin-queries';
import { reservationsApi } from '../src/api/endpoints';
import { todayIn, addDaysIso } from '../src/rules/stay';
import type { Reservation } from '../src/domain/types';

const stay = (id: number) => ({ id }) as Reservation;

afterEach(() => jest.restoreAllMocks());

describe('adminReservationParams', () => {
  it('keeps only the filters set, trimmed, and the page past the first', () => {
    expect(
      adminReservationParams({ statut: 'confirmée', du: '', au: ' 2026-12-31 ', appartement: '', ville: 'metz', client: '  ', page: 1 }),
    ).toEqual({
      statut: 'confirmée',
      au: '2026-12-31',
      ville: 'metz',
    });
    expect(adminReservationParams({ statut: '', du: '', au: '', appartement: '4', ville: '', client: '', page: 3 })).toEqual({
      appartement: '4',
      page: '3',
    });
  });
});

describe('adminApi.receivables', () => {
  it('reads every page of the stays awaiting their deposit and of the confirmed ones within the balance window', async () => {
    jest
      .spyOn(reservationsApi, 'paymentOptions')
      .mockResolvedValue({ soldeJoursAvantArrivee: 10 } as Awaited<ReturnType<typeof reservationsApi.paymentOptions>>);
    const pages = jest.spyOn(adminApi, 'reservationsPage').mockImplementation(async (q): Promise<AdminReservationsPage> => {
      const all = q.statut === 'en attente' ? [stay(1), stay(2), stay(3)] : [stay(7)];
      return { reservations: all.slice((q.page - 1) * 2, q.page * 2), total: all.length, page: q.page, parPage: 100, villes: [] };
    });
    expect((await adminApi.receivables()).map((r) => r.id)).toEqual([1, 2, 3, 7]);
    const au = addDaysIso(todayIn('Europe/Paris'), 10);
    expect(pages.mock.calls.map(([q]) => [q.statut, q.au, q.page, q.parPage])).toEqual(
      expect.arrayContaining([
        ['en attente', '', 1, 100],
        ['en attente', '', 2, 100],
        ['confirmée', au, 1, 100],
      ]),
    );
    expect(pages).toHaveBeenCalledTimes(3);
  });

  it('takes a 30-day balance window when the payment settings cannot be read', async () => {
    jest.spyOn(reservationsApi, 'paymentOptions').mockRejectedValue(new Error('réseau'));
    const pages = jest
      .spyOn(adminApi, 'reservationsPage')
      .mockResolvedValue({ reservations: [], total: 0, page: 1, parPage: 100, villes: [] });
    expect(await adminApi.receivables()).toEqual([]);
    expect(pages.mock.calls.find(([q]) => q.statut === 'confirmée')?.[0].au).toBe(addDaysIso(todayIn('Europe/Paris'), 30));
  });
});

describe('adminQueries keys', () => {
  it('follow the API path, so a change of the reservations reaches the list, the payment panels and the payments', async () => {
    const client = new QueryClient();
    const list = adminQueries.reservationsPage({ statut: '', du: '', au: '', appartement: '', ville: '', client: '', page: 1 }).queryKey;
    client.setQueryData(list, { reservations: [], total: 0, page: 1, parPage: 50, villes: [] });
    client.setQueryData(adminQueries.receivables().queryKey, []);
    client.setQueryData(adminQueries.payments(12).queryKey, []);
    client.setQueryData(adminQueries.leads().queryKey, []);
    await client.invalidateQueries({ queryKey: ['admin', 'reservations'] });
    const invalid = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);
    expect(invalid).toEqual([list, adminQueries.receivables().queryKey, adminQueries.payments(12).queryKey]);
  });
});
