import { createRequire } from 'node:module';
import { Document, Font, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { brandMark } from '@vetboard/contract';
import { type ComponentProps, createElement as h, type ReactElement, type ReactNode } from 'react';
import type { WeeklyReportView } from './weekly-reports.view.ts';

/** The owner's copy of a weekly report, laid out like the diet PDF (same font, brand colour, header). */

const FAMILY = 'Montserrat';
let fontsRegistered = false;

// The .woff files: fontkit crashes on .woff2 (as for the diet PDF).
function registerFonts(): void {
  if (fontsRegistered) return;
  const require = createRequire(import.meta.url);
  const file = (weight: number) =>
    require.resolve(`@fontsource/montserrat/files/montserrat-latin-${weight}-normal.woff`);
  Font.register({
    family: FAMILY,
    fonts: [
      { src: file(400), fontWeight: 400 },
      { src: file(700), fontWeight: 700 },
    ],
  });
  Font.registerHyphenationCallback((word) => [word]);
  fontsRegistered = true;
}

const BRAND = brandMark.color;
const MUTED = '#868e96';
const LINE = '#dee2e6';

const styles = StyleSheet.create({
  page: { fontFamily: FAMILY, fontSize: 10, color: '#212529', paddingVertical: 36, paddingHorizontal: 40 },
  header: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 2,
    borderBottomColor: BRAND,
    paddingBottom: 10,
    marginBottom: 18,
  },
  brand: { fontSize: 16, fontWeight: 700, color: BRAND },
  headerRight: { fontSize: 9, color: MUTED },
  title: { fontSize: 18, fontWeight: 700, marginBottom: 4 },
  subtitle: { fontSize: 10, color: MUTED, marginBottom: 16 },
  comment: { backgroundColor: '#e6fcf5', borderRadius: 4, padding: 10, marginBottom: 16, lineHeight: '15pt' },
  sectionTitle: { fontSize: 12, fontWeight: 700, marginBottom: 8 },
  table: { borderWidth: 1, borderColor: LINE, borderRadius: 4, marginBottom: 16 },
  tr: { flexDirection: 'row', borderTopWidth: 1, borderTopColor: LINE },
  th: { flexDirection: 'row', backgroundColor: '#f1f3f5' },
  thText: { fontWeight: 700, fontSize: 9 },
  first: { flexGrow: 1, flexBasis: 0, padding: 6 },
  cell: { width: 80, padding: 6, textAlign: 'right' },
  fact: { flexDirection: 'row', marginBottom: 4 },
  factLabel: { width: 120, color: MUTED },
  factValue: { flexGrow: 1, flexBasis: 0, fontWeight: 700 },
});

type PdfStyle = ComponentProps<typeof View>['style'];
const text = (style: PdfStyle, children: ReactNode) => h(Text, { style }, children);

function WeeklyReportPdf({
  view,
  productName,
}: {
  view: WeeklyReportView;
  productName: string;
}): ReactElement {
  const row = (cells: string[], header: boolean, key: string) =>
    h(
      View,
      { style: header ? styles.th : styles.tr, key, wrap: false },
      ...cells.map((cell, index) =>
        text(
          index === 0
            ? [styles.first, header ? styles.thText : {}]
            : [styles.cell, index === 1 ? { width: 115 } : {}, header ? styles.thText : {}],
          cell,
        ),
      ),
    );
  return h(
    Document,
    { title: `${view.title} (${view.period})`, author: productName },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(
        View,
        { style: styles.header },
        text(styles.brand, productName),
        text(styles.headerRight, 'Weekly report'),
      ),
      text(styles.title, view.title),
      text(styles.subtitle, view.period),
      view.comment ? h(View, { style: styles.comment }, text({}, view.comment)) : null,
      text(styles.sectionTitle, 'Trackers'),
      view.trackerRows.length === 0
        ? text([styles.subtitle], 'No tracker data this week.')
        : h(
            View,
            { style: styles.table },
            row(view.trackerColumns, true, 'head'),
            ...view.trackerRows.map((cells, index) => row(cells, false, String(index))),
          ),
      text(styles.sectionTitle, 'This week'),
      ...view.facts.map(([label, value]) =>
        h(
          View,
          { style: styles.fact, key: label },
          text(styles.factLabel, label),
          text(styles.factValue, value),
        ),
      ),
    ),
  );
}

export async function renderWeeklyReportPdf(view: WeeklyReportView, productName: string): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(h(WeeklyReportPdf, { view, productName }) as Parameters<typeof renderToBuffer>[0]);
}

export function weeklyReportPdfFilename(petName: string, week: string): string {
  const safe = petName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'pet';
  return `${safe}-weekly-report-${week}.pdf`;
}
