import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { pageDataWrapper, QueryWrapper } from '../../tooling/testing/query-client';
import HomePage from '../src/pages/HomePage';

/** The address the page is at, for tests to read (`screen.getByTestId('adresse')`). */
function Address() {
  const { pathname, search } = useLocation();
  return <span data-testid="adresse">{`${pathname}${search}`}</span>;
}

/** `pageData`: what the server wrote into the page (server-rendered page), in the query cache at the first render. */
export function renderHome(path = '/', pageData?: Record<string, unknown>) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <HomePage />
      <Address />
    </MemoryRouter>,
    { wrapper: pageData ? pageDataWrapper(pageData) : QueryWrapper },
  );
}
