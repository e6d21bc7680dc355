import type { MarkerGroup } from './event-markers.ts';

/** A marker's shape and colour as the chart draws it, for the legend and the events list. */
export function MarkerSwatch({ group, size = 12 }: { group: MarkerGroup; size?: number }) {
  const { color } = group;
  let shape: React.ReactNode;
  switch (group.shape) {
    case 'flag':
      shape = (
        <>
          <line x1="2.5" y1="1" x2="2.5" y2="11" stroke={color} strokeWidth="1.5" />
          <path d="M2.5 1 L11 4 L2.5 7 Z" fill={color} />
        </>
      );
      break;
    case 'circle':
      shape = <circle cx="6" cy="6" r="4.5" fill={color} />;
      break;
    case 'rect':
      shape = <rect x="2" y="2" width="8" height="8" fill={color} />;
      break;
    case 'triangle':
      shape = <path d="M6 1.5 L10.5 10 L1.5 10 Z" fill={color} />;
      break;
    case 'rectRot':
      shape = <path d="M6 1 L11 6 L6 11 L1 6 Z" fill={color} />;
      break;
    case 'star':
      // Chart.js's star is an asterisk of four strokes.
      shape = (
        <path d="M6 1 V11 M1 6 H11 M2.5 2.5 L9.5 9.5 M9.5 2.5 L2.5 9.5" stroke={color} strokeWidth="1.8" />
      );
      break;
    case 'crossRot':
      shape = <path d="M2.5 2.5 L9.5 9.5 M9.5 2.5 L2.5 9.5" stroke={color} strokeWidth="2" />;
      break;
  }
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 12 12"
      aria-hidden
      focusable="false"
      style={{ flexShrink: 0, display: 'block' }}
    >
      {shape}
    </svg>
  );
}
