import { apartmentStayQuery, EMPTY_SEARCH, readStaySearch, searchApiQuery, searchDataKey, staySearchQuery } from '../src/rules/search';

const read = (query: string) => readStaySearch(new URLSearchParams(query));

describe('the search in the address', () => {
  it('reads a stay, travellers, order and filters, and writes them back in one canonical order', () => {
    const s = read('equipement=Wifi&depart=2031-03-13&tri=prix&adultes=2&arrivee=2031-03-10&inconnu=1&localisation=Metz+Centre');
    expect(s).toMatchObject({ arrivee: '2031-03-10', depart: '2031-03-13', adultes: 2, enfants: 0, tri: 'prix' });
    expect(staySearchQuery(s)).toBe(
      '?arrivee=2031-03-10&depart=2031-03-13&adultes=2&enfants=0&tri=prix&equipement=Wifi&localisation=Metz+Centre',
    );
    expect(searchApiQuery(s, 3)).toBe(`${staySearchQuery(s)}&page=3&parPage=24`);
    expect(searchDataKey(s)).toBe(`/appartements${staySearchQuery(s)}&page=1&parPage=24`);
    expect(apartmentStayQuery(s)).toBe('?arrivee=2031-03-10&depart=2031-03-13&adultes=2&enfants=0');
  });

  it('drops what is not a stay and bounds the counts, tolerantly', () => {
    expect(read('arrivee=2031-03-13&depart=2031-03-10')).toMatchObject({ arrivee: null, depart: null });
    expect(read('arrivee=2031-02-30&depart=2031-03-10')).toMatchObject({ arrivee: null, depart: null });
    expect(read('arrivee=2031-03-10')).toMatchObject({ arrivee: null, depart: null });
    expect(read('adultes=0&enfants=-1&tri=hasard')).toMatchObject({ adultes: 1, enfants: 0, tri: 'pertinence' });
    expect(read('adultes=999')).toMatchObject({ adultes: 20 });
  });

  it('writes nothing for the empty search', () => {
    expect(staySearchQuery(EMPTY_SEARCH)).toBe('');
    expect(staySearchQuery(read(''))).toBe('');
    expect(searchDataKey(EMPTY_SEARCH)).toBe('/appartements?page=1&parPage=24');
    expect(apartmentStayQuery(EMPTY_SEARCH)).toBe('');
  });
});
