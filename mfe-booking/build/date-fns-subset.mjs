/**
 * The date-fns functions react-date-range uses, for the bundle only (webpack.config.cjs aliases
 * 'date-fns' to this file). react-date-range ships CommonJS that requires the whole of date-fns
 * (about 300 modules, ~11 KB gzip more even as ES modules); importing each function from its own
 * module keeps only these. test/date-fns-subset.test.ts fails when react-date-range uses a name
 * missing here.
 */
export { addDays } from 'date-fns/addDays';
export { addMonths } from 'date-fns/addMonths';
export { addYears } from 'date-fns/addYears';
export { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
export { differenceInCalendarMonths } from 'date-fns/differenceInCalendarMonths';
export { differenceInDays } from 'date-fns/differenceInDays';
export { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
export { endOfDay } from 'date-fns/endOfDay';
export { endOfMonth } from 'date-fns/endOfMonth';
export { endOfWeek } from 'date-fns/endOfWeek';
export { format } from 'date-fns/format';
export { isAfter } from 'date-fns/isAfter';
export { isBefore } from 'date-fns/isBefore';
export { isEqual } from 'date-fns/isEqual';
export { isSameDay } from 'date-fns/isSameDay';
export { isSameMonth } from 'date-fns/isSameMonth';
export { isValid } from 'date-fns/isValid';
export { isWeekend } from 'date-fns/isWeekend';
export { isWithinInterval } from 'date-fns/isWithinInterval';
export { max } from 'date-fns/max';
export { min } from 'date-fns/min';
export { parse } from 'date-fns/parse';
export { setMonth } from 'date-fns/setMonth';
export { setYear } from 'date-fns/setYear';
export { startOfDay } from 'date-fns/startOfDay';
export { startOfMonth } from 'date-fns/startOfMonth';
export { startOfWeek } from 'date-fns/startOfWeek';
export { subDays } from 'date-fns/subDays';
export { subMonths } from 'date-fns/subMonths';
