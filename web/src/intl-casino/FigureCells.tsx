import { pnlClass } from '../ui/money';
import { formatRupees } from '../ui/money';

interface FigureCellsProps {
  rounds: number;
  /** Rupees. */
  turnover: number;
  payout: number;
  profit: number;
  /** What a phone's stacked rows call the four cells. */
  labels: [string, string, string, string];
}

/** Rounds, stakes, wins and the profit of one side, as table cells: the third-party reports' figures. */
export function FigureCells({ rounds, turnover, payout, profit, labels }: FigureCellsProps) {
  return (
    <>
      <td data-label={labels[0]} className="num">
        {rounds}
      </td>
      <td data-label={labels[1]} className="num">
        {formatRupees(turnover)}
      </td>
      <td data-label={labels[2]} className="num">
        {formatRupees(payout)}
      </td>
      <td data-label={labels[3]} className={`num strong-cell ${pnlClass(profit)}`}>
        {formatRupees(profit)}
      </td>
    </>
  );
}
