import { createRequire } from 'node:module';
import { Document, Font, Link, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  ASSESSMENT_SECTIONS,
  brandMark,
  type ClinicalDocument,
  isAssessmentContent,
  type RichText,
  type RichTextBlock,
  type RichTextInline,
  type RichTextListItem,
  replacePetNamePlaceholders,
} from '@vetboard/contract';
import { type ComponentProps, createElement as h, type ReactElement, type ReactNode } from 'react';

/**
 * A signed clinical document as a PDF, with the diet PDF's renderer, font (Montserrat, with its italics
 * for the rich text) and header; the signature block closes it. Rich text is drawn node by node from
 * the validated tree, so nothing in it is ever interpreted as markup.
 */

const FAMILY = 'Montserrat';
let fontsRegistered = false;

// The .woff files: fontkit crashes on .woff2 (as for the diet PDF).
function registerFonts(): void {
  if (fontsRegistered) return;
  const require = createRequire(import.meta.url);
  const file = (weight: number, style: 'normal' | 'italic') =>
    require.resolve(`@fontsource/montserrat/files/montserrat-latin-${weight}-${style}.woff`);
  Font.register({
    family: FAMILY,
    fonts: [
      { src: file(400, 'normal'), fontWeight: 400 },
      { src: file(700, 'normal'), fontWeight: 700 },
      { src: file(400, 'italic'), fontWeight: 400, fontStyle: 'italic' },
      { src: file(700, 'italic'), fontWeight: 700, fontStyle: 'italic' },
    ],
  });
  Font.registerHyphenationCallback((word) => [word]);
  fontsRegistered = true;
}

const BRAND = brandMark.color;
const MUTED = '#868e96';
const LINE = '#dee2e6';

const styles = StyleSheet.create({
  page: {
    fontFamily: FAMILY,
    fontSize: 10,
    color: '#212529',
    paddingTop: 36,
    paddingBottom: 48,
    paddingHorizontal: 40,
  },
  header: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 2,
    borderBottomColor: BRAND,
    paddingBottom: 10,
    marginBottom: 18,
  },
  brand: { fontSize: 16, fontWeight: 700, color: BRAND },
  address: { fontSize: 8, color: MUTED, marginTop: 2 },
  patient: {
    flexDirection: 'row',
    borderWidth: 1,
    borderColor: LINE,
    borderRadius: 4,
    padding: 8,
    marginBottom: 14,
  },
  patientColumn: { flexGrow: 1, flexBasis: 0, paddingRight: 8 },
  patientHeading: { fontSize: 9, fontWeight: 700, color: BRAND, marginBottom: 4 },
  patientCell: { flexDirection: 'row', marginBottom: 2 },
  patientLabel: { width: 58, fontSize: 8.5, color: MUTED },
  patientValue: { flexGrow: 1, flexBasis: 0, fontSize: 8.5 },
  headerRight: { fontSize: 9, color: MUTED },
  title: { fontSize: 18, fontWeight: 700, marginBottom: 4 },
  subtitle: { fontSize: 10, color: MUTED, marginBottom: 14 },
  amendment: { backgroundColor: '#fff9db', borderRadius: 4, padding: 8, marginBottom: 14 },
  sectionTitle: { fontSize: 12, fontWeight: 700, color: BRAND, marginTop: 10, marginBottom: 6 },
  h2: { fontSize: 12, fontWeight: 700, marginTop: 8, marginBottom: 4 },
  h3: { fontSize: 11, fontWeight: 700, marginTop: 6, marginBottom: 3 },
  paragraph: { marginBottom: 5, lineHeight: 1.45 },
  listItem: { flexDirection: 'row', marginBottom: 2 },
  bullet: { width: 16 },
  itemBody: { flexGrow: 1, flexBasis: 0 },
  link: { color: BRAND },
  signature: { marginTop: 24, borderTopWidth: 1, borderTopColor: LINE, paddingTop: 10 },
  signatureRow: { flexDirection: 'row', marginBottom: 3 },
  signatureLabel: { width: 110, color: MUTED },
  signatureValue: { flexGrow: 1, flexBasis: 0, fontWeight: 700 },
  footer: {
    position: 'absolute',
    bottom: 20,
    left: 40,
    right: 40,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7,
    color: MUTED,
  },
});

