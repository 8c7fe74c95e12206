import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code drawn as one SVG path, so it stays sharp at any size and needs no image service. */
export function QrCode({ value, size = 200, label }: { value: string; size?: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, modules: qr.size };
  }, [value]);
  // Whole pixels per module, so every module is drawn the same size.
  const side = modules * Math.max(2, Math.floor(size / modules));
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={side}
      height={side}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#0b2b3a" />
    </svg>
  );
}
