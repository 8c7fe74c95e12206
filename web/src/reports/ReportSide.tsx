/**
 * Whose side a report's amounts are (issue 23): the players' reports count a player's win as
 * positive, the house's reports count it as negative, so every report says which it is.
 */
const SIDES = {
  players: "Amounts are the players' side: positive when the players won, negative when they lost.",
  house: "Amounts are the house's side: positive when the house won from the players, negative when it paid them.",
  mine: 'Amounts are your side: positive when you won, negative when you lost.',
  split:
    "Players' figures are the players' side (positive: the players won); the partnership parts and what each level carries are the house's side (positive: the house won).",
} as const;

export function ReportSide({ side }: { side: keyof typeof SIDES }) {
  return (
    <p className="muted report-note" data-testid="report-side">
      {SIDES[side]}
    </p>
  );
}
