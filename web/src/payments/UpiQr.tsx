import { useMemo } from 'react';
import { encode } from 'uqr';

/** Pixels per QR module: sharp when scanned from a phone held to the screen. */
const SCALE = 6;

/** The QR code of `value` drawn on a canvas, as a PNG data: URL (the CSP allows data: images; no outside service). */
function qrPng(value: string): { src: string; side: number } {
  const qr = encode(value, { ecc: 'M', border: 3 });
  const side = qr.size * SCALE;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, side, side);
  g.fillStyle = '#000';
  qr.data.forEach((row, y) => row.forEach((dark, x) => dark && g.fillRect(x * SCALE, y * SCALE, SCALE, SCALE)));
  return { src: canvas.toDataURL('image/png'), side };
}

/**
 * A UPI payment QR code as an image: a player paying from the same phone can long-press to save it
 * and pick it in the UPI app, which an SVG drawn in the page would not allow.
 */
export function UpiQr({ link, label }: { link: string; label: string }) {
  const { src, side } = useMemo(() => qrPng(link), [link]);
  return <img className="upi-qr" src={src} alt={label} width={side} height={side} data-upi-link={link} />;
}
