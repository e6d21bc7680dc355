import { z } from 'zod';
import { paginationSchema, personRefSchema, text, timestampSchema } from './common.ts';

/**
 * Clinical documents a vet writes about a pet: structured assessments (problems, SOAP) and free-text
 * medical reports started from a template. Both are drafted, signed (then final: a SHA-256 of the
 * canonical content is kept) and corrected by amendments, new versions linked to the signed one.
 */
export const clinicalDocumentKinds = ['assessment', 'report'] as const;
export const clinicalDocumentKindSchema = z.enum(clinicalDocumentKinds);
export type ClinicalDocumentKind = z.infer<typeof clinicalDocumentKindSchema>;

export const clinicalDocumentStatuses = ['draft', 'signed'] as const;
export const clinicalDocumentStatusSchema = z.enum(clinicalDocumentStatuses);
export type ClinicalDocumentStatus = z.infer<typeof clinicalDocumentStatusSchema>;

// --- Rich text: a safe subset ------------------------------------------------------------------------
//
// The editor's JSON tree (ProseMirror/Tiptap shape) restricted to headings, paragraphs, two levels of
// lists, bold, italic and links. Anything else (a script, an image, an unknown node or mark, a link to
// javascript:) is refused here, so nothing stored can carry markup; screens and PDFs render the tree
// as elements, never as HTML.

export const RICH_TEXT_MAX_BLOCKS = 400;
export const RICH_TEXT_MAX_TEXT = 10_000;

// A scheme the browser cannot run, then no whitespace or control character anywhere (a browser drops
// those inside a scheme, which is how `java\tscript:` gets past naive checks).
const SAFE_LINK =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  /^(https?:\/\/[^\s\u0000-\u001f\u007f/?#]+|mailto:[^\s\u0000-\u001f\u007f]+@)[^\s\u0000-\u001f\u007f]*$/i;
export const LINK_SCHEME_MESSAGE = 'Links must start with http://, https:// or mailto:';

export function isSafeLink(href: string): boolean {
  return SAFE_LINK.test(href);
}

const markSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({
    type: z.literal('link'),
    // The editor adds target/rel/class: dropped, the renderer sets its own.
    attrs: z.object({ href: text().max(2000).refine(isSafeLink, LINK_SCHEME_MESSAGE) }),
  }),
]);
export type RichTextMark = z.infer<typeof markSchema>;

const inlineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: text().min(1).max(RICH_TEXT_MAX_TEXT),
    marks: z.array(markSchema).max(3).optional(),
  }),
  z.object({ type: z.literal('hardBreak') }),
]);
export type RichTextInline = z.infer<typeof inlineSchema>;

const inlineContent = z.array(inlineSchema).max(2000).optional();

const paragraphSchema = z.object({ type: z.literal('paragraph'), content: inlineContent });
const headingSchema = z.object({
  type: z.literal('heading'),
  attrs: z.object({ level: z.union([z.literal(2), z.literal(3)]) }),
  content: inlineContent,
});

const innerListItemSchema = z.object({
  type: z.literal('listItem'),
  content: z.array(paragraphSchema).min(1).max(20),
});
const innerListSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bulletList'), content: z.array(innerListItemSchema).min(1).max(200) }),
  z.object({ type: z.literal('orderedList'), content: z.array(innerListItemSchema).min(1).max(200) }),
]);
const listItemSchema = z.object({
  type: z.literal('listItem'),
  // A list item may hold one nested list (two levels in all).
  content: z
    .array(z.discriminatedUnion('type', [paragraphSchema, ...innerListSchema.options]))
    .min(1)
    .max(20),
});
const listSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bulletList'), content: z.array(listItemSchema).min(1).max(200) }),
  z.object({ type: z.literal('orderedList'), content: z.array(listItemSchema).min(1).max(200) }),
]);

const blockSchema = z.discriminatedUnion('type', [paragraphSchema, headingSchema, ...listSchema.options]);
export type RichTextBlock = z.infer<typeof blockSchema>;
export type RichTextListItem = z.infer<typeof listItemSchema> | z.infer<typeof innerListItemSchema>;

export const richTextSchema = z.object({
  type: z.literal('doc'),
  content: z.array(blockSchema).max(RICH_TEXT_MAX_BLOCKS),
});
export type RichText = z.infer<typeof richTextSchema>;

export const emptyRichText = (): RichText => ({ type: 'doc', content: [{ type: 'paragraph' }] });

// --- Content of each kind ----------------------------------------------------------------------------

export const ASSESSMENT_SECTIONS = [
  { key: 'subjective', label: 'Subjective' },
  { key: 'objective', label: 'Objective' },
  { key: 'assessment', label: 'Assessment' },
  { key: 'plan', label: 'Plan' },
] as const;
export type AssessmentSectionKey = (typeof ASSESSMENT_SECTIONS)[number]['key'];

