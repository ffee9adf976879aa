import { PAGE_ROUTES, isPageRoute } from '../src/domain/page-routes';

describe('isPageRoute', () => {
  it('lists the routes of the route table, plus the password reset and email verification links', () => {
    expect(PAGE_ROUTES).toHaveLength(31);
    expect(PAGE_ROUTES).toContain('/location/:ville');
    expect(PAGE_ROUTES).toEqual(expect.arrayContaining(['/admin', '/admin/avis', '/admin/planning']));
    expect(PAGE_ROUTES).toContain('/admin/comptabilite');
    expect(PAGE_ROUTES).toContain('/admin/remboursements');
    expect(PAGE_ROUTES).toContain('/admin/calendrier');
    expect(PAGE_ROUTES).toEqual(expect.arrayContaining(['/mentions-legales', '/cgv', '/confidentialite']));
    expect(PAGE_ROUTES).toContain('/admin/taxe-de-sejour');
    expect(PAGE_ROUTES).toContain('/admin/demandes-proprietaires');
    expect(PAGE_ROUTES).toContain('/reset-password/:token');
    expect(PAGE_ROUTES).toContain('/verifier-email/:token');
  });

  it.each([
    ['/'],
    ['/about'],
    ['/faq'],
    ['/loyer-garanti'],
    ['/proprietaires'],
    ['/mentions-legales'],
    ['/cgv'],
    ['/confidentialite'],
    ['/location/thionville'],
    ['/appartement/studio-cathedrale'],
    ['/appartement/studio-cathedrale/avis'],
    ['/appartement/studio-cathedrale/checkout'],
    ['/reservation/42'],
    ['/login'],
    ['/register'],
    ['/forgot-password'],
    ['/reset-password/AbC-123_x'],
    ['/profile'],
    ['/messagerie'],
    ['/admin/add-appartement'],
    ['/admin/reservations'],
    ['/admin/client/17'],
  ])('accepts %s', (path) => {
    expect(isPageRoute(path)).toBe(true);
  });

  it.each([
    ['/about/'],
    ['/faq/'],
    ['/appartement/studio-cathedrale/'],
    ['/appartement/studio-cathedrale/avis/'],
    ['/appartement/studio-cathedrale/checkout/'],
    ['/reservation/42/'],
    ['/admin/reservations/'],
    ['/admin/client/17/'],
  ])('accepts the trailing slash in %s', (path) => {
    expect(isPageRoute(path)).toBe(true);
  });

  it.each([
    [''],
    ['/unknown'],
    ['/abouts'],
    ['/about/team'],
    ['/About'],
    ['/appartement'],
    ['/appartement/'],
    ['/appartement/a/b/c'],
    ['/appartement/a/b'],
    ['/appartement/a/avis/extra'],
    ['/appartement/a/checkout/x'],
    ['/reservation'],
    ['/reservation/1/2'],
    ['/admin/client'],
    ['/admin/client/1/edit'],
    ['/api/appartements'],
    ['/about//'],
    ['about'],
  ])('refuses %p', (path) => {
    expect(isPageRoute(path)).toBe(false);
  });
});

it("does not take '//' for the home page", () => {
  expect(isPageRoute('//')).toBe(false);
});
