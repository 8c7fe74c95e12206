/** Tile pictures the product draws itself (SVG), by kind of game; a game of another kind gets its initials. */
import type { ReactNode } from 'react';

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
/** The wheel's pockets in order, from zero. */
const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];

/** A tile's picture: 4:3, its background colour, the art drawn on a 120 x 120 square in the middle. */
function Art({ background, children }: { background: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true">
      <rect width="160" height="120" fill={background} />
      <g transform="translate(20 0)">{children}</g>
    </svg>
  );
}

function Roulette() {
  const slice = (2 * Math.PI) / WHEEL.length;
  const point = (r: number, a: number) => `${60 + r * Math.sin(a)},${60 - r * Math.cos(a)}`;
  return (
    <Art background="#0f4d3b">
      <circle cx="60" cy="60" r="54" fill="#5a3a1a" />
      {WHEEL.map((n, i) => (
        <path
          key={n}
          d={`M60,60 L${point(48, i * slice)} A48,48 0 0 1 ${point(48, (i + 1) * slice)} Z`}
          fill={n === 0 ? '#1e8449' : RED.includes(n) ? '#c0392b' : '#1b1b1b'}
        />
      ))}
      <circle cx="60" cy="60" r="26" fill="#8e6a2e" />
      <circle cx="60" cy="60" r="8" fill="#f5c542" />
      <circle cx="60" cy="18" r="4" fill="#fff" />
    </Art>
  );
}

function Slot() {
  return (
    <Art background="#4a1d5e">
      <rect x="8" y="26" width="104" height="68" rx="8" fill="#f5c542" />
      {[14, 48, 82].map((x) => (
        <g key={x}>
          <rect x={x} y="32" width="24" height="56" rx="4" fill="#fff" />
          <text x={x + 12} y="70" fontSize="26" fontWeight="800" textAnchor="middle" fill="#c0392b">
            7
          </text>
        </g>
      ))}
      <rect x="10" y="58" width="100" height="3" fill="#c0392b" opacity="0.6" />
      <text x="60" y="18" fontSize="12" fontWeight="700" textAnchor="middle" fill="#f5c542">
        LOTUS
      </text>
    </Art>
  );
}

function Crash() {
  return (
    <Art background="#10213f">
      {[20, 45, 70, 95].map((x) => (
        <circle key={x} cx={x} cy={((x * 7) % 50) + 8} r="1.2" fill="#fff" />
      ))}
      <path d="M8 110 Q70 106 104 30" fill="none" stroke="#f5c542" strokeWidth="4" />
      <path d="M100 22 l12 -8 l-3 14 z" fill="#e74c3c" />
      <text x="12" y="40" fontSize="20" fontWeight="800" fill="#fff">
        2.37x
      </text>
    </Art>
  );
}

function Initials({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 3)
    .toUpperCase();
  return (
    <Art background="#14606f">
      <text x="60" y="72" fontSize="32" fontWeight="800" textAnchor="middle" fill="#ffc629">
        {initials}
      </text>
    </Art>
  );
}

export function GameArt({ category, subCategory, name }: { category: string; subCategory: string; name: string }) {
  if (/roulette/i.test(subCategory)) return <Roulette />;
  if (/slot/i.test(category)) return <Slot />;
  if (/crash/i.test(category)) return <Crash />;
  return <Initials name={name} />;
}
