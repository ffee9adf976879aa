import { useId, useState } from 'react';
import { formatDayMonth, Stepper, TitledSection } from 'shared-kernel';
import { GUESTS_MIN, guestsText } from '../booking/guests';
import { StayCalendar, type StaySelection } from '../calendar/StayCalendar';

export type Editor = 'none' | 'dates' | 'guests';

export interface StayDates {
  startDate: string;
  endDate: string;
}

export interface TripCardProps {
  dates: StayDates | null;
  onDatesChange: (dates: StayDates) => void;
  guests: number;
  /** The apartment's capacity: the stepper stops there. */
  maxGuests: number;
  onGuestsChange: (count: number) => void;
  /** Which editor is open: only one at a time. */
  editor: Editor;
  onEditorChange: (editor: Editor) => void;
  unavailableDays: readonly string[];
  availabilityFailed: boolean;
  /** The unavailable days are still loading. */
  availabilityLoading?: boolean;
}

/** 'Votre voyage': the dates and the guest count, each with its 'Modifier' editor. */
export function TripCard({
  dates,
  onDatesChange,
  guests,
  maxGuests,
  onGuestsChange,
  editor,
  onEditorChange,
  unavailableDays,
  availabilityFailed,
  availabilityLoading = false,
}: TripCardProps) {
  const titleId = useId();
  const datesEditorId = useId();
  const guestsEditorId = useId();
  // The calendar's own selection: an arrival alone is shown there; the trip keeps its last whole stay.
  const [picking, setPicking] = useState<StaySelection | null>(null);

  const openEditor = (next: Editor) => {
    setPicking(null);
    onEditorChange(editor === next ? 'none' : next);
  };

  const onPick = (selection: StaySelection) => {
    setPicking(selection);
    if (selection.endDate) onDatesChange({ startDate: selection.startDate, endDate: selection.endDate });
  };

  const shown = picking ?? (dates ? { startDate: dates.startDate, endDate: dates.endDate } : null);

  return (
    <TitledSection title="Votre voyage" titleId={titleId} className="sk-panel bk-card bk-trip" titleClassName="bk-card__title">
      <div className="bk-trip__row">
        <div>
          <h3 className="bk-trip__label">Dates</h3>
          <p className="bk-trip__value">
            {dates ? `${formatDayMonth(dates.startDate)} – ${formatDayMonth(dates.endDate)}` : 'Dates à choisir'}
          </p>
        </div>
        <button
          type="button"
          className="sk-button sk-button--link"
          aria-label="Modifier les dates"
          aria-expanded={editor === 'dates'}
          aria-controls={datesEditorId}
          onClick={() => openEditor('dates')}
        >
          Modifier
        </button>
      </div>
      <div id={datesEditorId} className="sk-stack sk-stack--start sk-gap-4 bk-trip__editor" hidden={editor !== 'dates'}>
        {editor === 'dates' ? (
          <>
            <StayCalendar
              startDate={shown?.startDate ?? null}
              endDate={shown?.endDate ?? null}
              unavailableDays={unavailableDays}
              availabilityFailed={availabilityFailed}
              loading={availabilityLoading}
              onChange={onPick}
            />
            <button
              type="button"
              className="sk-button sk-button--primary"
              aria-label="Confirmer les dates"
              onClick={() => openEditor('dates')}
            >
              Confirmer
            </button>
          </>
        ) : null}
      </div>

      <div className="bk-trip__row">
        <div>
          <h3 className="bk-trip__label">Voyageurs</h3>
          <p className="bk-trip__value">{guestsText(guests)}</p>
        </div>
        <button
          type="button"
          className="sk-button sk-button--link"
          aria-label="Modifier les voyageurs"
          aria-expanded={editor === 'guests'}
          aria-controls={guestsEditorId}
          onClick={() => openEditor('guests')}
        >
          Modifier
        </button>
      </div>
      <div id={guestsEditorId} className="sk-stack sk-stack--start sk-gap-4 bk-trip__editor" hidden={editor !== 'guests'}>
        {editor === 'guests' ? (
          <>
            <Stepper
              label="Nombre de voyageurs"
              layout="inline"
              value={guests}
              min={GUESTS_MIN}
              max={maxGuests}
              onChange={onGuestsChange}
              decreaseLabel="Retirer un voyageur"
              increaseLabel="Ajouter un voyageur"
            />
            <button
              type="button"
              className="sk-button sk-button--primary"
              aria-label="Confirmer les voyageurs"
              onClick={() => openEditor('guests')}
            >
              Confirmer
            </button>
          </>
        ) : null}
      </div>
    </TitledSection>
  );
}
