import { useQuery } from '@tanstack/react-query';
import { fetchAllTables } from '../../api/casino-calls';
import { rulesOf } from '../../casino/table-rules';
import { usePageTitle } from '../../ui/use-page-title';
import '../../styles/reports.css';

interface RuleSection {
  id: string;
  title: string;
  rules: string[];
}

const GENERAL: RuleSection = {
  id: 'general',
  title: 'General',
  rules: [
    'All amounts are in Indian rupees. A bet is accepted only when your available balance (balance less exposure) covers what it can lose.',
    'Bets are placed at your own risk; a bet confirmed on screen is final except where these rules void it.',
    "When a market is suspended or shows Ball Running, no bets are taken on it. In play, a bet waits out the market's bet delay and is refused if the market is suspended meanwhile.",
    'Results are declared by the admin from the official result. A declared result may be revoked and declared again if it was wrong: the statement then shows the settlement, its reversal and the new settlement.',
    'An abandoned, cancelled or void market returns every stake.',
    'Commission, where a market has it, is taken only from your net winnings in that market.',
  ],
};

const MARKETS: RuleSection[] = [
  {
    id: 'match-odds',
    title: 'Match odds (exchange)',
    rules: [
      'Back a selection to win, lay it to lose. Prices are decimal odds including the stake: a back of ₹100 at 2.10 wins ₹110, a lay of ₹100 at 2.10 risks ₹110 to win ₹100.',
      'Your bet is matched against the best offers at once, at their price or better; what is not matched waits as an unmatched bet until it is matched or you cancel it.',
      'When a match goes in play, unmatched bets placed before the off lapse.',
      'Match odds settle on the official result of the match; a tie or draw settles as its own selection where the market has one, otherwise the market is void.',
    ],
  },
  {
    id: 'bookmaker',
    title: 'Bookmaker',
    rules: [
      'Prices are rates: a back at 85 wins ₹85 for every ₹100 staked; a lay at 87 risks ₹87 for every ₹100.',
      'The rate is fixed when your bet is taken; if it has changed, the bet is refused and you place it again.',
      'Bookmaker markets settle on the official result of the match.',
    ],
  },
  {
    id: 'fancy',
    title: 'Fancy (session) markets',
    rules: [
      'Yes wins when the result is at or above the Yes line; No wins when it is below the No line. The rate under the line is what ₹100 wins (Yes) or risks (No).',
      "Normal: runs of a stated period (an innings, a number of overs) or a batter's or partnership's runs; settled on the runs scored in it.",
      'Over by over: runs of one stated over, extras included; settled when the over is complete.',
      'Meter: the stated total counted on a meter (for example every run after a point); settled on the final count.',
      'Odd/Even: whether the stated total ends odd or even.',
      'Khado: the result must fall within the stated range.',
      'Fancy1: a two-way proposition priced like bookmaker rates.',
      'If the stated period is not completed (rain, a shortened innings) the fancy is void unless its result is already decided.',
    ],
  },
];

const SPORTS: RuleSection[] = [
  {
    id: 'cricket',
    title: 'Cricket',
    rules: [
      'Match odds and bookmaker settle on the official result; in a tied limited-overs match the super over decides if the competition uses one.',
      'Fancies settle on the official scorecard.',
    ],
  },
  {
    id: 'soccer',
    title: 'Soccer',
    rules: [
      'Match odds settle on the result after 90 minutes and stoppage time; extra time and penalties do not count.',
    ],
  },
  {
    id: 'tennis',
    title: 'Tennis',
    rules: [
      'Match odds settle on the player who goes through; if a player retires after the first set, the player who goes through wins. Before that the market is void.',
    ],
  },
];

/** /rules (SPEC.md section 2): the betting rules per sport, per market kind (match odds, bookmaker, each fancy type) and per casino table. */
export function RulesPage() {
  usePageTitle('Rules');
  // One section per casino table, in the lobby's order and with its name; the rules are the table page's own.
  const tables = useQuery({
    queryKey: ['casino-all-tables', 'user'],
    queryFn: async () => (await fetchAllTables('user')).data,
    retry: false,
  });
  const casino: RuleSection[] = (tables.data ?? []).map((t) => ({
    id: `casino-${t._id}`,
    title: t.game_name,
    rules: rulesOf(t._id),
  }));
  const sections = [GENERAL, ...MARKETS, ...SPORTS, ...casino];
  return (
    <section className="card rules-page">
      <header className="card-head">
        <h1>Rules</h1>
      </header>
      <nav className="rules-toc" aria-label="Rules sections">
        {sections.map((s) => (
          <a key={s.id} href={`#rules-${s.id}`}>
            {s.title}
          </a>
        ))}
      </nav>
      {sections.map((s) => (
        <section key={s.id} id={`rules-${s.id}`} aria-labelledby={`rules-${s.id}-title`}>
          <h2 id={`rules-${s.id}-title`}>{s.title}</h2>
          <ul>
            {s.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
