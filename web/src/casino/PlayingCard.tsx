import { useId } from 'react';

const SUIT_GLYPH: Record<string, string> = { S: '♠', H: '♥', C: '♣', D: '♦' };
const SUIT_NAME: Record<string, string> = { S: 'spades', H: 'hearts', C: 'clubs', D: 'diamonds' };
const RANK_NAME: Record<string, string> = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' };

/** "10H" -> rank "10", suit "H". */
export const splitCard = (code: string): { rank: string; suit: string } => ({
  rank: code.slice(0, -1),
  suit: code.slice(-1),
});

export const cardName = (code: string): string => {
  const { rank, suit } = splitCard(code);
  return `${RANK_NAME[rank] ?? rank} of ${SUIT_NAME[suit] ?? suit}`;
};

/**
 * A playing card drawn as SVG: the face (corner indices, a big pip or a court letter), or the
 * back while it is face down. Sized by CSS (.playing-card, .playing-card.small).
 */
export function PlayingCard({
  code,
  size = 'normal',
  dealt = false,
}: {
  code: string | null;
  size?: 'normal' | 'small';
  dealt?: boolean;
}) {
  const id = useId();
  const className = `playing-card ${size}${dealt ? ' dealt' : ''}${code === null ? ' face-down' : ''}`;
  if (code === null) {
    return (
      <svg className={className} viewBox="0 0 60 84" role="img" aria-label="Face-down card">
        <defs>
          <pattern id={`${id}-back`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#7d1626" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#b8394c" strokeWidth="2" />
          </pattern>
        </defs>
        <rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#fff" stroke="#c9c2b0" strokeWidth="1.5" />
        <rect x="4" y="4" width="52" height="76" rx="3" fill={`url(#${id}-back)`} />
        <rect x="4" y="4" width="52" height="76" rx="3" fill="none" stroke="#e8c872" strokeWidth="1" />
      </svg>
    );
  }
  const { rank, suit } = splitCard(code);
  const glyph = SUIT_GLYPH[suit] ?? '?';
  const colour = suit === 'H' || suit === 'D' ? '#c8102e' : '#161616';
  const court = rank === 'J' || rank === 'Q' || rank === 'K';
  return (
    <svg className={className} viewBox="0 0 60 84" role="img" aria-label={cardName(code)} data-card={code}>
      <rect x="0.75" y="0.75" width="58.5" height="82.5" rx="5" fill="#fffdf7" stroke="#c9c2b0" strokeWidth="1.5" />
      <g fill={colour} fontFamily="Georgia, 'Times New Roman', serif">
        <Index rank={rank} glyph={glyph} />
        <g transform="rotate(180 30 42)">
          <Index rank={rank} glyph={glyph} />
        </g>
        {court ? (
          <>
            <rect
              x="15"
              y="20"
              width="30"
              height="44"
              rx="2"
              fill="none"
              stroke={colour}
              strokeWidth="1"
              opacity="0.6"
            />
            <text x="30" y="46" textAnchor="middle" fontSize="22" fontWeight="700">
              {rank}
            </text>
            <text x="30" y="60" textAnchor="middle" fontSize="11">
              {glyph}
            </text>
          </>
        ) : (
          <text x="30" y="53" textAnchor="middle" fontSize={rank === 'A' ? 34 : 28}>
            {glyph}
          </text>
        )}
      </g>
    </svg>
  );
}

/** A corner's rank over its suit; the bottom corner is the same, upside down. */
function Index({ rank, glyph }: { rank: string; glyph: string }) {
  return (
    <>
      <text x="5" y="16" fontSize={rank === '10' ? 12 : 14} fontWeight="700" letterSpacing={rank === '10' ? -1 : 0}>
        {rank}
      </text>
      <text x="5.5" y="28" fontSize="11">
        {glyph}
      </text>
    </>
  );
}
