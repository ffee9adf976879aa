import { Link } from 'react-router-dom';
import { useSiteName } from '../ui/useSiteName';
import { LegalFacts, LegalLayout, LegalMail, LegalSection, LegalValue } from './LegalLayout';

const DESCRIPTION =
  'Politique de confidentialité : données collectées, finalités et bases légales, destinataires, durées de conservation, vos droits et la réclamation auprès de la CNIL, cookies.';

/** Privacy policy (route '/confidentialite', GDPR art. 13): the controller comes from the server's configuration. */
export default function ConfidentialitePage() {
  const siteName = useSiteName();
  return (
    <LegalLayout
      id="cat-privacy-title"
      title="Politique de confidentialité"
      description={DESCRIPTION}
      lead={`Quelles données ${siteName} traite, pourquoi, pour combien de temps, et comment exercer vos droits.`}
    >
      {(info) => (
        <>
          <LegalSection id="cat-privacy-controller" title="Responsable du traitement">
            <LegalFacts
              label="Responsable du traitement"
              facts={[
                ['Responsable', <LegalValue key="nom" info={info} field="editeur.nom" value={info.responsableTraitement.nom} />],
                ['Adresse', <LegalValue key="adresse" info={info} field="editeur.adresse" value={info.responsableTraitement.adresse} />],
                [
                  'Contact pour vos données',
                  <LegalMail key="mail" info={info} field="responsableTraitement.contact" address={info.responsableTraitement.contact} />,
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
          <LegalSection id="cat-privacy-mandatory" title="Données obligatoires et facultatives">
            <ul>
              <li>
                Pour créer un compte : votre nom, votre adresse email et un mot de passe (ou votre compte Google). Votre adresse est
                confirmée par un lien envoyé par e-mail.
              </li>
              <li>Pour réserver : les dates du séjour, le nombre de voyageurs et votre accord aux conditions générales de vente.</li>
              <li>Pour payer : les données que demande le moyen de paiement choisi (virement ou paiement en ligne).</li>
              <li>
                Pour une demande d'estimation de propriétaire : votre nom, votre adresse email et votre accord pour être recontacté ; le
                prénom et le message sont facultatifs.
              </li>
              <li>Le téléphone, l'adresse, la ville, la présentation et la photo du profil sont facultatifs.</li>
            </ul>
            <p>
              Sans les données obligatoires, nous ne pouvons pas créer le compte, enregistrer la réservation ou répondre à la demande ; les
              données facultatives ne changent rien au service rendu.
            </p>
          </LegalSection>
          <LegalSection id="cat-privacy-recipients" title="Destinataires">
            <p>Vos données sont traitées par notre équipe et, pour ce qui les concerne seulement, par :</p>
            <ul aria-label="Destinataires">
              {info.destinataires?.stripe !== false ? (
                <li>
                  {info.destinataires?.stripe
                    ? 'Stripe (Stripe Payments Europe, Ltd., Dublin, Irlande), notre prestataire de paiement, lorsque vous payez en ligne : il reçoit le montant, votre adresse email et les données de paiement que vous lui saisissez ;'
                    : 'le prestataire de paiement, lorsque vous payez en ligne (il reçoit le montant et les données de paiement que vous lui saisissez) ;'}
                </li>
              ) : null}
              <li>le prestataire d'envoi d'e-mails, qui achemine nos messages ;</li>
              {info.destinataires?.google !== false ? <li>Google, uniquement si vous choisissez « Se connecter avec Google » ;</li> : null}
              <li>
                l'hébergeur du site (<LegalValue info={info} field="hebergeur.nom" value={info.hebergeur.nom} />
                ).
              </li>
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
                du mot de passe : une heure, liens de confirmation de l'adresse email : 48 heures, effacés une fois utilisés ou expirés.
              </li>
              <li>Messages et avis : tant que le compte existe ; après sa suppression ils sont anonymisés (« Ancien client »).</li>
              <li>E-mails envoyés : leur trace (destinataire, objet, date) un an après l'envoi, puis effacée.</li>
              <li>
                Demandes d'estimation des propriétaires : trois ans après le dernier échange, puis effacées ; aussitôt si vous supprimez le
                compte ouvert avec la même adresse, une fois cette adresse confirmée.
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
              <LegalMail info={info} field="responsableTraitement.contact" address={info.responsableTraitement.contact} /> : nous répondons
              sous un mois.
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
          <LegalSection id="cat-privacy-consent" title="Retirer votre consentement">
            <p>
              Quand un traitement repose sur votre consentement, vous pouvez le retirer à tout moment, aussi simplement que vous l'avez
              donné ; le retrait ne remet pas en cause ce qui a été fait avant (article 7.3 du RGPD) :
            </p>
            <ul>
              <li>
                les e-mails qui ne sont pas liés à une réservation se désactivent dans votre <Link to="/profile">profil</Link>, section «
                E-mails », ou par le lien de désinscription de chacun d'eux ;
              </li>
              <li>
                pour retirer un avis publié ou votre accord à être recontacté après une demande d'estimation, écrivez à{' '}
                <LegalMail info={info} field="responsableTraitement.contact" address={info.responsableTraitement.contact} /> : nous le
                faisons sous un mois au plus.
              </li>
            </ul>
          </LegalSection>
          <LegalSection id="cat-privacy-post-mortem" title="Directives après votre décès">
            <p>
              Vous pouvez nous donner des directives sur la conservation, l'effacement et la communication de vos données après votre décès,
              et désigner la personne chargée de les exécuter (article 85 de la loi n° 78-17 du 6 janvier 1978 « Informatique et Libertés
              »), en écrivant à <LegalMail info={info} field="responsableTraitement.contact" address={info.responsableTraitement.contact} />
              . Vous pouvez les modifier ou les révoquer à tout moment. Sans directive, vos héritiers peuvent demander la clôture de votre
              compte.
            </p>
          </LegalSection>
          <LegalSection id="cat-privacy-cookies" title="Cookies">
            <p>
              Le site ne dépose que ce qui est nécessaire à son fonctionnement, et seulement une fois que vous vous connectez : le cookie de
              session qui vous garde connecté (sm_token) et le même jeton de session gardé dans le stockage de votre navigateur (clé « token
              », dans le stockage local si vous avez coché « Se souvenir de moi », sinon pour la durée de l'onglet). Tous deux sont effacés
              à la déconnexion et ne valent plus rien à l'expiration de la session. Il n'y a ni cookie publicitaire ni mesure d'audience :
              aucun consentement n'est donc demandé.
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
