/**
 * Places of the layout filled by other remotes' fragments, rendered only for a signed-in user and
 * only when the runtime configuration lists the remote (a missing or failing remote shows nothing):
 * - in the header, between the navigation and the avatar: the messaging remote's link with its
 *   unread badge (`messaging/HeaderLink`);
 * - once in the layout: the messaging remote's notifier (`messaging/Notifier`: toasts and sound for
 *   new messages, from any page).
 */
import { RemoteView, useRemoteConfigured, useSession } from 'shared-kernel';

export const MESSAGING_REMOTE = 'messaging';

/** Rendered by the header's account area for a signed-in user. */
export function SignedInHeaderSlot() {
  const messaging = useRemoteConfigured(MESSAGING_REMOTE);
  return messaging ? <RemoteView module="messaging/HeaderLink" fallback={null} /> : null;
}

/** Rendered once by the layout; shows the notifier for a signed-in user. */
export function SignedInLayoutSlot() {
  const signedIn = useSession((state) => state.user !== null);
  const messaging = useRemoteConfigured(MESSAGING_REMOTE);
  return signedIn && messaging ? <RemoteView module="messaging/Notifier" fallback={null} loading={null} /> : null;
}
