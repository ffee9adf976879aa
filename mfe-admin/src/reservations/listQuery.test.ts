import { http, adminApi } from 'shared-kernel';
import { csvFileName, NO_FILTERS, pageCount, pageLabel, paramsOf, queryFromParams, totalText } from './listQuery';

describe('the list in the address', () => {
  it('reads the filters and the page, an unknown status or a wrong page as none', () => {
    expect(queryFromParams(new URLSearchParams('statut=confirm%C3%A9e&ville=metz&client=marie&page=3'))).toEqual({
      ...NO_FILTERS,
      statut: 'confirmée',
      ville: 'metz',
      client: 'marie',
      page: 3,
    });
    expect(queryFromParams(new URLSearchParams('statut=payée&page=0'))).toEqual({ ...NO_FILTERS, page: 1 });
    expect(queryFromParams(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes only the filters set, and the page past the first', () => {
    expect(paramsOf({ ...NO_FILTERS, client: ' marie ', du: '2026-01-01', page: 1 })).toEqual({ du: '2026-01-01', client: 'marie' });
    expect(paramsOf({ ...NO_FILTERS, page: 2 })).toEqual({ page: '2' });
  });

  it('counts the pages and says them in French', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(687)).toBe(14);
    expect(pageLabel(2, 14)).toBe('Page 2 sur 14');
    expect(totalText(0, false)).toBe('Aucune réservation');
    expect(totalText(1, true)).toBe('1 réservation correspondant aux filtres');
    expect(totalText(1234, false)).toBe('1\u202f234 réservations');
    expect(csvFileName(NO_FILTERS)).toBe('reservations.csv');
    expect(csvFileName({ ...NO_FILTERS, du: '2026-01-01' })).toBe('reservations-2026-01-01.csv');
  });
});

describe('the calls', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks the server for one page of the filtered list', async () => {
    const get = jest.spyOn(http, 'get').mockResolvedValue({
      data: { reservations: [], total: 0, page: 2, parPage: 50, villes: [{ ville: 'Metz', slug: 'metz', nombre: 3 }] },
    });
    const page = await adminApi.reservationsPage({ ...NO_FILTERS, statut: 'annulée', ville: 'metz', page: 2 });
    expect(get).toHaveBeenCalledWith(
      '/admin/reservations',
      expect.objectContaining({ params: { statut: 'annulée', ville: 'metz', page: '2', parPage: '50' } }),
    );
    expect(page.villes).toEqual([{ ville: 'Metz', slug: 'metz', nombre: 3 }]);
  });

  it('downloads the CSV of the same filters, without the page, as a blob with the session', async () => {
    const blob = new Blob(['x']);
    const get = jest.spyOn(http, 'get').mockResolvedValue({ data: blob });
    expect(await adminApi.reservationsCsv({ ...NO_FILTERS, client: 'marie', au: '2026-12-31' })).toBe(blob);
    expect(get).toHaveBeenCalledWith(
      '/admin/reservations.csv',
      expect.objectContaining({ params: { au: '2026-12-31', client: 'marie' }, responseType: 'blob' }),
    );
  });
});
