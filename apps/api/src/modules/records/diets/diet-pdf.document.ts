import { createRequire } from 'node:module';
import { Document, Font, Page, Path, renderToBuffer, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { brandMark } from '@vetboard/contract';
import { type ComponentProps, createElement as h, type ReactElement, type ReactNode } from 'react';

/** Everything the PDF shows, already formatted: its hash tells whether a stored PDF is still current. */
export interface DietPdfData {
  productName: string;
  kind: string;
  nutrientProfile: string;
  status: string;
  pet: { name: string; species: string; breed: string; age: string; weight: string };
  owner: string;
  vet: string;
  mealsPerDay: number;
  ingredients: Array<{ name: string; grams: string; asEntered: string; perMeal: string }>;
  totalGrams: string;
  perMealGrams: string;
  energy: { dietKcal: string; targetKcal: string; percentOfTarget: string };
  feedingInstructions: string;
  formulatedOn: string;
  nextAssessmentOn: string;
}

const FAMILY = 'Montserrat';
let fontsRegistered = false;

// The .woff files: fontkit crashes on .woff2 (STACK-NOTES).
function registerFonts(): void {
  if (fontsRegistered) return;
  const require = createRequire(import.meta.url);
  const file = (weight: number) =>
    require.resolve(`@fontsource/montserrat/files/montserrat-latin-${weight}-normal.woff`);
  Font.register({
    family: FAMILY,
    fonts: [
      { src: file(400), fontWeight: 400 },
      { src: file(600), fontWeight: 600 },
      { src: file(700), fontWeight: 700 },
    ],
  });
  // Words are never split with hyphens: ingredient names and pet names stay readable.
  Font.registerHyphenationCallback((word) => [word]);
  fontsRegistered = true;
}

/** The dashboard's teal and heart mark, so the PDF an owner gets carries the app's own logo. */
const BRAND = brandMark.color;
const INK = '#212529';
const MUTED = '#868e96';
const LINE = '#dee2e6';

const styles = StyleSheet.create({
  page: {
    fontFamily: FAMILY,
    fontSize: 10,
    color: INK,
    paddingTop: 36,
    paddingBottom: 48,
    paddingHorizontal: 40,
  },
  header: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    borderBottomWidth: 2,
    borderBottomColor: BRAND,
    paddingBottom: 10,
    marginBottom: 18,
  },
  logo: { flexDirection: 'row', alignItems: 'center' },
  logoMark: {
    width: 26,
    height: 26,
    borderRadius: 6,
    backgroundColor: BRAND,
    alignItems: 'center',
    justifyContent: 'center',
    marginRight: 8,
  },
  logoText: { fontSize: 16, fontWeight: 700, color: BRAND },
  headerRight: { fontSize: 9, color: MUTED, textAlign: 'right' },
  title: { fontSize: 18, fontWeight: 700, marginBottom: 4 },
  subtitle: { fontSize: 10, color: MUTED, marginBottom: 16 },
  cards: { flexDirection: 'row', marginBottom: 16 },
  card: { flexGrow: 1, flexBasis: 0, borderWidth: 1, borderColor: LINE, borderRadius: 4, padding: 10 },
  cardGap: { width: 12 },
  cardTitle: { fontSize: 8, fontWeight: 600, color: MUTED, textTransform: 'uppercase', marginBottom: 6 },
  row: { flexDirection: 'row', marginBottom: 3 },
  label: { color: MUTED },
  value: { flexGrow: 1, flexBasis: 0, fontWeight: 600 },
  sectionTitle: { fontSize: 12, fontWeight: 700, marginTop: 4, marginBottom: 8 },
  table: { borderWidth: 1, borderColor: LINE, borderRadius: 4, marginBottom: 16 },
  tr: { flexDirection: 'row', borderTopWidth: 1, borderTopColor: LINE },
  th: { flexDirection: 'row', backgroundColor: '#f1f3f5' },
  thText: { fontWeight: 600, fontSize: 9 },
  colName: { flexGrow: 1, flexBasis: 0, padding: 6 },
  colNum: { width: 90, padding: 6, textAlign: 'right' },
  total: { fontWeight: 700 },
  energy: { flexDirection: 'row', marginBottom: 16 },
  energyBox: { flexGrow: 1, flexBasis: 0, backgroundColor: '#e7f5ff', borderRadius: 4, padding: 10 },
  energyValue: { fontSize: 16, fontWeight: 700, color: BRAND },
  energyLabel: { fontSize: 8, color: MUTED, textTransform: 'uppercase', marginBottom: 2 },
  instructions: { lineHeight: '15pt', marginBottom: 16 },
  footer: {
    position: 'absolute',
    bottom: 20,
    left: 40,
    right: 40,
    fontSize: 8,
    color: MUTED,
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
});

type PdfStyle = ComponentProps<typeof View>['style'];

const text = (style: PdfStyle, children: ReactNode) => h(Text, { style }, children);

function infoRow(label: string, value: string, labelWidth: number): ReactElement {
  return h(
    View,
    { style: styles.row, key: label },
    text([styles.label, { width: labelWidth }], label),
    text(styles.value, value),
  );
}

function card(title: string, rows: Array<[string, string]>, labelWidth: number): ReactElement {
  return h(
    View,
    { style: styles.card },
    text(styles.cardTitle, title),
    ...rows.map(([label, value]) => infoRow(label, value, labelWidth)),
  );
}

function energyBox(label: string, value: string): ReactElement {
  return h(
    View,
    { style: styles.energyBox },
    text(styles.energyLabel, label),
    text(styles.energyValue, value),
  );
}

export function DietPdfDocument({ data }: { data: DietPdfData }): ReactElement {
  const header = h(
    View,
    { style: styles.header, fixed: true },
    h(
      View,
      { style: styles.logo },
      h(
        View,
        { style: styles.logoMark },
        h(
          Svg,
          { viewBox: brandMark.viewBox, width: 18, height: 18 },
          ...brandMark.paths.map((d) =>
            h(Path, {
              key: d,
              d,
              stroke: '#ffffff',
              strokeWidth: brandMark.strokeWidth,
              fill: 'none',
              strokeLinecap: 'round',
              strokeLinejoin: 'round',
            }),
          ),
        ),
      ),
      text(styles.logoText, data.productName),
    ),
    text(styles.headerRight, `${data.kind} diet · ${data.status}`),
  );

  const ingredientRows = data.ingredients.map((item, index) =>
    h(
      View,
      { style: styles.tr, key: String(index), wrap: false },
      text(styles.colName, item.name),
      text(styles.colNum, item.grams),
      text(styles.colNum, item.asEntered),
      text(styles.colNum, item.perMeal),
    ),
  );
  const table = h(
    View,
    { style: styles.table },
    h(
      View,
      { style: styles.th },
      text([styles.colName, styles.thText], 'Ingredient'),
      text([styles.colNum, styles.thText], 'Per day'),
      text([styles.colNum, styles.thText], 'As measured'),
      text([styles.colNum, styles.thText], `Per meal (×${data.mealsPerDay})`),
    ),
    ...ingredientRows,
    h(
      View,
      { style: styles.tr },
      text([styles.colName, styles.total], 'Total'),
      text([styles.colNum, styles.total], data.totalGrams),
      text(styles.colNum, ''),
      text([styles.colNum, styles.total], data.perMealGrams),
    ),
  );

  return h(
    Document,
    {
      title: `${data.pet.name} – ${data.kind} diet`,
      author: data.vet,
      creator: data.productName,
      producer: data.productName,
    },
    h(
      Page,
      { size: 'A4', style: styles.page },
      header,
      text(styles.title, `${data.pet.name}'s ${data.kind.toLowerCase()} diet`),
      text(styles.subtitle, `Nutrient profile: ${data.nutrientProfile} · ${data.mealsPerDay} meals a day`),
      h(
        View,
        { style: styles.cards },
        card(
          'Pet',
          [
            ['Name', data.pet.name],
            ['Species', data.pet.species],
            ['Breed', data.pet.breed],
            ['Age', data.pet.age],
            ['Weight', data.pet.weight],
          ],
          62,
        ),
        h(View, { style: styles.cardGap }),
        card(
          'Plan',
          [
            ['Owner', data.owner],
            ['Vet', data.vet],
            ['Formulated', data.formulatedOn],
            ['Next assessment', data.nextAssessmentOn],
          ],
          92,
        ),
      ),
      text(styles.sectionTitle, 'Daily ingredients'),
      table,
      h(
        View,
        { style: styles.energy, wrap: false },
        energyBox('Diet energy per day', data.energy.dietKcal),
        h(View, { style: styles.cardGap }),
        energyBox('Daily target', data.energy.targetKcal),
        h(View, { style: styles.cardGap }),
        energyBox('Of target', data.energy.percentOfTarget),
      ),
      text(styles.sectionTitle, 'Feeding instructions'),
      text(styles.instructions, data.feedingInstructions),
      h(
        View,
        { style: styles.footer, fixed: true },
        text({}, `${data.productName} · ${data.pet.name}'s diet`),
        h(Text, { render: ({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}` }),
      ),
    ),
  );
}

export async function renderDietPdf(data: DietPdfData): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(h(DietPdfDocument, { data }) as Parameters<typeof renderToBuffer>[0]);
}
