import { Link } from 'react-router-dom';
import { usePageMeta } from 'shared-kernel';
import { useSiteName } from '../ui/useSiteName';
import { LegalFacts, LegalLayout, LegalSection } from './LegalLayout';

const DESCRIPTION =
  'Politique de confidentialité : données collectées, finalités et bases légales, destinataires, durées de conservation, vos droits et la réclamation auprès de la CNIL, cookies.';

/** Privacy policy (route '/confidentialite', GDPR art. 13): the controller comes from the server's configuration. */
export default function ConfidentialitePage() {
  usePageMeta('Politique de confidentialité', DESCRIPTION);
  const siteName = useSiteName();
  return (
    <LegalLayout
      id="cat-privacy-title"
      title="Politique de confidentialité"
      lead={`Quelles données ${siteName} traite, pourquoi, pour combien de temps, et comment exercer vos droits.`}
    >
      {(info) => (
        <>
          <LegalSection id="cat-privacy-controller" title="Responsable du traitement">
            <LegalFacts
              label="Responsable du traitement"
              facts={[
                ['Responsable', info.responsableTraitement.nom],
                ['Adresse', info.responsableTraitement.adresse],
                [
                  'Contact pour vos données',
                  <a key="mail" href={`mailto:${info.responsableTraitement.contact}`}>
                    {info.responsableTraitement.contact}
                  </a>,
                ],
              ]}
            />
          </LegalSection>
          <LegalSection id="cat-privacy-purposes" title="Finalités et bases légales">
            <ul>
              <li>
                Créer et gérer votre compte, vos réservations, leur paiement et les messages avec notre équipe : exécution du contrat (art.
                6.1.b du RGPD).
              </li>
              <li>Tenir la comptabilité et déclarer la taxe de séjour : obligation légale (art. 6.1.c).</li>
              <li>
                Vous envoyer les e-mails liés à vos réservations (confirmation, rappel, annulation) : exécution du contrat ; les autres
                e-mails peuvent être désactivés dans votre profil.
              </li>
              <li>Sécuriser le site (limitation des tentatives de connexion, journaux techniques) : intérêt légitime (art. 6.1.f).</li>
              <li>Publier votre avis, signé de votre seul prénom : votre consentement, donné en publiant.</li>
              <li>
                Répondre à la demande d'estimation d'un propriétaire : mesures précontractuelles prises à sa demande (art. 6.1.b), avec son
                accord pour être recontacté.
              </li>
            </ul>
          </LegalSection>
          <LegalSection id="cat-privacy-recipients" title="Destinataires">
            <p>Vos données sont traitées par notre équipe et, pour ce qui les concerne seulement, par :</p>
            <ul>
              <li>
                le prestataire de paiement, lorsque vous payez en ligne (il reçoit le montant et les données de paiement que vous lui
                saisissez) ;
              </li>
              <li>le prestataire d'envoi d'e-mails, qui achemine nos messages ;</li>
              <li>Google, uniquement si vous choisissez « Se connecter avec Google » ;</li>
              <li>{`l'hébergeur du site (${info.hebergeur.nom}).`}</li>
            </ul>
            <p>Nous ne vendons ni ne louons vos données.</p>
          </LegalSection>
          <LegalSection id="cat-privacy-retention" title="Durées de conservation">
            <ul>
              <li>Compte : tant qu'il est actif ; vous pouvez le supprimer à tout moment depuis votre profil.</li>
              <li>
                Réservations : 10 ans, comme pièces comptables (article L123-22 du Code de commerce), sans votre identité après la
                suppression du compte.
              </li>
              <li>
                Sessions de connexion : jusqu'à leur expiration ou votre déconnexion, puis effacées chaque jour ; liens de réinitialisation
                du mot de passe : une heure, effacés une fois utilisés ou expirés.
              </li>
              <li>Messages et avis : tant que le compte existe ; après sa suppression ils sont anonymisés (« Ancien client »).</li>
              <li>E-mails envoyés : leur trace (destinataire, objet, date) un an après l'envoi, puis effacée.</li>
              <li>
                Demandes d'estimation des propriétaires : trois ans après le dernier échange, puis effacées ; aussitôt si vous supprimez le
                compte ouvert avec la même adresse.
              </li>
            </ul>
          </LegalSection>
          <LegalSection id="cat-privacy-transfers" title="Transferts hors de l'Union européenne">
            <p>
              Les données sont hébergées dans l'Union européenne. Si vous utilisez la connexion Google ou le paiement en ligne, ces
              prestataires peuvent traiter des données hors de l'Union, dans le cadre des clauses contractuelles types de la Commission
              européenne ou du cadre de protection des données UE–États-Unis.
            </p>
          </LegalSection>
          <LegalSection id="cat-privacy-rights" title="Vos droits">
            <p>
              Vous disposez des droits d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité de vos
              données. Depuis votre <Link to="/profile">profil</Link>, section « Mes données », vous pouvez télécharger vos données et
              supprimer votre compte ; vos informations se modifient au même endroit. Pour toute autre demande, écrivez à{' '}
              <a href={`mailto:${info.responsableTraitement.contact}`}>{info.responsableTraitement.contact}</a> : nous répondons sous un
              mois.
            </p>
            <p>
              Vous pouvez introduire une réclamation auprès de la Commission nationale de l'informatique et des libertés (CNIL), 3 place de
              Fontenoy, TSA 80715, 75334 Paris Cedex 07,{' '}
              <a href="https://www.cnil.fr" rel="noopener noreferrer">
                www.cnil.fr
              </a>
              .
            </p>
          </LegalSection>
          <LegalSection id="cat-privacy-cookies" title="Cookies">
            <p>
              Le site ne dépose que ce qui est nécessaire à son fonctionnement : le cookie de session qui vous garde connecté (sm_token,
              supprimé à la déconnexion). Il n'y a ni cookie publicitaire ni mesure d'audience : aucun consentement n'est donc demandé.
            </p>
            <p>
              Les scripts d'autres sites ne sont chargés que sur la page et pour l'action qui en ont besoin : le bouton de connexion Google
              sur les pages de connexion et d'inscription, le module de réservation externe quand vous l'ouvrez sur la page d'un appartement
              qui en propose un, et la page de paiement au moment de payer. Sinon, la page d'accueil et les pages des appartements ne
              chargent rien d'un autre site.
            </p>
          </LegalSection>
        </>
      )}
    </LegalLayout>
  );
}
