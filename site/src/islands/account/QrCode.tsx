import { encode } from 'uqr';

/** A QR code drawn as SVG squares from the encoded matrix (no markup strings, no canvas). */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  const n = data.length;
  const cells: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}
