import {
  type AssessmentContent,
  type ClinicalDocumentContent,
  type ClinicalDocumentKind,
  type ClinicalDocumentStatus,
  REPORT_TEMPLATES,
  type RichText,
  type RichTextBlock,
  type RichTextInline,
} from '@vetboard/contract';
import type { Tx } from '../db/client.ts';
import type { ClinicalDocumentRow } from '../modules/records/clinical-documents/index.ts';
import { clinicalDocumentSha256 } from '../modules/records/clinical-documents/index.ts';
import { bulkInsert } from './bulk-insert.ts';
import { DAY_MS } from './demo-dates.ts';
import type { DemoData, DemoPetRow } from './generate.ts';
import { createSeededRandom, deriveSeed } from './seeded-random.ts';
import { LUNA, SHOWCASE_PETS } from './showcase.ts';

/** Demo pets with assessments or reports, per unit of scale (Luna comes on top). */
export const CLINICAL_DOCUMENT_PETS_PER_SCALE = 60;

/** Luna's documents; fixed ids so docs and browser tests can open them. */
export const LUNA_CLINICAL_DOCUMENT_IDS = {
  /** Her mitral valve disease assessment as first signed… */
  assessmentV1: '0190b3c2-4e5a-7a01-8c11-000000000091',
  /** …and its signed amendment (the pimobendan dose corrected). */
  assessmentV2: '0190b3c2-4e5a-7a01-8c11-000000000092',
  /** The signed cardiology follow-up report. */
  cardiologyReport: '0190b3c2-4e5a-7a01-8c11-000000000093',
} as const;

export type DemoClinicalDocumentRow = ClinicalDocumentRow;

// --- Rich text builders ------------------------------------------------------------------------------

const t = (text: string, ...marks: Array<'bold' | 'italic'>): RichTextInline =>
  marks.length ? { type: 'text', text, marks: marks.map((type) => ({ type })) } : { type: 'text', text };
const p = (...content: Array<string | RichTextInline>): RichTextBlock => ({
  type: 'paragraph',
  content: content.map((part) => (typeof part === 'string' ? t(part) : part)),
});
const h = (text: string): RichTextBlock => ({ type: 'heading', attrs: { level: 2 }, content: [t(text)] });
const ul = (...items: string[]): RichTextBlock => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [{ type: 'paragraph', content: [t(item)] }] })),
});
const doc = (...content: RichTextBlock[]): RichText => ({ type: 'doc', content });
const link = (text: string, href: string): RichTextInline => ({
  type: 'text',
  text,
  marks: [{ type: 'link', attrs: { href } }],
});

// --- What vets write ---------------------------------------------------------------------------------

interface AssessmentCase {
  title: string;
  content: () => AssessmentContent;
  /** A correction a vet might sign later. */
  amend: { reason: string; plan: RichText };
}

