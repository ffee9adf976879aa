import { isAdmin, RemoteView, useRemoteConfigured, useSession, type Appartement } from 'shared-kernel';

/**
 * The booking panel of the booking remote, only once that remote is configured. If it fails to
 * load, only this place shows RemoteView's "momentanément indisponible" box.
 */
export function BookingSlot({ appartement }: { appartement: Appartement }) {
  const configured = useRemoteConfigured('booking');
  if (!configured) return null;
  return (
    <div className="cat-slot cat-slot--booking">
      <RemoteView module="booking/BookingPanel" props={{ appartement }} />
    </div>
  );
}

/** The apartment editor of the admin remote: for an admin only, and only once that remote is configured. */
export function AdminEditorSlot({ appartement, onSaved }: { appartement: Appartement; onSaved: () => void }) {
  const admin = useSession(isAdmin);
  const configured = useRemoteConfigured('admin');
  if (!admin || !configured) return null;
  return (
    <div className="cat-slot cat-slot--admin">
      <RemoteView module="admin/ApartmentEditor" props={{ appartement, onSaved }} />
    </div>
  );
}
