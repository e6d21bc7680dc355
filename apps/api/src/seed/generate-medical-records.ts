import { createHash } from 'node:crypto';
import type { LabelColor } from '@vetboard/contract';
import type { Tx } from '../db/client.ts';
import { bulkInsert } from './bulk-insert.ts';
import { DAY_MS, isoDate } from './demo-dates.ts';
import type { DemoData, DemoPetRow } from './generate.ts';
import { drawPhoto } from './generate-journal.ts';
import { createSeededRandom, deriveSeed, type SeededRandom } from './seeded-random.ts';
import { LUNA, SHOWCASE_PETS } from './showcase.ts';

/** Demo pets with medical records per unit of scale (Luna comes on top). */
export const RECORD_PETS_PER_SCALE = 150;

export const DEMO_LABELS: ReadonlyArray<{ id: string; name: string; color: LabelColor }> = [
  { id: '0190b3c2-4e5a-7a01-8c11-000000000071', name: 'Cardiology', color: 'red' },
  { id: '0190b3c2-4e5a-7a01-8c11-000000000072', name: 'Bloodwork', color: 'grape' },
  { id: '0190b3c2-4e5a-7a01-8c11-000000000073', name: 'Imaging', color: 'indigo' },
  { id: '0190b3c2-4e5a-7a01-8c11-000000000074', name: 'Dermatology', color: 'orange' },
  { id: '0190b3c2-4e5a-7a01-8c11-000000000075', name: 'Invoice', color: 'gray' },
  { id: '0190b3c2-4e5a-7a01-8c11-000000000076', name: 'Vaccination', color: 'teal' },
];
const label = (name: string) => DEMO_LABELS.find((l) => l.name === name)?.id ?? '';

/** Luna's cardiac echo report (a PDF), labelled Cardiology; fixed id for docs and tests. */
export const LUNA_ECHO_RECORD_ID = '0190b3c2-4e5a-7a01-8c11-000000000081';

export interface DemoRecordRow {
  id: string;
  petId: string;
  title: string;
  documentDate: string;
  fileId: string;
  filename: string;
  content: Buffer;
  contentType: 'application/pdf' | 'image/png';
  status: 'pending' | 'reviewed';
  uploadedBy: 'vet' | 'owner';
  uploadedByVetId: string | null;
  uploadedAt: Date;
  reviewedByVetId: string | null;
  reviewedAt: Date | null;
  labelIds: string[];
}

const pdfText = (value: string) => value.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A real one-page PDF (Helvetica, A4) with a title and lines of text: what a lab or a referral practice
 * sends. Written by hand, so the seed needs no renderer and stays fast.
 */