export const assessmentContentSchema = z.strictObject({
  problems: z.array(text().trim().min(1).max(200)).max(30),
  subjective: richTextSchema,
  objective: richTextSchema,
  assessment: richTextSchema,
  plan: richTextSchema,
});
export type AssessmentContent = z.infer<typeof assessmentContentSchema>;

export const reportContentSchema = z.strictObject({ body: richTextSchema });
export type ReportContent = z.infer<typeof reportContentSchema>;

export const clinicalDocumentContentSchema = z.union([assessmentContentSchema, reportContentSchema]);
export type ClinicalDocumentContent = z.infer<typeof clinicalDocumentContentSchema>;

export function isAssessmentContent(content: ClinicalDocumentContent): content is AssessmentContent {
  return 'problems' in content;
}

export const emptyAssessmentContent = (): AssessmentContent => ({
  problems: [],
  subjective: emptyRichText(),
  objective: emptyRichText(),
  assessment: emptyRichText(),
  plan: emptyRichText(),
});

// --- Report templates --------------------------------------------------------------------------------

const heading = (title: string): RichTextBlock => ({
  type: 'heading',
  attrs: { level: 2 },
  content: [{ type: 'text', text: title }],
});
const paragraph = (line?: string): RichTextBlock =>
  line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' };
const underHeadings = (...titles: string[]): RichText => ({
  type: 'doc',
  content: titles.flatMap((title) => [heading(title), paragraph()]),
});

export const reportTemplateKeys = ['consultation', 'cardiology', 'discharge'] as const;
export const reportTemplateKeySchema = z.enum(reportTemplateKeys);
export type ReportTemplateKey = z.infer<typeof reportTemplateKeySchema>;

/** What a new report starts from: its title and the headings a vet fills in. */
export const REPORT_TEMPLATES: Record<
  ReportTemplateKey,
  { label: string; title: string; body: () => RichText }
> = {
  consultation: {
    label: 'Consultation',
    title: 'Consultation report',
    body: () =>
      underHeadings('Reason for visit', 'History', 'Examination', 'Diagnosis', 'Treatment and advice'),
  },
  cardiology: {
    label: 'Cardiology follow-up',
    title: 'Cardiology follow-up',
    body: () =>
      underHeadings(
        'Current medication',
        'Owner’s observations',
        'Resting respiratory rate at home',
        'Examination and auscultation',
        'Imaging',
        'Staging and plan',
      ),
  },
  discharge: {
    label: 'Discharge summary',
    title: 'Discharge summary',
    body: () =>
      underHeadings('Admitted for', 'Procedures', 'Medication to give at home', 'Care at home', 'Follow-up'),
  },
};

// --- Canonical content and its hash ------------------------------------------------------------------

/** JSON with object keys sorted at every level: the same content always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a signature covers: the document's kind, title, version, the version it amends and the reason,
 * and its content, as canonical JSON (UTF-8). The SHA-256 of these bytes is kept when it is signed.
 */
export function canonicalClinicalDocument(document: {
  kind: ClinicalDocumentKind;
  title: string;
  version: number;
  previousVersionUuid: string | null;
  amendmentReason: string | null;
  content: ClinicalDocumentContent;
}): string {
  return canonicalJson({
    amendmentReason: document.amendmentReason,
    content: document.content,
    kind: document.kind,
    previousVersionUuid: document.previousVersionUuid,
    title: document.title,
    version: document.version,
  });
}

// --- Plain text (diffs, searchable summaries) --------------------------------------------------------

function inlineText(content: readonly RichTextInline[] | undefined): string {
  return (content ?? []).map((node) => (node.type === 'text' ? node.text : '\n')).join('');
}

function listLines(
  list: { type: 'bulletList' | 'orderedList'; content: readonly RichTextListItem[] },
  depth: number,
): string[] {
  return list.content.flatMap((item, index) =>
    item.content.flatMap((child, childIndex) => {
      if (child.type === 'paragraph') {
        const bullet = childIndex === 0 ? (list.type === 'bulletList' ? '- ' : `${index + 1}. `) : '  ';
        return [`${'  '.repeat(depth)}${bullet}${inlineText(child.content)}`];
      }
      return listLines(child, depth + 1);
    }),
  );
}

/** The text of a rich text, one line per block (headings as `## `, list items as `- ` / `1. `). */
export function richTextToPlain(doc: RichText): string {
  return doc.content
    .flatMap((block) => {
      if (block.type === 'heading') return [`## ${inlineText(block.content)}`];
      if (block.type === 'paragraph') return [inlineText(block.content)];
      return listLines(block, 0);
    })
    .join('\n')
    .trim();
}