const ASSESSMENTS: readonly AssessmentCase[] = [
  {
    title: 'Otitis externa',
    content: () => ({
      problems: ['Otitis externa, left ear', 'Head shaking'],
      subjective: doc(
        p('Owner reports {{PET_NAME}} has been shaking the head and scratching the left ear for 5 days.'),
      ),
      objective: doc(
        ul(
          'Left ear canal erythematous with brown discharge',
          'Tympanic membrane intact',
          'Cytology: yeasts ++',
        ),
      ),
      assessment: doc(p(t('Malassezia', 'italic'), ' otitis externa, left ear.')),
      plan: doc(
        p(
          'Ear cleaner daily for 3 days, then topical treatment twice daily for 10 days. Recheck in 2 weeks.',
        ),
      ),
    }),
    amend: {
      reason: 'Treatment length corrected after the cytology recheck',
      plan: doc(
        p(
          'Ear cleaner daily for 3 days, then topical treatment twice daily for 14 days. Recheck in 2 weeks.',
        ),
      ),
    },
  },
  {
    title: 'Acute gastroenteritis',
    content: () => ({
      problems: ['Vomiting', 'Diarrhoea'],
      subjective: doc(p('Vomited three times yesterday, soft stools since this morning. Still drinking.')),
      objective: doc(ul('Temperature 38.9 °C', 'Mild abdominal discomfort on palpation', 'Hydration normal')),
      assessment: doc(p('Acute uncomplicated gastroenteritis, likely dietary indiscretion.')),
      plan: doc(
        p('Bland diet in small meals for 3 days, probiotic. Call if vomiting continues or blood appears.'),
      ),
    }),
    amend: {
      reason: 'Anti-emetic added after the owner called back',
      plan: doc(
        p(
          'Bland diet in small meals for 3 days, probiotic, ',
          t('maropitant once daily for 2 days', 'bold'),
          '.',
        ),
        p('Call if vomiting continues or blood appears.'),
      ),
    },
  },
  {
    title: 'Weight management review',
    content: () => ({
      problems: ['Overweight, body condition 7/9'],
      subjective: doc(p('Owner follows the diet plan; treats given in the evening.')),
      objective: doc(ul('Weight down 0.4 kg in 4 weeks', 'Body condition 7/9')),
      assessment: doc(p('Losing at a safe rate (about 1% a week).')),
      plan: doc(
        p('Continue the current portions, count treats in the daily allowance. Weigh again in 4 weeks.'),
      ),
    }),
    amend: {
      reason: 'Target weight corrected',
      plan: doc(
        p('Continue the current portions towards the corrected target weight. Weigh again in 4 weeks.'),
      ),
    },
  },
  {
    title: 'Osteoarthritis follow-up',
    content: () => ({
      problems: ['Osteoarthritis, both hips', 'Stiffness after rest'],
      subjective: doc(
        p('Stiff in the mornings, better after a few minutes of walking. Jumps into the car less.'),
      ),
      objective: doc(ul('Reduced hip extension both sides', 'Mild muscle loss of the hind limbs')),
      assessment: doc(p('Chronic osteoarthritis, moderately controlled.')),
      plan: doc(
        p('Continue NSAID at the lowest effective dose; controlled lead walks; physiotherapy referral.'),
        p('Owner information: ', link('arthritis guide', 'https://www.example.com/arthritis')),
      ),
    }),
    amend: {
      reason: 'Kidney values checked before continuing the NSAID',
      plan: doc(
        p('Kidney values normal: continue NSAID at the lowest effective dose; recheck bloods in 3 months.'),
      ),
    },
  },
  {
    title: 'Atopic dermatitis',
    content: () => ({
      problems: ['Pruritus', 'Suspected atopic dermatitis'],
      subjective: doc(p('Licking the paws and scratching the belly, worse in spring.')),
      objective: doc(ul('Erythema of the ventral abdomen and interdigital skin', 'No fleas found')),
      assessment: doc(p('Likely environmental atopic dermatitis; food trial to rule out food allergy.')),
      plan: doc(p('8-week hydrolysed diet trial, anti-itch treatment for 2 weeks, recheck in 4 weeks.')),
    }),
    amend: {
      reason: 'Diet trial length corrected',
      plan: doc(p('10-week hydrolysed diet trial, anti-itch treatment for 2 weeks, recheck in 4 weeks.')),
    },
  },
];

type TemplateKey = keyof typeof REPORT_TEMPLATES;

/** A report's headings (from its template) with what the vet wrote under each. */
const REPORT_TEXTS: Record<TemplateKey, readonly string[]> = {
  consultation: [
    'Annual health check and vaccination.',
    'No health problems since the last visit. Eats and drinks normally.',
    'Bright and alert. Heart and lungs normal on auscultation. Teeth: mild tartar.',
    'Healthy. Mild dental tartar.',
    'Vaccination given. Tooth brushing advised; dental check in 6 months.',
  ],
  cardiology: [
    'Pimobendan twice daily.',
    '{{PET_NAME}} is active, coughs occasionally after exercise.',
    'Average 24 breaths a minute over the last two weeks (collar).',
    'Left apical systolic murmur, unchanged. Heart rate 120 bpm, regular.',
    'Not repeated this visit.',
    'Stable. Continue the current treatment; recheck in 3 months.',
  ],
  discharge: [
    'Dental cleaning under general anaesthesia.',
    'Scale and polish; two premolars extracted.',
    'Pain relief once daily for 3 days.',
    'Soft food for 5 days; no chew toys for a week.',
    'Wound check in 7 days.',
  ],
};

function filledReport(template: TemplateKey): RichText {
  const texts = REPORT_TEXTS[template];
  let section = 0;
  return {
    type: 'doc',
    content: REPORT_TEMPLATES[template].body().content.map((block) => {
      if (block.type === 'paragraph') return p(texts[section++] ?? '');
      return block;
    }),
  };
}

// --- Rows --------------------------------------------------------------------------------------------

interface Version {
  status: ClinicalDocumentStatus;
  content: ClinicalDocumentContent;
  reason: string | null;
  createdAt: Date;
  signedAt: Date | null;
}