export function drawPdf(title: string, lines: string[]): Buffer {
  const body = [
    'BT /F2 16 Tf 56 780 Td',
    `(${pdfText(title)}) Tj`,
    'ET',
    'BT /F1 10 Tf 56 750 Td 14 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

interface Panel {
  title: string;
  labels: string[];
  lines: (pet: DemoPetRow, random: SeededRandom) => string[];
}

/** A result mostly within its reference range, now and then a little outside. */
const value = (random: SeededRandom, low: number, high: number, digits = 1) =>
  random.float(low * 0.9, high * 1.1).toFixed(digits);

const PANELS: Panel[] = [
  {
    title: 'Haematology and biochemistry',
    labels: ['Bloodwork'],
    lines: (pet, random) => [
      `Patient: ${pet.name} (${pet.species})`,
      'Test                     Result     Reference',
      `Haematocrit (%)          ${value(random, 37, 55)}       37 - 55`,
      `Haemoglobin (g/dL)       ${value(random, 12, 18)}       12 - 18`,
      `White cells (x10^9/L)    ${value(random, 6, 17)}       6 - 17`,
      `Platelets (x10^9/L)      ${value(random, 200, 500, 0)}        200 - 500`,
      `Urea (mmol/L)            ${value(random, 2.5, 9.6)}        2.5 - 9.6`,
      `Creatinine (umol/L)      ${value(random, 44, 159, 0)}        44 - 159`,
      `ALT (U/L)                ${value(random, 10, 125, 0)}        10 - 125`,
      `Glucose (mmol/L)         ${value(random, 4.1, 7.9)}        4.1 - 7.9`,
      'Comment: values outside the reference range are to be read with the clinical picture.',
    ],
  },
  {
    title: 'Urinalysis',
    labels: ['Bloodwork'],
    lines: (pet, random) => [
      `Patient: ${pet.name}`,
      `Specific gravity         ${value(random, 1.015, 1.045, 3)}`,
      'Protein                  negative',
      'Glucose                  negative',
      `pH                       ${value(random, 5.5, 7.5)}`,
      'Sediment: no crystals, no casts.',
    ],
  },
  {
    title: 'Thoracic radiographs report',
    labels: ['Imaging'],
    lines: (pet) => [
      `Patient: ${pet.name}`,
      'Views: right lateral and ventrodorsal.',
      'Cardiac silhouette within normal limits (VHS 10.2).',
      'Lung fields: no alveolar pattern; mild bronchial pattern.',
      'Conclusion: no radiographic evidence of congestive heart failure.',
    ],
  },
  {
    title: 'Skin cytology',
    labels: ['Dermatology'],
    lines: (pet) => [
      `Patient: ${pet.name}`,
      'Site: interdigital, left fore.',
      'Findings: moderate numbers of Malassezia, few cocci, neutrophils.',
      'Interpretation: yeast overgrowth, likely secondary to atopy.',
    ],
  },
  {
    title: 'Invoice',
    labels: ['Invoice'],
    lines: (pet, random) => [
      `Patient: ${pet.name}`,
      `Consultation                           ${value(random, 45, 60, 2)} EUR`,
      `Laboratory fees                        ${value(random, 60, 140, 2)} EUR`,
      'Paid by card.',
    ],
  },
  {
    title: 'Vaccination certificate',
    labels: ['Vaccination'],
    lines: (pet) => [
      `Patient: ${pet.name}`,
      'Vaccine: DHPPi + L4, batch A1234B.',
      'Next booster due in twelve months.',
    ],
  },
];

/** How an owner's phone photo of a red, itchy patch of skin looks (see drawPhoto). */
const SKIN_LESION = { ground: [226, 184, 160], spot: [200, 60, 60] };

/**
 * Medical records for many pets over the last year, labelled and not, pending and reviewed, uploaded
 * by vets and by owners; each a generated one-page PDF of a lab panel, report or invoice, or now and then
 * an owner's photo (PNG). Luna has her cardiac echo report, labelled Cardiology.
 */
export function generateMedicalRecords(
  data: DemoData,
  options: { seed: number; scale: number; end: Date },
): DemoRecordRow[] {
  const { seed, scale, end } = options;
  const random = createSeededRandom(deriveSeed(seed, 'medical-records'));
  const vets = data.vets.filter((vet) => vet.kind === 'regular' || vet.kind === 'head');
  const showcase = new Set(SHOWCASE_PETS.map((pet) => pet.id));
  const pets = random.sample(
    data.pets.filter((pet) => !showcase.has(pet.id)),
    RECORD_PETS_PER_SCALE * scale,
  );
  // Photos come from a stream of their own, so adding them left every other record as it was.
  const photos = createSeededRandom(deriveSeed(seed, 'medical-record-photos'));
  const rows: DemoRecordRow[] = [];
  for (const pet of pets) {
    const count = random.int(1, 3);
    for (let n = 0; n < count; n += 1) {
      const panel = random.pick(PANELS);
      const uploadedAt = new Date(end.getTime() - random.float(0.05, 365) * DAY_MS);
      const waited = (end.getTime() - uploadedAt.getTime()) / DAY_MS;
      const reviewed = random.chance(waited > 14 ? 0.95 : waited > 3 ? 0.6 : 0.2);
      const byOwner = random.chance(0.3);
      const vet = random.pick(vets).id;
      const labelled = reviewed || random.chance(0.3);
      // Now and then an owner sends a photo of what worries them instead of a lab's PDF.
      const photo = byOwner && photos.chance(0.25);
      const title = photo ? 'Photo of a skin lesion' : panel.title;
      const content = photo ? drawPhoto(SKIN_LESION, photos) : drawPdf(panel.title, panel.lines(pet, random));
      rows.push({
        id: random.uuidV7(uploadedAt),
        petId: pet.id,
        title,
        documentDate: isoDate(new Date(uploadedAt.getTime() - random.float(0, 5) * DAY_MS)),
        fileId: random.uuidV7(uploadedAt),
        filename: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${isoDate(uploadedAt)}.${photo ? 'png' : 'pdf'}`,
        content,
        contentType: photo ? 'image/png' : 'application/pdf',
        status: reviewed ? 'reviewed' : 'pending',
        uploadedBy: byOwner ? 'owner' : 'vet',
        uploadedByVetId: byOwner ? null : vet,
        uploadedAt,
        reviewedByVetId: reviewed ? vet : null,
        reviewedAt: reviewed ? new Date(uploadedAt.getTime() + random.float(1, 48) * 3_600_000) : null,
        labelIds: labelled ? (photo ? [label('Dermatology')] : panel.labels.map(label)) : [],
      });
    }
  }
  const echoAt = new Date(end.getTime() - 20 * DAY_MS);
  rows.push({
    id: LUNA_ECHO_RECORD_ID,
    petId: LUNA.id,
    title: 'Cardiac echo report',
    documentDate: isoDate(echoAt),
    fileId: '0190b3c2-4e5a-7a01-8c11-000000000082',
    filename: 'luna-echocardiography.pdf',
    content: drawPdf('Echocardiography report', [
      'Patient: Luna, Cavalier King Charles Spaniel, female spayed',
      'Referring vet: Helena Marsh',
      'Mitral valve: thickened leaflets with prolapse; moderate mitral regurgitation.',
      'Left atrium to aorta ratio (LA:Ao): 1.7 (normal below 1.6).',
      'Left ventricular internal diameter in diastole, normalised (LVIDDn): 1.75.',
      'Tricuspid valve: mild regurgitation. No pericardial effusion.',
      'Conclusion: myxomatous mitral valve disease, ACVIM stage B2.',
      'Recommendation: start pimobendan; recheck echocardiography in six months;',
      'owner to count the sleeping respiratory rate at home (call above 35 a minute).',
    ]),
    contentType: 'application/pdf',
    status: 'reviewed',
    uploadedBy: 'vet',
    uploadedByVetId: vets[0]?.id ?? null,
    uploadedAt: echoAt,
    reviewedByVetId: vets[0]?.id ?? null,
    reviewedAt: new Date(echoAt.getTime() + 3_600_000),
    labelIds: [label('Cardiology'), label('Imaging')],
  });
  return rows;
}

export async function insertDemoMedicalRecords(
  tx: Tx,
  rows: DemoRecordRow[],
  createdAt: Date,
): Promise<void> {
  await bulkInsert(
    tx,
    'labels',
    [
      { name: 'id', type: 'uuid', value: (l) => l.id },
      { name: 'name', type: 'text', value: (l) => l.name },
      { name: 'color', type: 'text', value: (l) => l.color },
      { name: 'created_at', type: 'timestamptz', value: () => createdAt.toISOString() },
    ],
    DEMO_LABELS,
  );
  await bulkInsert(
    tx,
    'files',
    [
      { name: 'id', type: 'uuid', value: (r) => r.fileId },
      { name: 'purpose', type: 'text', value: () => 'medical_record' },
      { name: 'content_type', type: 'text', value: (r) => r.contentType },
      {
        name: 'filename',
        type: 'text',
        value: (r) => `record-${r.id}.${r.contentType === 'image/png' ? 'png' : 'pdf'}`,
      },
      { name: 'size', type: 'smallint', select: (v) => `${v}::int`, value: (r) => r.content.length },
      { name: 'sha256', type: 'text', value: (r) => createHash('sha256').update(r.content).digest('hex') },
      {
        name: 'content',
        type: 'text',
        select: (v) => `decode(${v}, 'base64')`,
        value: (r) => r.content.toString('base64'),
      },
      { name: 'pet_id', type: 'uuid', value: (r) => r.petId },
      { name: 'uploaded_by_vet_id', type: 'uuid', value: (r) => r.uploadedByVetId },
      {
        name: 'uploaded_by',
        type: 'text',
        value: (r) => (r.uploadedBy === 'vet' ? 'vet' : 'integration:Owner app'),
      },
      { name: 'created_at', type: 'timestamptz', value: (r) => r.uploadedAt.toISOString() },
    ],
    rows,
  );
  await bulkInsert(
    tx,
    'medical_records',
    [
      { name: 'id', type: 'uuid', value: (r) => r.id },
      { name: 'pet_id', type: 'uuid', value: (r) => r.petId },
      { name: 'title', type: 'text', value: (r) => r.title },
      { name: 'document_date', type: 'date', value: (r) => r.documentDate },
      { name: 'file_id', type: 'uuid', value: (r) => r.fileId },
      { name: 'original_filename', type: 'text', value: (r) => r.filename },
      { name: 'status', type: 'text', select: (v) => `${v}::medical_record_status`, value: (r) => r.status },
      { name: 'uploaded_by', type: 'text', value: (r) => r.uploadedBy },
      { name: 'uploaded_by_vet_id', type: 'uuid', value: (r) => r.uploadedByVetId },
      { name: 'uploaded_at', type: 'timestamptz', value: (r) => r.uploadedAt.toISOString() },
      { name: 'reviewed_by_vet_id', type: 'uuid', value: (r) => r.reviewedByVetId },
      { name: 'reviewed_at', type: 'timestamptz', value: (r) => r.reviewedAt?.toISOString() ?? null },
    ],
    rows,
  );
  const links = rows.flatMap((r) => r.labelIds.map((labelId) => ({ recordId: r.id, labelId })));
  await bulkInsert(
    tx,
    'medical_record_labels',
    [
      { name: 'record_id', type: 'uuid', value: (l) => l.recordId },
      { name: 'label_id', type: 'uuid', value: (l) => l.labelId },
    ],
    links,
  );
}
