/**
 * Extension point of the header for fragments that come later (not faked here):
 * - the messaging remote's link with its unread badge:
 *     <RemoteView module="messaging/HeaderLink" fallback={null} />
 * - the Administration dropdown, for admins only (entries 'Ajouter un appartement' ->
 *   /admin/add-appartement, 'Gérer les réservations' -> /admin/reservations).
 * Rendered only for a signed-in user, between the navigation and the avatar.
 */
export function SignedInHeaderSlot() {
  return null;
}
