import { isStylesheetLinked } from '../src/federation/registry';

describe('isStylesheetLinked (a server-rendered page links its stylesheets already)', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<link rel="stylesheet" href="/mfe/catalog/__federation_expose_HomePage.0123456789.css">' +
      '<link rel="preload" href="/mfe/catalog/__federation_expose_FaqPage.0123456789.css" as="style">';
  });

  it('recognises the absolute URL the federation runtime computes for a sheet linked by path', () => {
    expect(isStylesheetLinked(`${document.location.origin}/mfe/catalog/__federation_expose_HomePage.0123456789.css`)).toBe(true);
    expect(isStylesheetLinked('/mfe/catalog/__federation_expose_HomePage.0123456789.css')).toBe(true);
  });

  it('leaves other sheets, preloads, other origins and scripts to the runtime', () => {
    expect(isStylesheetLinked(`${document.location.origin}/mfe/catalog/__federation_expose_ApartmentPage.0123456789.css`)).toBe(false);
    expect(isStylesheetLinked(`${document.location.origin}/mfe/catalog/__federation_expose_FaqPage.0123456789.css`)).toBe(false);
    expect(isStylesheetLinked('https://cdn.example.fr/mfe/catalog/__federation_expose_HomePage.0123456789.css')).toBe(false);
    expect(isStylesheetLinked(`${document.location.origin}/mfe/catalog/__federation_expose_HomePage.0123456789.js`)).toBe(false);
  });
});
