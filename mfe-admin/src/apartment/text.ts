/** Messages of the apartment forms (spec sections 5 and 8). */
export const REQUIRED_FIELDS = 'Veuillez remplir tous les champs obligatoires';
export const NO_IMAGE = 'Vous devez ajouter au moins une image';
export const IMAGES_DROPPED = "Certaines URLs d'images invalides ont été retirées";
export const NO_VALID_IMAGE = "Aucune des images n'a une URL valide";
export const NOT_ADMIN = "Vous devez être connecté en tant qu'administrateur";
export const SMOOBU_RETRY = 'ID déjà utilisé, nouvelle tentative...';
export const TOO_MANY_ATTEMPTS = "Impossible d'ajouter l'appartement après plusieurs tentatives";
export const ADD_GENERIC_ERROR = "Une erreur est survenue lors de l'ajout de l'appartement";
export const ADDED = 'Appartement ajouté avec succès!';
export const SUBMITTING = 'Envoi en cours...';
export const UPDATED = "L'appartement a été mis à jour avec succès !";
export const UPDATE_FAILED = "Erreur lors de la mise à jour de l'appartement.";
/** The apartment page's catalogue: no answer from the server. */
export const NO_RESPONSE = 'Erreur de connexion au serveur.';
/** A title with no letter or digit gives no slug. */
export const SLUG_EMPTY = 'Le titre doit contenir au moins une lettre ou un chiffre : il sert à former l’adresse de la page.';
export const SMOOBU_ID_INVALID = "L'identifiant Smoobu doit être un entier de 7 chiffres (1000000 à 9999999).";

export function addFailed(status: number): string {
  return `Erreur lors de l'ajout de l'appartement (${status})`;
}

/** The add form's cancellation policies and what each one promises (spec section 5). */
export const POLICY_DESCRIPTIONS = {
  Flexible: "Annulation gratuite jusqu'à 24 h avant l'arrivée.",
  Modérée: "Annulation gratuite jusqu'à 5 jours avant l'arrivée.",
  Stricte: "Remboursement de 50 % jusqu'à 7 jours avant l'arrivée.",
} as const;

/** The add form's amenity toggles (spec section 3). */
export const ADD_INCLUS_CHOICES = ['Wifi', 'Parking gratuit', 'Piscine'] as const;
export const ADD_NON_INCLUS_CHOICES = ['Sèche-cheveux'] as const;

/** The edit form's choices (spec section 3). */
export const EDIT_INCLUS_CHOICES = [
  'Wifi',
  'Parking gratuit',
  'Netflix',
  'Cuisine',
  'Climatisation',
  'Lave-linge',
  'Sèche-linge',
  'Fer à repasser',
] as const;
export const EDIT_NON_INCLUS_CHOICES = ['Détecteur de fumée', 'Détecteur de monoxyde de carbone', 'Animaux de compagnie'] as const;
/** The API's message when an uploaded photo has no alternative text (issue 30). */
export const ALT_REQUIRED = 'Chaque photo envoyée doit avoir un texte alternatif (ce qu’elle montre, pour qui ne la voit pas).';
