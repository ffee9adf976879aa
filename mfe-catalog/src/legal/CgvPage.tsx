import { Link } from 'react-router-dom';
import {
  CANCELLATION_POLICIES,
  CANCELLATION_RULES,
  CGV_DATE,
  CGV_VERSION,
  DEPOSIT_EUR,
  formatEuro,
  formatLongDate,
  VIREMENT_AVANT_ARRIVEE_HEURES,
} from 'shared-kernel';
import { useSiteName } from '../ui/useSiteName';
import { LegalLayout, LegalLink, LegalMail, LegalSection, LegalValue } from './LegalLayout';
import { cancellationWindow } from './cancellationWindow';

const DESCRIPTION =
  "Conditions générales de vente des séjours : prix, acompte et solde, conditions d'annulation de chaque politique, taxe de séjour, arrivée et départ, médiation.";

/** When the balance is paid (DECISIONS 34), with the server's number of days when it gave it. */
export function balanceTerms(soldeJours: number | undefined): string {
  const nothingAutomatic = 'Aucun montant n’est prélevé automatiquement.';
  if (soldeJours === undefined)
    return `Le solde est à régler avant l'arrivée, à partir de la date indiquée lors de la réservation ; le voyageur reçoit alors par e-mail un lien de paiement en ligne ou les coordonnées du virement. ${nothingAutomatic}`;
  return `Le solde est à régler à partir de ${soldeJours} jours avant l'arrivée et avant celle-ci : le voyageur reçoit ce jour-là par e-mail un lien de paiement en ligne si l'acompte a été payé en ligne, les coordonnées du virement et sa référence sinon ; une réservation faite moins de ${soldeJours} jours avant l'arrivée est réglée en totalité à la réservation. ${nothingAutomatic}`;
}

/**
 * Terms of sale (route '/cgv'). The version and date are the kernel's, which the checkout's consent and
 * the stored reservation refer to; the cancellation table is built from the rules the server applies.
 */
