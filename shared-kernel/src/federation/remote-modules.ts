/**
 * The contract between remotes (issue 33, item 5): every module a remote exposes, by its
 * `remote/Expose` name, with the props it takes. `RemoteView` is generic over this map, so a page
 * that renders a fragment with a wrong or missing prop fails the type check, and the exposing
 * remote types its component with the same props type. A new exposed module gets its line here.
 */
import type { Appartement } from '../domain/index.js';

/** A page: rendered by the shell's routes, it reads what it needs from the URL and takes no props. */
export type NoProps = Record<string, never>;

/** `booking/BookingPanel`: the direct-booking panel of the apartment page. */
export interface BookingPanelProps {
  appartement: Appartement;
}

/** `admin/ApartmentEditor`: the admin's editor on the apartment page. */
export interface ApartmentEditorProps {
  appartement: Appartement;
  /** Called after a successful save (the apartment page loads the apartment again). */
  onSaved: () => void;
}

/** `admin/ReservationPayments`: every payment event of a reservation, for admins. */
export interface ReservationPaymentsProps {
  reservationId: number;
}

/** `messaging/Conversation`: the live conversation with one user; `nom` when the page already knows it. */
export interface ConversationProps {
  contactId: number;
  nom?: string;
}

/** `booking/StayDatesPicker`: the stay calendar for a search over every apartment (the home page's dates). */
export interface StayDatesPickerProps {
  arrivee: string | null;
  depart: string | null;
  /** An arrival alone (depart null), then the whole stay. */
  onChange: (dates: { arrivee: string; depart: string | null }) => void;
}

export interface RemoteModules {
  'catalog/HomePage': NoProps;
  'catalog/TownPage': NoProps;
  'catalog/ApartmentPage': NoProps;
  'catalog/ReviewsPage': NoProps;
  'catalog/AboutPage': NoProps;
  'catalog/FaqPage': NoProps;
  'catalog/OwnersPage': NoProps;
  'catalog/MentionsLegalesPage': NoProps;
  'catalog/CgvPage': NoProps;
  'catalog/ConfidentialitePage': NoProps;
  'booking/BookingPanel': BookingPanelProps;
  'booking/CheckoutPage': NoProps;
  'booking/StayDatesPicker': StayDatesPickerProps;
  'account/ProfilePage': NoProps;
  'account/ReservationPage': NoProps;
  'admin/AddApartmentPage': NoProps;
  'admin/ReservationsPage': NoProps;
  'admin/ClientPage': NoProps;
  'admin/ApartmentEditor': ApartmentEditorProps;
  'admin/ReservationPayments': ReservationPaymentsProps;
  'admin/TaxeSejourPage': NoProps;
  'admin/LeadsPage': NoProps;
  'admin/CalendarPage': NoProps;
  'admin/RefundsPage': NoProps;
  'admin/ComptabilitePage': NoProps;
  'admin/ReviewsPage': NoProps;
  'admin/PlanningPage': NoProps;
  'admin/DashboardPage': NoProps;
  'messaging/MessagingPage': NoProps;
  'messaging/HeaderLink': NoProps;
  'messaging/Notifier': NoProps;
  'messaging/Conversation': ConversationProps;
}

export type RemoteModuleName = keyof RemoteModules;

/** The exposed modules that take no props: the shell's pages and the header's fragments. */
export type RemotePageName = { [M in RemoteModuleName]: RemoteModules[M] extends NoProps ? M : never }[RemoteModuleName];
