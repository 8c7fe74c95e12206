import { pocketColour, WHEEL_ORDER } from './wheel.js';

/**
 * The tiles' game images, made by the product (no outside images): an SVG per table, a felt in the
 * table's colour with the cards it is known for, fanned. The API serves it as a data: URL, which the
 * site's Content-Security-Policy allows for images.
 */
const SUIT_GLYPH: Record<string, string> = { S: '♠', H: '♥', C: '♣', D: '♦' };

/** Roulette shows its wheel instead of cards. */
const LOOK: Record<string, { felt: [string, string]; cards: string[]; emblem: string; wheel?: true }> = {
  teen20: { felt: ['#7a1f3d', '#3b0a1c'], cards: ['AS', 'KS', 'QS'], emblem: 'TEEN PATTI' },
  dt20: { felt: ['#8a1c1c', '#2a0707'], cards: ['KH', '7C'], emblem: 'DRAGON · TIGER' },
  lucky7: { felt: ['#1f5f2c', '#0b2912'], cards: ['7H'], emblem: 'LUCKY 7' },
  ab20: { felt: ['#5b2a86', '#22103a'], cards: ['JD', '4S', '9H'], emblem: 'ANDAR · BAHAR' },
  card32: { felt: ['#0f5a63', '#06262a'], cards: ['8S', '9D', '10C', 'JH'], emblem: '32 CARDS' },
  baccarat: { felt: ['#1d4b8f', '#0a1c3a'], cards: ['9D', '8C'], emblem: 'BACCARAT' },
  aaa: { felt: ['#8a5a12', '#3a2405'], cards: ['AH', '7S', 'KD'], emblem: 'AMAR AKBAR ANTHONY' },
  btable: { felt: ['#a03a12', '#40160a'], cards: ['AS', 'KH', 'QC', 'JD'], emblem: 'BOLLYWOOD' },
  // issue 23, tables2
  race20: { felt: ['#2f6b1f', '#10260a'], cards: ['KS', 'KH', 'KC', 'KD'], emblem: 'RACE 20-20' },
  worli: { felt: ['#6b1f5f', '#2a0a26'], cards: ['AS', '2H', '7C'], emblem: 'INSTANT WORLI' },
  // Issue 23's tables.
  war: { felt: ['#4a4f5c', '#171a21'], cards: ['QS', 'KD', '9C'], emblem: 'CASINO WAR' },
  poker20: { felt: ['#215c3a', '#0a2415'], cards: ['AS', 'AH', 'KD', 'KC'], emblem: 'POKER 20-20' },
  roulette: { felt: ['#1b6a3e', '#082614'], cards: [], emblem: 'ROULETTE', wheel: true },
  '3cardj': { felt: ['#1c4f6e', '#08202e'], cards: ['JS', '5H', 'QD'], emblem: '3 CARDS JUDGEMENT' },
};

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function cardSvg(code: string, x: number, y: number, angle: number): string {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const colour = suit === 'H' || suit === 'D' ? '#c8102e' : '#111';
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
    <rect x="-26" y="-38" width="52" height="76" rx="6" fill="#fff" stroke="#d9d2c0" stroke-width="1.5"/>
    <text x="-20" y="-20" font-family="Georgia,serif" font-size="15" font-weight="700" fill="${colour}">${rank}</text>
    <text x="-20" y="-6" font-family="serif" font-size="12" fill="${colour}">${SUIT_GLYPH[suit]}</text>
    <text x="0" y="18" text-anchor="middle" font-family="serif" font-size="30" fill="${colour}">${SUIT_GLYPH[suit]}</text>
  </g>`;
}

const POCKET_FILL = { red: '#c8102e', black: '#161616', green: '#0b7a3b' } as const;

/** A roulette wheel of radius r at (cx, cy): the 37 pockets in their order round it. */
function wheelSvg(cx: number, cy: number, r: number): string {
  const step = (2 * Math.PI) / WHEEL_ORDER.length;
  const at = (radius: number, a: number) =>
    `${(cx + radius * Math.sin(a)).toFixed(1)} ${(cy - radius * Math.cos(a)).toFixed(1)}`;
  const pockets = WHEEL_ORDER.map((n, i) => {
    const [a0, a1] = [(i - 0.5) * step, (i + 0.5) * step];
    const inner = r * 0.62;
    return `<path d="M${at(r, a0)}A${r} ${r} 0 0 1 ${at(r, a1)}L${at(inner, a1)}A${inner} ${inner} 0 0 0 ${at(inner, a0)}Z" fill="${POCKET_FILL[pocketColour(n)]}" stroke="#d9b45a" stroke-width=".6"/>`;
  }).join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r + 7}" fill="#5a3a1c" stroke="#e8c872" stroke-width="1.5"/>${pockets}
    <circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="#6b4420" stroke="#d9b45a"/>
    <path d="M${cx - r * 0.3} ${cy}H${cx + r * 0.3}M${cx} ${cy - r * 0.3}V${cy + r * 0.3}" stroke="#e8c872" stroke-width="3" stroke-linecap="round"/>
    <circle cx="${cx}" cy="${cy - r * 0.8}" r="4" fill="#fafafa"/>`;
}

/** The tile's SVG of a table (any code: an unknown one gets a plain felt with its name). */
export function casinoTableArt(code: string, name: string): string {
  const look = LOOK[code] ?? {
    felt: ['#2b5d3a', '#0f2616'] as [string, string],
    cards: ['AS'],
    emblem: name.toUpperCase(),
  };
  const n = look.cards.length;
  const centre = look.wheel
    ? wheelSvg(160, 80, 62)
    : look.cards
        .map((c, i) =>
          cardSvg(c, 160 + (i - (n - 1) / 2) * 34, 84 + Math.abs(i - (n - 1) / 2) * 4, (i - (n - 1) / 2) * 12),
        )
        .join('');
  const emblem = escape(look.emblem);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200">
  <defs>
    <radialGradient id="felt" cx="50%" cy="35%" r="80%"><stop offset="0" stop-color="${look.felt[0]}"/><stop offset="1" stop-color="${look.felt[1]}"/></radialGradient>
  </defs>
  <rect width="320" height="200" fill="url(#felt)"/>
  <ellipse cx="160" cy="92" rx="138" ry="70" fill="none" stroke="#e8c872" stroke-opacity=".45" stroke-width="2"/>
  ${centre}
  <rect x="0" y="152" width="320" height="48" fill="#000" fill-opacity=".45"/>
  <text x="160" y="182" text-anchor="middle" font-family="Verdana,sans-serif" font-size="${emblem.length > 14 ? 15 : 19}" font-weight="700" letter-spacing="1.5" fill="#f4d27a">${emblem}</text>
</svg>`;
}

export const casinoTableImage = (code: string, name: string): string =>
  `data:image/svg+xml;utf8,${encodeURIComponent(casinoTableArt(code, name))}`;
