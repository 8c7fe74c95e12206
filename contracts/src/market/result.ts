/** A runner market's declared result as the engine, the statement and the back office read it. */
export interface RunnerResult {
  selectionId?: number | undefined;
  /** Every winner of a market paying several (a place market); `selectionId` is the first. */
  selectionIds?: number[] | undefined;
  runs?: number | undefined;
}

/** Every winning runner of a result: all of a place market's, or the one winner. */
export function winnersOf(result: RunnerResult): number[] {
  return result.selectionIds ?? (result.selectionId === undefined ? [] : [result.selectionId]);
}

/** The result naming these winners (at least one): `selectionIds` only when there are several. */
export function winnersResult(winners: readonly number[]): { selectionId: number; selectionIds?: number[] } {
  return winners.length === 1 ? { selectionId: winners[0]! } : { selectionId: winners[0]!, selectionIds: [...winners] };
}

/** "A", "A and B", "A, B and C". */
export function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * A settled result in words, as a statement line gives it: "Mumbai won", every placed runner of a
 * place market ("2. Sandwood Jet and 5. Lady Luck placed"), or a fancy's "162 runs".
 */
export function resultWords(result: RunnerResult, nameOf: (selectionId: number) => string): string {
  if (result.runs !== undefined) return `${result.runs} runs`;
  const winners = winnersOf(result);
  return `${listWords(winners.map(nameOf))} ${winners.length > 1 ? 'placed' : 'won'}`;
}

/**
 * What is wrong with the winners an admin declares by hand, or null: one runner of the market for a
 * market paying one, exactly `numberOfWinners` different runners of it for a place market.
 */
export function declaredWinnersProblem(
  runnerIds: readonly number[],
  numberOfWinners: number,
  chosen: readonly number[],
): string | null {
  if (numberOfWinners <= 1)
    return chosen.length === 1 && runnerIds.includes(chosen[0]!)
      ? null
      : 'Choose the winner among the runners of this market';
  if (chosen.length !== numberOfWinners)
    return `Choose ${numberOfWinners} placed runners: this market pays ${numberOfWinners} places`;
  if (new Set(chosen).size !== chosen.length) return 'Choose each placed runner once';
  if (!chosen.every((id) => runnerIds.includes(id)))
    return 'Choose the placed runners among the runners of this market';
  return null;
}
