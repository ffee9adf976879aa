/** What the colours of the month grid and the timeline mean. */
export function CalendarLegend() {
  return (
    <ul className="sk-list adm-cal__legend" aria-label="Légende">
      <li>
        <span className="adm-cal__tag adm-cal__tag--confirmee">Confirmée</span>
      </li>
      <li>
        <span className="adm-cal__tag adm-cal__tag--attente">En attente</span>
      </li>
      <li>
        <span className="adm-cal__tag adm-cal__tag--manuel">Bloqué à la main</span>
      </li>
      <li>
        <span className="adm-cal__tag adm-cal__tag--import">Importé (Airbnb, Booking.com…)</span>
      </li>
      <li>
        <span className="adm-cal__tag adm-cal__tag--conflit">Conflit</span>
      </li>
    </ul>
  );
}
