import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { loft } from '../../test/apartment-fixtures';
import { ListingCard } from '../home/ListingCard';
import { PriceCard } from './PriceCard';
import { RegistrationNumber } from './priceFrom';

jest.mock('./RemoteSlots', () => ({ BookingSlot: () => null }));

describe('prices that vary (issue 12)', () => {
  it("shows 'à partir de' and the lowest price on the card when the rules make prices vary", () => {
    render(
      <MemoryRouter>
        <ListingCard appartement={loft({ prixParNuit: 95, prixMin: 80, prixVarie: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('à partir de 80 € / nuit')).toBeTruthy();
  });

  it('shows the plain nightly price when prices do not vary', () => {
    render(
      <MemoryRouter>
        <ListingCard appartement={loft({ prixParNuit: 95, prixMin: 95, prixVarie: false })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('95 € / nuit')).toBeTruthy();
  });

  it('says it in the price column of the apartment page', () => {
    render(<PriceCard appartement={loft({ prixParNuit: 95, prixMin: 80, prixVarie: true })} />);
    expect(screen.getByRole('complementary', { name: 'Prix et réservation' }).textContent).toContain('à partir de 80 € / nuit');
  });
});

it('shows the registration number, and nothing when there is none', () => {
  const { container, rerender } = render(<RegistrationNumber numero="57463000123AB" />);
  expect(screen.getByText("Numéro d'enregistrement : 57463000123AB")).toBeTruthy();
  rerender(<RegistrationNumber numero={null} />);
  expect(container.textContent).toBe('');
});
