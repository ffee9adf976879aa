/**
 * Type-level test of the contract between remotes (federation/remote-modules.ts), checked by `tsc`
 * in the types step (`npm run typecheck -w shared-kernel`), not run by Jest. Each `@ts-expect-error`
 * line must be a type error: if `RemoteView` stopped checking a fragment's props, the directive
 * would be unused and the type check would fail.
 */
import { RemoteView, type Appartement, type RemotePageName } from '../src/index';

declare const appartement: Appartement;
const onSaved = (): void => undefined;

export const accepted = [
  <RemoteView module="catalog/HomePage" />,
  <RemoteView module="messaging/HeaderLink" fallback={null} />,
  <RemoteView module="booking/BookingPanel" props={{ appartement }} />,
  <RemoteView module="admin/ApartmentEditor" props={{ appartement, onSaved }} />,
  <RemoteView module="admin/ReservationPayments" props={{ reservationId: 12 }} />,
  <RemoteView module="messaging/Conversation" props={{ contactId: 4 }} />,
  <RemoteView module="messaging/Conversation" props={{ contactId: 4, nom: 'Claire' }} />,
];

export const refused = [
  // @ts-expect-error -- a module no remote exposes
  <RemoteView module="booking/Panel" />,
  // @ts-expect-error -- the booking panel needs its apartment
  <RemoteView module="booking/BookingPanel" />,
  // @ts-expect-error -- a missing prop: the editor needs onSaved
  <RemoteView module="admin/ApartmentEditor" props={{ appartement }} />,
  // @ts-expect-error -- a prop of the wrong type
  <RemoteView module="admin/ReservationPayments" props={{ reservationId: '12' }} />,
  // @ts-expect-error -- a prop the fragment does not take
  <RemoteView module="messaging/Conversation" props={{ contactId: 4, email: 'claire@example.fr' }} />,
  // @ts-expect-error -- a page takes no props
  <RemoteView module="catalog/HomePage" props={{ appartement }} />,
];

export const pages: RemotePageName[] = [
  'catalog/HomePage',
  'admin/CalendarPage',
  // @ts-expect-error -- a fragment with props is not a page the shell can route to
  'booking/BookingPanel',
];
