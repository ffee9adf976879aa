import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import HomePage from '../src/pages/HomePage';

/** The address the page is at, for tests to read (`screen.getByTestId('adresse')`). */
function Address() {
  const { pathname, search } = useLocation();
  return <span data-testid="adresse">{`${pathname}${search}`}</span>;
}

export function renderHome(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <HomePage />
      <Address />
    </MemoryRouter>,
  );
}
