/** Channel sync admin calls (issue 14): the calendar, manual blocks, export address, imported feeds, conflicts. */
import { http, type CalendarConflict, type CalendarData, type FeedLabel, type ImportedFeed, type VilleFacette } from 'shared-kernel';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export type Feed = ImportedFeed;

/** GET /api/admin/calendrier: the period, of every town or of `ville`, and the catalogue's towns. */
export type AdminCalendar = CalendarData & { ville: string | null; villes: VilleFacette[] };

export interface Calendars {
  exportUrl: string;
  flux: Feed[];
}

export const calendarApi = {
  /** `ville`: a town's slug, '' for every town. */
  async calendar(du: string, au: string, ville = ''): Promise<AdminCalendar> {
    const { data } = await http.get<AdminCalendar>('/admin/calendrier', {
      params: ville ? { du, au, ville } : { du, au },
      headers: NO_CACHE,
    });
    return { ...data, villes: Array.isArray(data.villes) ? data.villes : [] };
  },
  async conflicts(): Promise<CalendarConflict[]> {
    const { data } = await http.get<CalendarConflict[]>('/admin/calendrier/conflits', { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  async block(appartementId: number, du: string, au: string, note: string): Promise<number> {
    const { data } = await http.post<{ jours: number }>(`/admin/appartements/${appartementId}/blocages`, {
      du,
      au,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    return data.jours;
  },
  async unblock(appartementId: number, du: string, au: string): Promise<number> {
    const { data } = await http.post<{ jours: number }>(`/admin/appartements/${appartementId}/deblocages`, { du, au });
    return data.jours;
  },
  async calendars(appartementId: number): Promise<Calendars> {
    const { data } = await http.get<Calendars>(`/admin/appartements/${appartementId}/calendriers`, { headers: NO_CACHE });
    return data;
  },
  async regenerate(appartementId: number): Promise<string> {
    const { data } = await http.post<{ exportUrl: string }>(`/admin/appartements/${appartementId}/calendriers/regenerer`, {});
    return data.exportUrl;
  },
  /** The feed is created and its first sync started; the sync's end is read from `feed.synchro`. */
  async addFeed(appartementId: number, libelle: FeedLabel, url: string): Promise<Feed> {
    const { data } = await http.post<Feed>(`/admin/appartements/${appartementId}/flux`, { libelle, url });
    return data;
  },
  /** Starts a sync (202 at once); its progress is read from `feed.synchro`. */
  async syncFeed(id: number): Promise<Feed> {
    const { data } = await http.post<Feed>(`/admin/flux/${id}/synchroniser`, {});
    return data;
  },
  async removeFeed(id: number): Promise<void> {
    await http.delete(`/admin/flux/${id}`);
  },
};
