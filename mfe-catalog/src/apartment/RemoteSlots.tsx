import { isAdmin, RemoteView, useRemoteConfigured, useSession, type Appartement } from 'shared-kernel';
import { useInView } from './useInView';

/**
 * The booking panel of the booking remote, only once that remote is configured, and only once its
 * place comes into the window (useInView): the place keeps the panel's height meanwhile, so nothing
 * moves when it arrives. If it fails to load, only this place shows RemoteView's "momentanément
 * indisponible" box.
 */
export function BookingSlot({ appartement }: { appartement: Appartement }) {
  const configured = useRemoteConfigured('booking');
  const { ref, inView } = useInView<HTMLDivElement>();
  if (!configured) return null;
  return (
    <div ref={ref} className="cat-slot cat-slot--booking">
      {inView ? <RemoteView module="booking/BookingPanel" props={{ appartement }} /> : null}
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
