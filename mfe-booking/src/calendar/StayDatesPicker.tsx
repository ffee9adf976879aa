import type { StayDatesPickerProps } from 'shared-kernel';
import { StayCalendar } from './StayCalendar';

export const STAY_DATES_LABEL = 'Choisissez vos dates de séjour';

/**
 * The stay calendar with its keyboard date grid, for a search over every apartment (the home
 * page's date picker, issue 32): no apartment's taken days, only the site's limits (past days, how
 * far ahead, how long). Exposed so the catalogue shows the same calendar without importing it.
 */
export default function StayDatesPicker({ arrivee, depart, onChange }: StayDatesPickerProps) {
  return (
    <StayCalendar
      startDate={arrivee}
      endDate={depart}
      unavailableDays={[]}
      label={STAY_DATES_LABEL}
      onChange={(selection) => onChange({ arrivee: selection.startDate, depart: selection.endDate })}
    />
  );
}
