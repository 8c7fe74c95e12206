import * as v from 'valibot';

/** A JSON whole number in a range (never -0), with the field's name in each message. */
export const wholeNumber = (field: string, min: number, max: number) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.integer(`${field} must be a whole number`),
    v.check((n) => !Object.is(n, -0), `${field} must be a whole number`),
    v.minValue(min, `${field} must be at least ${min}`),
    v.maxValue(max, `${field} is at most ${max}`),
  );