/** A document's content as labelled plain-text sections: what versions are compared by. */
export function clinicalContentSections(
  content: ClinicalDocumentContent,
): Array<{ label: string; text: string }> {
  if (!isAssessmentContent(content)) return [{ label: 'Report', text: richTextToPlain(content.body) }];
  return [
    { label: 'Problem list', text: content.problems.map((problem) => `- ${problem}`).join('\n') },
    ...ASSESSMENT_SECTIONS.map(({ key, label }) => ({ label, text: richTextToPlain(content[key]) })),
  ];
}

// --- Requests and responses --------------------------------------------------------------------------

export const CLINICAL_TITLE_MAX = 200;

export const clinicalDocumentCreateSchema = z.strictObject({
  kind: clinicalDocumentKindSchema,
  /** Defaults to the template's title, or "Clinical assessment". */
  title: text().trim().min(1).max(CLINICAL_TITLE_MAX).optional(),
  /** A report starts from a template (default: consultation); an assessment takes none. */
  template: reportTemplateKeySchema.optional(),
});
export type ClinicalDocumentCreate = z.infer<typeof clinicalDocumentCreateSchema>;

export const clinicalDocumentUpdateSchema = z.strictObject({
  title: text().trim().min(1).max(CLINICAL_TITLE_MAX),
  content: clinicalDocumentContentSchema,
});
export type ClinicalDocumentUpdate = z.infer<typeof clinicalDocumentUpdateSchema>;

export const clinicalDocumentAmendSchema = z.strictObject({
  reason: text().trim().min(1, 'Say why the signed version is corrected').max(1000),
});
export type ClinicalDocumentAmend = z.infer<typeof clinicalDocumentAmendSchema>;

export const clinicalDocumentSummarySchema = z.object({
  uuid: z.uuid(),
  pet: z.object({ uuid: z.uuid(), name: z.string() }),
  kind: clinicalDocumentKindSchema,
  title: z.string(),
  status: clinicalDocumentStatusSchema,
  /** 1 for the first version; each amendment adds one. */
  version: z.number().int(),
  /** The signed version this one amends. */
  previousVersionUuid: z.uuid().nullable(),
  /** The version that amends this one, once started. */
  nextVersionUuid: z.uuid().nullable(),
  amendmentReason: z.string().nullable(),
  createdBy: personRefSchema.nullable(),
  createdAt: timestampSchema,
  updatedBy: personRefSchema.nullable(),
  updatedAt: timestampSchema,
  signedBy: personRefSchema.nullable(),
  signedAt: timestampSchema.nullable(),
  /** Hex SHA-256 of the canonical content (`canonicalClinicalDocument`), set when signed. */
  contentSha256: z.string().nullable(),
});
export type ClinicalDocumentSummary = z.infer<typeof clinicalDocumentSummarySchema>;

export const clinicalDocumentSchema = clinicalDocumentSummarySchema.extend({
  content: clinicalDocumentContentSchema,
  /** What may be done with it now (the API refuses the rest with 409). */
  actions: z.object({
    edit: z.boolean(),
    sign: z.boolean(),
    amend: z.boolean(),
    pdf: z.boolean(),
    /** Only the draft's author, before signing (a stray "New" is taken back; the audit keeps it). */
    delete: z.boolean(),
  }),
});
export type ClinicalDocument = z.infer<typeof clinicalDocumentSchema>;

export const clinicalDocumentResponseSchema = z.object({
  clinicalDocument: clinicalDocumentSchema,
  /** Every version of this document, the first first. */
  versions: z.array(clinicalDocumentSummarySchema),
});
export type ClinicalDocumentResponse = z.infer<typeof clinicalDocumentResponseSchema>;

export const clinicalDocumentListQuerySchema = z.object({
  kind: clinicalDocumentKindSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ClinicalDocumentListQuery = z.infer<typeof clinicalDocumentListQuerySchema>;

export const clinicalDocumentListResponseSchema = z.object({
  /** The newest version of each document, the most recently changed first. */
  clinicalDocuments: z.array(clinicalDocumentSummarySchema),
  pagination: paginationSchema,
});
export type ClinicalDocumentListResponse = z.infer<typeof clinicalDocumentListResponseSchema>;

export const clinicalDocumentDiffQuerySchema = z.object({
  /** The other version of the same document to compare with. */
  versionUuid: z.uuid(),
});

export const diffPartSchema = z.object({ value: z.string(), added: z.boolean(), removed: z.boolean() });
export type DiffPart = z.infer<typeof diffPartSchema>;

export const clinicalDocumentDiffSchema = z.object({
  /** The older of the two versions, and the newer. */
  from: clinicalDocumentSummarySchema,
  to: clinicalDocumentSummarySchema,
  /** Each section's words, kept, removed (only in `from`) or added (only in `to`). */
  sections: z.array(z.object({ label: z.string(), changed: z.boolean(), parts: z.array(diffPartSchema) })),
});
export type ClinicalDocumentDiff = z.infer<typeof clinicalDocumentDiffSchema>;
