import { useId } from 'react';
import { pocketColour, WHEEL_ORDER } from '@exch/contracts';

const STEP = 360 / WHEEL_ORDER.length;
const FILL = { red: '#c8102e', black: '#161616', green: '#0b7a3b' } as const;
const at = (r: number, deg: number) => {
  const rad = (deg * Math.PI) / 180;
  return `${(r * Math.sin(rad)).toFixed(2)} ${(-r * Math.cos(rad)).toFixed(2)}`;
};
/** A pocket's slice of the ring between radii r1 and r2, centred on `deg` clockwise from the top. */
const slice = (deg: number, r1: number, r2: number) => {
  const [a0, a1] = [deg - STEP / 2, deg + STEP / 2];
  return `M${at(r2, a0)}A${r2} ${r2} 0 0 1 ${at(r2, a1)}L${at(r1, a1)}A${r1} ${r1} 0 0 0 ${at(r1, a0)}Z`;
};

/**
 * The European wheel as SVG, pockets in their order round it. Once the ball has a pocket the wheel
 * turns it to the top, under the ball, with its number on the hub; until then it rests, ball-less.
 * `data-card` carries the pocket's code, as a dealt card's SVG does.
 */
export function RouletteWheel({ pocket, size = 'normal' }: { pocket: number | null; size?: 'normal' | 'small' }) {
  const cone = `${useId()}-cone`;
  const turn = pocket === null ? 0 : -(720 + WHEEL_ORDER.indexOf(pocket) * STEP);
  const colour = pocket === null ? null : pocketColour(pocket);
  return (
    <svg
      className={`roulette-wheel ${size}${pocket === null ? '' : ' spun'}`}
      viewBox="-100 -100 200 200"
      role="img"
      aria-label={pocket === null ? 'Roulette wheel' : `The ball in ${pocket} ${colour}`}
      data-card={pocket === null ? undefined : String(pocket)}
    >
      <circle r="99" fill="#5a3a1c" />
      <circle r="94" fill="#2a1a0c" stroke="#e8c872" strokeWidth="1.2" />
      <g className="roulette-rotor" style={{ transform: `rotate(${turn}deg)` }}>
        {WHEEL_ORDER.map((n, i) => (
          <g key={n} className={n === pocket ? 'pocket won' : 'pocket'}>
            <path d={slice(i * STEP, 58, 92)} fill={FILL[pocketColour(n)]} stroke="#d9b45a" strokeWidth="0.6" />
            <text
              transform={`rotate(${i * STEP}) translate(0 -80)`}
              textAnchor="middle"
              dominantBaseline="middle"
              fontSize="9"
              fontWeight="700"
              fill="#fff"
            >
              {n}
            </text>
          </g>
        ))}
        <circle r="58" fill="none" stroke="#d9b45a" strokeWidth="1" />
      </g>
      <circle r="50" fill={`url(#${cone})`} />
      <defs>
        <radialGradient id={cone}>
          <stop offset="0" stopColor="#8a5a2b" />
          <stop offset="1" stopColor="#3a2410" />
        </radialGradient>
      </defs>
      {pocket === null ? (
        <g stroke="#e8c872" strokeWidth="3" strokeLinecap="round">
          <line x1="-22" y1="0" x2="22" y2="0" />
          <line x1="0" y1="-22" x2="0" y2="22" />
          <circle r="7" fill="#e8c872" />
        </g>
      ) : (
        <>
          <circle r="30" fill={FILL[colour!]} stroke="#e8c872" strokeWidth="2" />
          <text textAnchor="middle" dominantBaseline="central" fontSize="28" fontWeight="800" fill="#fff">
            {pocket}
          </text>
          <circle className="roulette-ball" cx="0" cy="-66" r="5" fill="#fafafa" stroke="#999" strokeWidth="0.8" />
        </>
      )}
    </svg>
  );
}