export default function CgvPage() {
  const siteName = useSiteName();
  return (
    <LegalLayout
      id="cat-cgv-title"
      title="Conditions générales de vente"
      description={DESCRIPTION}
      lead={<span data-testid="cgv-version">{`Version ${CGV_VERSION} en vigueur depuis le ${formatLongDate(CGV_DATE)}.`}</span>}
    >
      {(info) => (
        <>
          <LegalSection id="cat-cgv-objet" title="Objet">
            <p>
              {`Les présentes conditions régissent la réservation en ligne, sur le site ${siteName}, d'un appartement meublé pour un séjour de courte durée, entre ${info.editeur.nom} (voir les `}
              <Link to="/mentions-legales">mentions légales</Link>) et le voyageur qui réserve. Le voyageur les accepte en cochant la case
              prévue avant de valider sa réservation ; la version acceptée et la date d'acceptation sont enregistrées avec la réservation.
            </p>
          </LegalSection>
          <LegalSection id="cat-cgv-prix" title="Prix">
            <p>
              Le prix affiché avant la validation est le prix total du séjour, toutes taxes et frais de service compris. Il est détaillé
              ligne par ligne : les nuits au tarif de l'appartement pour chaque date (semaine, week-end, saisons), les frais de ménage et
              les voyageurs supplémentaires lorsque l'appartement en prévoit, les réductions de durée de séjour, et la taxe de séjour.
            </p>
          </LegalSection>
          <LegalSection id="cat-cgv-paiement" title="Acompte et solde">
            <p>{`Un acompte de ${formatEuro(DEPOSIT_EUR)} (ou le prix total lorsqu'il est inférieur) est réglé à la réservation et déduit du prix total. ${balanceTerms(info.paiement?.soldeJoursAvantArrivee)} Les moyens de paiement proposés sont ceux affichés lors de la réservation.`}</p>
            <p>
              {`Un virement doit nous parvenir au plus tard ${VIREMENT_AVANT_ARRIVEE_HEURES} heures avant le jour d'arrivée, et au plus tard ${info.paiement ? `${info.paiement.delaiVirementHeures} heures` : 'dans le délai indiqué'} après la réservation pour l'acompte : sans acompte reçu à temps, la réservation est annulée et les dates sont libérées. Une arrivée trop proche pour un virement se règle en ligne.`}
            </p>
          </LegalSection>
          <LegalSection id="cat-cgv-annulation" title="Annulation">
            <p>
              Le voyageur peut annuler sa réservation depuis son espace tant qu'elle est en attente ou confirmée. Les conditions dépendent
              de la politique d'annulation de l'appartement, indiquée sur sa page :
            </p>
            <table className="cat-legal__table">
              <caption className="sk-visually-hidden">Conditions d'annulation par politique</caption>
              <thead>
                <tr>
                  <th scope="col">Politique</th>
                  <th scope="col">Annulation jusqu'à</th>
                  <th scope="col">Acompte remboursé</th>
                  <th scope="col">Au-delà</th>
                </tr>
              </thead>
              <tbody>
                {CANCELLATION_POLICIES.map((policy) => {
                  const rule = CANCELLATION_RULES[policy];
                  return (
                    <tr key={policy}>
                      <th scope="row">{policy}</th>
                      <td data-label="Annulation jusqu'à">{cancellationWindow(rule.hoursBeforeArrival)}</td>
                      <td data-label="Acompte remboursé">{`${rule.refundPercent} %`}</td>
                      <td data-label="Au-delà">L'acompte reste acquis.</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p>
              Les sommes versées au-delà de l'acompte (le solde) sont remboursées. Une réservation annulée par nos soins est intégralement
              remboursée. Un remboursement se fait sur le moyen de paiement utilisé pour un paiement en ligne, par virement sur le compte
              que le voyageur indique sur sa réservation pour un virement ; il est confirmé par e-mail une fois effectué.
            </p>
          </LegalSection>
          <LegalSection id="cat-cgv-retractation" title="Absence de droit de rétractation">
            <p>
              Conformément à l'article L221-28 12° du Code de la consommation, le droit de rétractation ne s'applique pas aux prestations
              d'hébergement fournies à une date déterminée. Seules les conditions d'annulation ci-dessus s'appliquent.
            </p>
          </LegalSection>
          <LegalSection id="cat-cgv-taxe" title="Taxe de séjour">
            <p>
              La taxe de séjour est due par nuit et par adulte ; les mineurs en sont exonérés. Son montant dépend du classement de
              l'appartement et des tarifs votés par la commune ; elle figure sur une ligne du prix et nous la reversons à la collectivité.
            </p>
          </LegalSection>
          <LegalSection id="cat-cgv-reglement" title="Règlement intérieur">
            <p>
              Le voyageur respecte le règlement de l'appartement indiqué sur sa page (animaux, fêtes, tabac, nombre de voyageurs) et jouit
              des lieux paisiblement. Le nombre de voyageurs ne peut dépasser la capacité réservée.
            </p>
          </LegalSection>
          <LegalSection id="cat-cgv-arrivee" title="Arrivée et départ">
            <p>
              Les heures d'arrivée et de départ sont celles indiquées sur la page de l'appartement et rappelées à la confirmation. Le jour
              de départ, l'appartement est libéré à l'heure prévue, afin d'accueillir le voyageur suivant.
            </p>
          </LegalSection>
          <LegalSection id="cat-cgv-responsabilite" title="Responsabilité">
            <p>
              Le voyageur est responsable des dommages causés pendant son séjour. Nous répondons de la conformité de l'appartement à sa
              description ; notre responsabilité ne peut être engagée pour un empêchement dû à un cas de force majeure.
            </p>
          </LegalSection>
          <LegalSection id="cat-cgv-mediation" title="Médiation de la consommation">
            <p>
              En cas de litige, le voyageur adresse d'abord une réclamation écrite à{' '}
              <LegalMail info={info} field="editeur.contact" address={info.editeur.contact} />. À défaut de solution dans un délai d'un
              mois, il peut recourir gratuitement au médiateur de la consommation dont nous relevons (articles L612-1 et L616-1 du Code de
              la consommation) :
            </p>
            <ul aria-label="Médiateur de la consommation">
              <li>
                <LegalValue info={info} field="mediateur.nom" value={info.mediateur.nom} />
              </li>
              <li>
                <LegalValue info={info} field="mediateur.adresse" value={info.mediateur.adresse} />
              </li>
              <li>
                <LegalLink info={info} field="mediateur.site" href={info.mediateur.site} />
              </li>
            </ul>
          </LegalSection>
          <LegalSection id="cat-cgv-droit" title="Droit applicable">
            <p>
              Les présentes conditions sont soumises au droit français. Le voyageur consommateur peut saisir la juridiction de son domicile.
            </p>
          </LegalSection>
        </>
      )}
    </LegalLayout>
  );
}
