import { Link } from 'react-router-dom';
import { usePageMeta } from 'shared-kernel';
import { useSiteName } from '../ui/useSiteName';
import { LegalFacts, LegalLayout, LegalSection } from './LegalLayout';

const DESCRIPTION =
  "Mentions légales du site : éditeur, directeur de la publication, hébergeur et contact (loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique).";

/** Legal notice (route '/mentions-legales', LCEN art. 6): publisher and host, from the server's configuration. */
export default function MentionsLegalesPage() {
  usePageMeta('Mentions légales', DESCRIPTION);
  const siteName = useSiteName();
  return (
    <LegalLayout id="cat-mentions-title" title="Mentions légales" lead={`Qui édite et qui héberge le site ${siteName}.`}>
      {(info) => (
        <>
          <LegalSection id="cat-mentions-editeur" title="Éditeur du site">
            <LegalFacts
              label="Éditeur"
              facts={[
                ['Raison sociale', info.editeur.nom],
                ['Forme juridique', info.editeur.formeJuridique],
                ['Capital social', info.editeur.capital],
                ['Siège social', info.editeur.adresse],
                ['Immatriculation', info.editeur.rcs],
                ['SIRET', info.editeur.siret],
                ['N° de TVA intracommunautaire', info.editeur.tva],
                ['Directeur de la publication', info.editeur.directeurPublication],
                [
                  'Contact',
                  <a key="mail" href={`mailto:${info.editeur.contact}`}>
                    {info.editeur.contact}
                  </a>,
                ],
                ['Téléphone', info.editeur.telephone],
              ]}
            />
          </LegalSection>
          <LegalSection id="cat-mentions-hebergeur" title="Hébergeur">
            <LegalFacts
              label="Hébergeur"
              facts={[
                ['Nom', info.hebergeur.nom],
                ['Adresse', info.hebergeur.adresse],
                ['Contact', info.hebergeur.contact],
              ]}
            />
          </LegalSection>
          <LegalSection id="cat-mentions-propriete" title="Propriété intellectuelle">
            <p>
              Les textes, photographies, logos et la structure du site sont protégés par le droit d'auteur. Toute reproduction sans l'accord
              écrit de l'éditeur est interdite, sauf l'usage privé et les courtes citations permis par la loi.
            </p>
          </LegalSection>
          <LegalSection id="cat-mentions-donnees" title="Données personnelles et cookies">
            <p>
              Le traitement de vos données et vos droits sont décrits dans la{' '}
              <Link to="/confidentialite">politique de confidentialité</Link>. Les conditions de réservation figurent dans les{' '}
              <Link to="/cgv">conditions générales de vente</Link>.
            </p>
          </LegalSection>
        </>
      )}
    </LegalLayout>
  );
}
