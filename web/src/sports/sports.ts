/** Sport ids of SPEC.md section 3 and their names, and the racing of a real exchange feed (issue 22). */
export const SPORT_NAME = {
  4: 'Cricket',
  1: 'Football',
  2: 'Tennis',
  7: 'Horse Racing',
  4339: 'Greyhound Racing',
} as const;

export type SportId = keyof typeof SPORT_NAME;

/** The order the navigation shows them in: cricket first, as players here expect. */
export const SPORT_IDS: readonly SportId[] = [4, 1, 2, 7, 4339];

/** Races: a card of many runners, each market a column of its own (WIN and PLACE side by side). */
export const RACING_SPORTS: ReadonlySet<number> = new Set([7, 4339]);

export const isSportId = (value: unknown): value is SportId => SPORT_IDS.some((id) => id === value);
