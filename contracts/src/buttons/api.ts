import * as v from 'valibot';
import type { ButtonValue } from '../betting/events.js';
import { text } from '../api/text.js';

export interface BettingButtons {
  sportsButtons: ButtonValue[];
  casinoButtons: ButtonValue[];
  /** The bet slip's "Keep in play" to start with: PERSIST when true, LAPSE when false (the default). */
  keepInPlay: boolean;
}

export const DEFAULT_SPORTS_BUTTONS: ButtonValue[] = [100, 500, 1000, 5000, 10000, 25000, 50000, 100000].map(
  (value) => ({ label: value >= 1000 ? `${value / 1000}k` : String(value), value }),
);
export const DEFAULT_CASINO_BUTTONS: ButtonValue[] = [100, 200, 500, 1000, 2000, 5000].map((value) => ({
  label: value >= 1000 ? `${value / 1000}k` : String(value),
  value,
}));

const buttons = (field: string) =>
  v.pipe(
    v.array(
      v.strictObject({
        label: v.pipe(text(`${field}: label`, { max: 10 }), v.minLength(1, `${field}: every button needs a label`)),
        value: v.pipe(
          v.number(`${field}: values must be numbers`),
          v.integer(`${field}: values must be whole rupees`),
          v.minValue(1, `${field}: values must be at least 1`),
          v.maxValue(10_000_000, `${field}: values are at most 1,00,00,000`),
        ),
      }),
    ),
    v.minLength(1, `${field}: at least one button`),
    v.maxLength(12, `${field}: at most 12 buttons`),
  );
export const BettingButtonsBody = v.strictObject({
  sportsButtons: buttons('Sports buttons'),
  casinoButtons: buttons('Casino buttons'),
  /** Left out: the saved choice stays. */
  keepInPlay: v.optional(v.boolean('keepInPlay must be true or false')),
});
