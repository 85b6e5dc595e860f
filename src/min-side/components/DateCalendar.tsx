/** The calendar of the date picker: react-day-picker in bokmål or British English, limited to the spec's years. */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { DayPicker, type DayButtonProps } from 'react-day-picker';
import { enGB, nb } from 'react-day-picker/locale';
import { useLocale } from '../locale.tsx';
import 'react-day-picker/style.css';
import { DATE_MIN_YEAR, dateMaxYear } from '../../../server/schemas/rules.ts';
import { dateToIso, isoToDate } from './calendarDates.ts';

interface DateCalendarProps {
  label: string;
  value: string;
  onPick: (value: string) => void;
  onClose: () => void;
}

/**
 * react-day-picker's day button, focusing the day in a layout effect instead of an effect. Under
 * Min side's renderer (preact/compat) an effect still waiting for the next paint runs in the middle
 * of the next render, while the other days' buttons hold their handlers of the render before: moving
 * with an arrow key could then hand the focus back and forth between two days without end, and the
 * page stopped answering. A layout effect runs once the whole calendar is written, as React does.
 */
function DayButton({ day: _day, modifiers, ...button }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return <button ref={ref} {...button} />;
}

const components = { DayButton };

export default function DateCalendar({ label, value, onPick, onClose }: DateCalendarProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const { locale } = useLocale();
  const selected = isoToDate(value) ?? undefined;
  const first = new Date(DATE_MIN_YEAR, 0, 1);
  const last = new Date(dateMaxYear(), 11, 31);

  useEffect(() => {
    // A click outside the calendar closes it, as Escape does.
    const outside = (event: MouseEvent) => {
      const root = dialog.current?.parentElement;
      if (root && !root.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [onClose]);

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-label={label}
      className="date-calendar"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <DayPicker
        mode="single"
        locale={locale === 'en' ? enGB : nb}
        captionLayout="dropdown"
        startMonth={first}
        endMonth={last}
        disabled={[{ before: first }, { after: last }]}
        defaultMonth={selected ?? new Date()}
        selected={selected}
        onSelect={(date) => date && onPick(dateToIso(date))}
        autoFocus
        components={components}
      />
    </div>
  );
}