type PdfStyle = ComponentProps<typeof View>['style'];
const text = (style: PdfStyle, children: ReactNode, key?: string) => h(Text, { style, key }, children);

function inline(nodes: readonly RichTextInline[] | undefined, petName: string): ReactNode[] {
  return (nodes ?? []).map((node, index) => {
    if (node.type === 'hardBreak') return '\n';
    const marks = node.marks ?? [];
    // Only a mark sets the weight or style: unmarked text inherits its heading's bold.
    const style = {
      ...(marks.some((mark) => mark.type === 'bold') ? { fontWeight: 700 } : {}),
      ...(marks.some((mark) => mark.type === 'italic') ? { fontStyle: 'italic' as const } : {}),
    };
    const value = replacePetNamePlaceholders(node.text, petName);
    const link = marks.find((mark) => mark.type === 'link');
    if (link?.type === 'link') {
      return h(Link, { key: String(index), src: link.attrs.href, style: [styles.link, style] }, value);
    }
    return text(style, value, String(index));
  });
}

function list(
  block: { type: 'bulletList' | 'orderedList'; content: readonly RichTextListItem[] },
  petName: string,
  key: string,
): ReactElement {
  return h(
    View,
    { key },
    ...block.content.map((item, index) =>
      h(
        View,
        { style: styles.listItem, key: String(index), wrap: false },
        text(styles.bullet, block.type === 'bulletList' ? '•' : `${index + 1}.`),
        h(
          View,
          { style: styles.itemBody },
          ...item.content.map((child, childIndex) =>
            child.type === 'paragraph'
              ? text({}, inline(child.content, petName), String(childIndex))
              : list(child, petName, String(childIndex)),
          ),
        ),
      ),
    ),
  );
}

function block(node: RichTextBlock, petName: string, key: string): ReactElement {
  if (node.type === 'heading') {
    return text(node.attrs.level === 2 ? styles.h2 : styles.h3, inline(node.content, petName), key);
  }
  if (node.type === 'paragraph') return text(styles.paragraph, inline(node.content, petName), key);
  return list(node, petName, key);
}

const isBlank = (doc: RichText) =>
  doc.content.every((node) => node.type === 'paragraph' && !node.content?.length);

const richText = (doc: RichText, petName: string) =>
  isBlank(doc)
    ? [text([styles.paragraph, { color: MUTED }], 'Nothing written.', 'blank')]
    : doc.content.map((node, index) => block(node, petName, String(index)));

/** The patient block's lines, written by the caller from the pet's record at signing. */
export interface ClinicalDocumentPdfPatient {
  name: string;
  species: string;
  breed: string;
  sex: string;
  /** Date of birth and age ("14/03/2018 (8 years 8 months at signing)"). */
  birth: string;
  microchip: string;
  owner: string;
  email: string;
  phone: string;
  home: string;
}

export interface ClinicalDocumentPdfInput {
  document: ClinicalDocument;
  productName: string;
  /** The sender's address under its name (PRODUCT_ADDRESS). */
  productAddress: string;
  patient: ClinicalDocumentPdfPatient;
  /** In the app's DD/MM/YYYY HH:mm, in the pet's zone and naming it ("03/12/2026 09:41 (Europe/London)"). */
  signedAtText: string;
}

