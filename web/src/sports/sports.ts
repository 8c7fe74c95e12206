/** Sport ids of SPEC.md section 3 and their names. */
export const SPORT_NAME = { 4: 'Cricket', 1: 'Football', 2: 'Tennis' } as const;

export type SportId = keyof typeof SPORT_NAME;

/** The order the navigation shows them in: cricket first, as players here expect. */
export const SPORT_IDS: readonly SportId[] = [4, 1, 2];

export const isSportId = (value: unknown): value is SportId => SPORT_IDS.some((id) => id === value);