function chain(
  id: (at: Date) => string,
  base: { petId: string; kind: ClinicalDocumentKind; title: string; vetId: string },
  versions: readonly Version[],
  fixedIds: readonly string[] = [],
): DemoClinicalDocumentRow[] {
  const rows: DemoClinicalDocumentRow[] = [];
  for (const [index, version] of versions.entries()) {
    const previous = rows[index - 1];
    const rowId = fixedIds[index] ?? id(version.createdAt);
    const row: DemoClinicalDocumentRow = {
      id: rowId,
      petId: base.petId,
      kind: base.kind,
      rootId: rows[0]?.id ?? rowId,
      version: index + 1,
      previousVersionId: previous?.id ?? null,
      amendmentReason: version.reason,
      status: version.status,
      title: base.title,
      content: version.content,
      createdByVetId: base.vetId,
      createdAt: version.createdAt,
      updatedByVetId: base.vetId,
      updatedAt: version.signedAt ?? version.createdAt,
      signedByVetId: version.signedAt ? base.vetId : null,
      signedAt: version.signedAt,
      contentSha256: null,
    };
    // The same hash the API records when a vet signs.
    if (row.status === 'signed') row.contentSha256 = clinicalDocumentSha256(row);
    rows.push(row);
  }
  return rows;
}

/**
 * Assessments and reports for a few dozen pets over the last months, each signed, amended (the
 * amendment signed or still a draft) or a draft; Luna has her signed mitral valve disease assessment
 * with one signed amendment, and a signed cardiology follow-up report.
 */
export function generateClinicalDocuments(
  data: DemoData,
  options: { seed: number; scale: number; end: Date },
): DemoClinicalDocumentRow[] {
  const { seed, scale, end } = options;
  const random = createSeededRandom(deriveSeed(seed, 'clinical-documents'));
  const vets = data.vets.filter((vet) => (vet.kind === 'regular' || vet.kind === 'head') && !vet.companySku);
  const showcase = new Set(SHOWCASE_PETS.map((pet) => pet.id));
  const pets = random.sample(
    data.pets.filter((pet: DemoPetRow) => !showcase.has(pet.id)),
    CLINICAL_DOCUMENT_PETS_PER_SCALE * scale,
  );
  const rows: DemoClinicalDocumentRow[] = [];
  const ago = (days: number) => new Date(end.getTime() - days * DAY_MS);
  for (const pet of pets) {
    const vetId = random.pick(vets).id;
    const createdAt = ago(random.float(0.2, 120));
    const state = random.weighted([
      ['signed', 5],
      ['amended', 2],
      ['amending', 1],
      ['draft', 2],
    ] as const);
    const signedAt = new Date(createdAt.getTime() + random.float(0.5, 6) * 3_600_000);
    const amendedAt = new Date(signedAt.getTime() + random.float(1, 10) * DAY_MS);
    const usable = (date: Date) => date < end;
    if (random.chance(0.6)) {
      const kase = random.pick(ASSESSMENTS);
      const content = kase.content();
      const versions: Version[] = [
        {
          status: state === 'draft' || !usable(signedAt) ? 'draft' : 'signed',
          content,
          reason: null,
          createdAt,
          signedAt: state === 'draft' || !usable(signedAt) ? null : signedAt,
        },
      ];
      if ((state === 'amended' || state === 'amending') && versions[0]?.signedAt && usable(amendedAt)) {
        const signedAmendment = state === 'amended' && usable(new Date(amendedAt.getTime() + 3_600_000));
        versions.push({
          status: signedAmendment ? 'signed' : 'draft',
          content: { ...content, plan: kase.amend.plan },
          reason: kase.amend.reason,
          createdAt: amendedAt,
          signedAt: signedAmendment ? new Date(amendedAt.getTime() + 3_600_000) : null,
        });
      }
      rows.push(
        ...chain(random.uuidV7, { petId: pet.id, kind: 'assessment', title: kase.title, vetId }, versions),
      );
    } else {
      const template = random.pick(['consultation', 'cardiology', 'discharge'] as const);
      const body = filledReport(template);
      const signed = state !== 'draft' && usable(signedAt);
      const versions: Version[] = [
        {
          status: signed ? 'signed' : 'draft',
          content: { body },
          reason: null,
          createdAt,
          signedAt: signed ? signedAt : null,
        },
      ];
      if (signed && state === 'amended' && usable(new Date(amendedAt.getTime() + 3_600_000))) {
        versions.push({
          status: 'signed',
          content: {
            body: {
              type: 'doc',
              content: [...body.content, p('Addendum: the owner was given a written copy of the advice.')],
            },
          },
          reason: 'Addendum: written advice given to the owner',
          createdAt: amendedAt,
          signedAt: new Date(amendedAt.getTime() + 3_600_000),
        });
      }
      rows.push(
        ...chain(
          random.uuidV7,
          { petId: pet.id, kind: 'report', title: REPORT_TEMPLATES[template].title, vetId },
          versions,
        ),
      );
    }
  }
  rows.push(...lunaDocuments(ago, vets[0]?.id ?? ''));
  return rows;
}

