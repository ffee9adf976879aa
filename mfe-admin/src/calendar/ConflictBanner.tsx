import { adminQueries, Alert, formatDateFr, useQuery, type CalendarConflict } from 'shared-kernel';

/** "Nights booked twice" in red, one line per conflict; nothing when there is none (or while loading). */
export function ConflictList({ conflicts }: { conflicts: CalendarConflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <Alert tone="danger" className="adm-conflicts">
      <p>
        <strong>{conflicts.length === 1 ? 'Conflit de calendrier' : `${conflicts.length} conflits de calendrier`}</strong> : un autre canal
        a bloqué des nuits déjà réservées sur le site. Les deux sont conservés ; vérifiez auprès du canal et du client.
      </p>
      <ul>
        {conflicts.map((c) => (
          <li key={c.id}>
            {`${c.appartement} : le calendrier ${c.source} bloque des nuits de la réservation n° ${c.reservationId} (du ${formatDateFr(c.debut)} au ${formatDateFr(c.fin)}).`}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

const NONE: CalendarConflict[] = [];

/** The banner of the admin reservations and calendar pages: loads every current conflict itself. */
export function ConflictBanner() {
  // A failed read shows no banner: the conflicts are also on the calendar page.
  const { data } = useQuery(adminQueries.calendarConflicts());
  return <ConflictList conflicts={data ?? NONE} />;
}
