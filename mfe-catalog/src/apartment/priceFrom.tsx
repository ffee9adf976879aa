import { formatEuro, type Appartement, type SejourPrix } from 'shared-kernel';

/** 'à partir de ' when the pricing rules make nightly prices vary (issue 12). */
export function priceFromPrefix(appartement: Pick<Appartement, 'prixVarie'>): string {
  return appartement.prixVarie ? 'à partir de ' : '';
}

/** The nightly price a visitor sees: the lowest one the rules give (the base price when prices do not vary). */
export function shownNightlyPrice(appartement: Pick<Appartement, 'prixParNuit' | 'prixMin' | 'prixVarie'>): number {
  return appartement.prixVarie && typeof appartement.prixMin === 'number' ? appartement.prixMin : appartement.prixParNuit;
}

/** '62 € / nuit', or 'à partir de 62 € / nuit'. */
export function nightlyPriceText(appartement: Pick<Appartement, 'prixParNuit' | 'prixMin' | 'prixVarie'>): string {
  return `${priceFromPrefix(appartement)}${formatEuro(shownNightlyPrice(appartement))} / nuit`;
}

/** '412 €': the searched stay's total ('301,50 €' with cents). */
export function stayAmountText(sejour: SejourPrix): string {
  return formatEuro(sejour.totalCents / 100);
}

/** '412 € pour 3 nuits': the searched stay's total from the server's quote (issue 32). */
export function stayPriceText(sejour: SejourPrix): string {
  return `${stayAmountText(sejour)} pour ${sejour.nuits} nuit${sejour.nuits > 1 ? 's' : ''}`;
}

/** The registration number every listing must show (2024 law on furnished tourist rentals). */
export function RegistrationNumber({ numero }: { numero: string | null | undefined }) {
  if (!numero) return null;
  return <p className="cat-apartment__registration">{`Numéro d'enregistrement : ${numero}`}</p>;
}
