import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSiteName } from '../ui/useSiteName';
import { LegalFacts, LegalLayout, LegalMail, LegalSection, LegalValue } from './LegalLayout';

const DESCRIPTION =
  "Mentions légales du site : éditeur, directeur de la publication, hébergeur et contact (loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique).";

/** Legal notice (route '/mentions-legales', LCEN art. 6): publisher and host (name, address, phone), from the server's configuration. */
export default function MentionsLegalesPage() {
  const siteName = useSiteName();
  return (
    <LegalLayout
      id="cat-mentions-title"
      title="Mentions légales"
      description={DESCRIPTION}
      lead={`Qui édite et qui héberge le site ${siteName}.`}
    >
      {(info) => (
        <>
          <LegalSection id="cat-mentions-editeur" title="Éditeur du site">
            <LegalFacts
              label="Éditeur"
              facts={[
                ['Raison sociale', <LegalValue key="nom" info={info} field="editeur.nom" value={info.editeur.nom} />],
                [
                  'Forme juridique',
                  <LegalValue key="forme" info={info} field="editeur.formeJuridique" value={info.editeur.formeJuridique} />,
                ],
                ['Capital social', <LegalValue key="capital" info={info} field="editeur.capital" value={info.editeur.capital} />],
                ['Siège social', <LegalValue key="adresse" info={info} field="editeur.adresse" value={info.editeur.adresse} />],
                ['Immatriculation', <LegalValue key="rcs" info={info} field="editeur.rcs" value={info.editeur.rcs} />],
                ['SIRET', <LegalValue key="siret" info={info} field="editeur.siret" value={info.editeur.siret} />],
                ['N° de TVA intracommunautaire', <LegalValue key="tva" info={info} field="editeur.tva" value={info.editeur.tva} />],
                [
                  'Directeur de la publication',
                  <LegalValue key="directeur" info={info} field="editeur.directeurPublication" value={info.editeur.directeurPublication} />,
                ],
                ['Contact', <LegalMail key="mail" info={info} field="editeur.contact" address={info.editeur.contact} />],
                ['Téléphone', <LegalValue key="tel" info={info} field="editeur.telephone" value={info.editeur.telephone} />],
              ]}
            />
          </LegalSection>
          <LegalSection id="cat-mentions-hebergeur" title="Hébergeur">
            <LegalFacts
              label="Hébergeur"
              facts={[
                ['Nom', <LegalValue key="nom" info={info} field="hebergeur.nom" value={info.hebergeur.nom} />],
                ['Adresse', <LegalValue key="adresse" info={info} field="hebergeur.adresse" value={info.hebergeur.adresse} />],
                ['Contact', <LegalValue key="contact" info={info} field="hebergeur.contact" value={info.hebergeur.contact} />],
                ...(info.hebergeur.telephone
                  ? [
                      ['Téléphone', <LegalValue key="tel" info={info} field="hebergeur.telephone" value={info.hebergeur.telephone} />] as [
                        string,
                        ReactNode,
                      ],
                    ]
                  : []),
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