function lunaDocuments(ago: (days: number) => Date, vetId: string): DemoClinicalDocumentRow[] {
  const plan = (dose: string) =>
    doc(
      h('Treatment'),
      ul(`Pimobendan ${dose}`, 'Keep to the heart-friendly diet plan'),
      h('Monitoring'),
      p(
        'Owner counts the ',
        t('sleeping respiratory rate', 'bold'),
        ' daily (the collar sends it too); call if it stays above 35 a minute.',
      ),
      p('Recheck echocardiography in 6 months, or earlier if the rate rises or {{PET_NAME}} coughs at rest.'),
    );
  const assessment: AssessmentContent = {
    problems: ['Myxomatous mitral valve disease, ACVIM stage B2', 'Cough on waking'],
    subjective: doc(
      p(
        'Emma reports {{PET_NAME}} coughs when she wakes up and tires sooner on walks. Eats well, no fainting.',
      ),
    ),
    objective: doc(
      ul(
        'Grade 4/6 left apical systolic murmur',
        'Heart rate 128 bpm, regular; mucous membranes pink',
        'Sleeping respiratory rate at home (collar): 26-30 a minute',
        'Echo: LA:Ao 1.7, LVIDDn 1.75, moderate mitral regurgitation',
      ),
    ),
    assessment: doc(
      p(
        t('Myxomatous mitral valve disease', 'italic'),
        ', stage B2: heart enlargement without signs of congestive heart failure.',
      ),
    ),
    plan: plan('0.25 mg/kg once daily'),
  };
  const diagnosedAt = ago(19);
  const amendedAt = ago(12);
  const reportAt = ago(18);
  const cardiology = filledReport('cardiology');
  return [
    ...chain(
      () => '',
      { petId: LUNA.id, kind: 'assessment', title: 'Mitral valve disease assessment', vetId },
      [
        {
          status: 'signed',
          content: assessment,
          reason: null,
          createdAt: diagnosedAt,
          signedAt: new Date(diagnosedAt.getTime() + 2 * 3_600_000),
        },
        {
          status: 'signed',
          content: { ...assessment, plan: plan('0.25 mg/kg twice daily, 12 hours apart') },
          reason: 'Pimobendan dose corrected: twice daily, not once',
          createdAt: amendedAt,
          signedAt: new Date(amendedAt.getTime() + 3_600_000),
        },
      ],
      [LUNA_CLINICAL_DOCUMENT_IDS.assessmentV1, LUNA_CLINICAL_DOCUMENT_IDS.assessmentV2],
    ),
    ...chain(
      () => '',
      { petId: LUNA.id, kind: 'report', title: 'Cardiology follow-up', vetId },
      [
        {
          status: 'signed',
          content: { body: cardiology },
          reason: null,
          createdAt: reportAt,
          signedAt: new Date(reportAt.getTime() + 3_600_000),
        },
      ],
      [LUNA_CLINICAL_DOCUMENT_IDS.cardiologyReport],
    ),
  ];
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export async function insertDemoClinicalDocuments(
  tx: Tx,
  rows: readonly DemoClinicalDocumentRow[],
): Promise<void> {
  await bulkInsert(
    tx,
    'clinical_documents',
    [
      { name: 'id', type: 'uuid', value: (r) => r.id },
      { name: 'pet_id', type: 'uuid', value: (r) => r.petId },
      { name: 'kind', type: 'text', select: (v) => `${v}::clinical_document_kind`, value: (r) => r.kind },
      { name: 'root_id', type: 'uuid', value: (r) => r.rootId },
      { name: 'version', type: 'smallint', value: (r) => r.version },
      { name: 'previous_version_id', type: 'uuid', value: (r) => r.previousVersionId },
      { name: 'amendment_reason', type: 'text', value: (r) => r.amendmentReason },
      {
        name: 'status',
        type: 'text',
        select: (v) => `${v}::clinical_document_status`,
        value: (r) => r.status,
      },
      { name: 'title', type: 'text', value: (r) => r.title },
      {
        name: 'content',
        type: 'text',
        select: (v) => `${v}::jsonb`,
        value: (r) => JSON.stringify(r.content),
      },
      { name: 'created_by_vet_id', type: 'uuid', value: (r) => r.createdByVetId },
      { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt.toISOString() },
      { name: 'updated_by_vet_id', type: 'uuid', value: (r) => r.updatedByVetId },
      { name: 'updated_at', type: 'timestamptz', value: (r) => r.updatedAt.toISOString() },
      { name: 'signed_by_vet_id', type: 'uuid', value: (r) => r.signedByVetId },
      { name: 'signed_at', type: 'timestamptz', value: (r) => iso(r.signedAt) },
      { name: 'content_sha256', type: 'text', value: (r) => r.contentSha256 },
    ],
    rows,
  );
}
