/**
 * The app's logo mark, drawn the same by the dashboard (components/brand/logo.tsx, Tabler's
 * "heartbeat" icon on the clinic teal) and the server (the diet PDF's header): one logo everywhere.
 */
export const brandMark = {
  /** The clinic teal of the dashboard's primary colour (apps/web/src/theme.ts, shade 7). */
  color: '#177a70',
  /** Tabler's IconHeartbeat (MIT), a 24 × 24 stroke drawing: a heart with a pulse line. */
  viewBox: '0 0 24 24',
  strokeWidth: 2,
  paths: [
    'M19.5 13.572l-7.5 7.428l-2.896 -2.868m-6.117 -8.104a5 5 0 0 1 9.013 -3.022a5 5 0 1 1 7.5 6.572',
    'M3 13h2l2 3l2 -6l1 3h3',
  ],
} as const;
