import { readOneOf, searchValidator } from '../ui/list-search';

/** The risk desk's alert periods: hours and their words. */
export const HOURS = [
  ['1', 'Last hour'],
  ['6', 'Last 6 hours'],
  ['24', 'Last 24 hours'],
  ['168', 'Last 7 days'],
] as const;

export type Hours = (typeof HOURS)[number][0];

/** /admin/risk's alert period in the URL (?hours=6; 24 when left out). Apart from the lazy page, for its route. */
export const riskDeskSearch = searchValidator<{ hours?: Hours }>({
  hours: readOneOf(HOURS.map(([h]) => h)),
});