function patientBlock(patient: ClinicalDocumentPdfPatient): ReactElement {
  const cell = (label: string, value: string) =>
    h(
      View,
      { style: styles.patientCell, key: label },
      text(styles.patientLabel, label),
      text(styles.patientValue, value),
    );
  return h(
    View,
    { style: styles.patient, wrap: false },
    h(
      View,
      { style: styles.patientColumn },
      text(styles.patientHeading, 'Patient'),
      cell('Name', patient.name),
      cell('Species', patient.species),
      cell('Breed', patient.breed),
      cell('Sex', patient.sex),
      cell('Born', patient.birth),
      cell('Microchip', patient.microchip),
    ),
    h(
      View,
      { style: styles.patientColumn },
      text(styles.patientHeading, 'Owner'),
      cell('Name', patient.owner),
      cell('E-mail', patient.email),
      cell('Phone', patient.phone),
      cell('Home', patient.home),
    ),
  );
}

function ClinicalDocumentPdf({
  document,
  productName,
  productAddress,
  patient,
  signedAtText,
}: ClinicalDocumentPdfInput): ReactElement {
  const petName = document.pet.name;
  const { content } = document;
  const kindLabel = document.kind === 'assessment' ? 'Clinical assessment' : 'Medical report';
  const body = isAssessmentContent(content)
    ? [
        text(styles.sectionTitle, 'Problem list', 'problems-title'),
        content.problems.length === 0
          ? text(styles.paragraph, 'None recorded.', 'problems')
          : list(
              {
                type: 'orderedList',
                content: content.problems.map((problem) => ({
                  type: 'listItem' as const,
                  content: [
                    { type: 'paragraph' as const, content: [{ type: 'text' as const, text: problem }] },
                  ],
                })),
              },
              petName,
              'problems',
            ),
        ...ASSESSMENT_SECTIONS.flatMap(({ key, label }) => [
          text(styles.sectionTitle, label, `${key}-title`),
          h(View, { key }, ...richText(content[key], petName)),
        ]),
      ]
    : richText(content.body, petName);
  const signatureRow = (label: string, value: string) =>
    h(
      View,
      { style: styles.signatureRow, key: label },
      text(styles.signatureLabel, label),
      text(styles.signatureValue, value),
    );
  return h(
    Document,
    { title: `${replacePetNamePlaceholders(document.title, petName)} (${petName})`, author: productName },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(
        View,
        { style: styles.header, fixed: true },
        h(View, {}, text(styles.brand, productName), text(styles.address, productAddress)),
        text(styles.headerRight, `${kindLabel} · version ${document.version}`),
      ),
      text(styles.title, replacePetNamePlaceholders(document.title, petName)),
      text(
        styles.subtitle,
        `${petName} · ${kindLabel} · version ${document.version} · signed ${signedAtText}`,
      ),
      patientBlock(patient),
      document.amendmentReason
        ? h(
            View,
            { style: styles.amendment },
            text({ fontWeight: 700 }, `Amends version ${document.version - 1}`),
            text({}, document.amendmentReason),
          )
        : null,
      ...body,
      h(
        View,
        { style: styles.signature, wrap: false },
        text([styles.sectionTitle, { marginTop: 0 }], 'Signature'),
        signatureRow('Signed by', document.signedBy?.name ?? '—'),
        signatureRow('Signed at', signedAtText),
        signatureRow('Version', String(document.version)),
        signatureRow('SHA-256', (document.contentSha256 ?? '').slice(0, 16)),
      ),
      h(
        View,
        { style: styles.footer, fixed: true },
        text({}, `${petName} · ${kindLabel} v${document.version} · SHA-256 ${document.contentSha256 ?? ''}`),
        h(Text, { render: ({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}` }),
      ),
    ),
  );
}

export async function renderClinicalDocumentPdf(input: ClinicalDocumentPdfInput): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(h(ClinicalDocumentPdf, input) as Parameters<typeof renderToBuffer>[0]);
}

export function clinicalDocumentPdfFilename(document: ClinicalDocument): string {
  const safe = (value: string) => value.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return `${safe(document.pet.name) || 'pet'}-${safe(document.title) || document.kind}-v${document.version}.pdf`;
}
