/** French texts of the sign-in and sign-up screens (product spec, section 8), verbatim. */
import { describeFailure } from 'shared-kernel';

export const LOGIN_MESSAGES = {
  unauthorized: 'Email ou mot de passe incorrect. Veuillez réessayer.',
  server: 'Erreur serveur. Veuillez réessayer plus tard.',
  generic: 'Une erreur est survenue lors de la connexion.',
  noResponse: 'Impossible de contacter le serveur. Vérifiez votre connexion internet.',
  setup: 'Une erreur est survenue lors de la préparation de la requête.',
} as const;

export const GOOGLE_QUERY_ERRORS: Readonly<Record<string, string>> = {
  timeout: 'La connexion avec Google a pris trop de temps. Veuillez réessayer.',
  failed: 'Échec de la connexion avec Google. Veuillez réessayer ou utiliser une autre méthode.',
  redirect: 'Erreur lors de la redirection Google. Veuillez réessayer.',
  general: "Une erreur s'est produite lors de la connexion avec Google. Veuillez réessayer.",
};
export const UNKNOWN_QUERY_ERROR = 'Erreur de connexion. Veuillez réessayer.';
export const GOOGLE_START_FAILURE = 'Problème lors de la connexion avec Google. Veuillez réessayer.';

export const REGISTER_FAILURE = "Une erreur est survenue lors de l'inscription. Veuillez réessayer.";
export const ACCOUNT_CREATED = 'Votre compte a été créé. Vous pouvez maintenant vous connecter.';
export const BOOKING_NEEDS_LOGIN = 'Connectez-vous pour effectuer votre réservation';
export const FORGOT_PASSWORD_SENT = 'Un email de réinitialisation a été envoyé à votre adresse si elle existe dans notre base de données.';

/**
 * Messages the login page accepts from its `message` query parameter. A link from anywhere can set a
 * query string, so free text there would let a third party print what it likes on the sign-in page;
 * navigation state (set by our own code only) may carry any text.
 */
export const LOGIN_QUERY_MESSAGES: readonly string[] = [BOOKING_NEEDS_LOGIN, ACCOUNT_CREATED];

/** The message for a failed `POST /auth/login`. */
export function loginFailureMessage(error: unknown): string {
  const failure = describeFailure(error);
  switch (failure.kind) {
    case 'response':
      if (failure.status === 401) return LOGIN_MESSAGES.unauthorized;
      if (failure.status === 500) return LOGIN_MESSAGES.server;
      return failure.message ?? LOGIN_MESSAGES.generic;
    case 'no-response':
      return LOGIN_MESSAGES.noResponse;
    case 'setup':
      return LOGIN_MESSAGES.setup;
  }
}

/** The message for the login page's `error` query code (any other value gets the generic text). */
export function queryErrorMessage(code: string): string {
  return Object.prototype.hasOwnProperty.call(GOOGLE_QUERY_ERRORS, code) ? GOOGLE_QUERY_ERRORS[code]! : UNKNOWN_QUERY_ERROR;
}

/** The message for a failed `POST /users/register`: the server's own text for 400 and 409, else the catalogue's. */
export function registerFailureMessage(error: unknown): string {
  const failure = describeFailure(error);
  if (failure.kind === 'response' && (failure.status === 400 || failure.status === 409) && failure.message) return failure.message;
  return REGISTER_FAILURE;
}
