import { render, screen } from '@testing-library/react';
import { Spinner } from '../src/ui/Spinner';

it("is a status region labelled 'Chargement…' for screen readers", () => {
  render(<Spinner />);
  expect(screen.getByRole('status').textContent).toBe('Chargement…');
});
