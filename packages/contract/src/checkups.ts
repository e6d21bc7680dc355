import { z } from 'zod';
import { listQuerySchemas, paginationSchema, personRefSchema, text, timestampSchema } from './common.ts';
import { checkupSortFields, checkupStatuses, formSortFields } from './enums.ts';
import { itemPendingCardSchema } from './pending-cards.ts';
import { inboxPetSchema } from './pet-alerts.ts';

/**
 * SPEC §5: an option's sku is its title snake-cased: lower case, every run of anything but letters and
 * digits becomes one `_`, and the ends are trimmed (`"Yes, Sometimes!"` → `yes_sometimes`).
 */
export function optionSku(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

export const checkupStatusSchema = z.enum(checkupStatuses);
export type CheckupStatus = z.infer<typeof checkupStatusSchema>;

// --- Forms (SPEC §3: uuid, title, sku, isPool, poolUuid, questionGroups) ---

export const formOptionSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  sku: z.string(),
  problematic: z.boolean(),
});
export type FormOption = z.infer<typeof formOptionSchema>;

export const formQuestionSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  options: z.array(formOptionSchema),
});
export type FormQuestion = z.infer<typeof formQuestionSchema>;

export const formQuestionGroupSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  questions: z.array(formQuestionSchema),
});
export type FormQuestionGroup = z.infer<typeof formQuestionGroupSchema>;

export const formSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  sku: z.string(),
  isPool: z.boolean(),
  poolUuid: z.uuid().nullable(),
  manuallySendable: z.boolean(),
  /** Each save of the questions is a new version; a checkup keeps the version it was sent with. */
  version: z.number().int(),
  archived: z.boolean(),
  questionGroups: z.array(formQuestionGroupSchema),
  questionCount: z.number().int(),
  checkupCount: z.number().int(),
  updatedAt: timestampSchema,
  updatedBy: personRefSchema.nullable(),
});
export type Form = z.infer<typeof formSchema>;

const MAX_TITLE = 200;

const optionInputSchema = z.object({
  /** Kept across versions when given, so answers to an unchanged option read the same. */
  uuid: z.uuid().optional(),
  title: text().trim().max(MAX_TITLE),
  problematic: z.boolean().default(false),
});

const questionInputSchema = z.object({
  uuid: z.uuid().optional(),
  title: text().trim().max(MAX_TITLE),
  options: z.array(optionInputSchema).max(20),
});

const groupInputSchema = z.object({
  uuid: z.uuid().optional(),
  title: text().trim().max(MAX_TITLE),
  questions: z.array(questionInputSchema).max(50),
});

export interface BuilderProblem {
  path: Array<string | number>;
  message: string;
}

/**
 * The builder's rules, the same on both sides: a title, at least two options per question, no two
 * options of one question with the same title or (SPEC §5) the same sku.
 */
export function formBuilderProblems(form: {
  title: string;
  questionGroups: Array<{
    title: string;
    questions: Array<{ title: string; options: Array<{ title: string }> }>;
  }>;
}): BuilderProblem[] {
  const problems: BuilderProblem[] = [];
  if (!form.title.trim()) problems.push({ path: ['title'], message: 'Enter a title' });
  if (form.questionGroups.every((group) => group.questions.length === 0))
    problems.push({ path: ['questionGroups'], message: 'Add at least one question' });
  form.questionGroups.forEach((group, g) => {
    if (!group.title.trim())
      problems.push({ path: ['questionGroups', g, 'title'], message: 'Enter a group title' });
    group.questions.forEach((question, q) => {
      const at = ['questionGroups', g, 'questions', q] as Array<string | number>;
      if (!question.title.trim()) problems.push({ path: [...at, 'title'], message: 'Enter a question' });
      if (question.options.length < 2)
        problems.push({ path: [...at, 'options'], message: 'A question needs at least two options' });
      const byTitle = new Map<string, number>();
      const bySku = new Map<string, number>();
      question.options.forEach((option, o) => {
        const path = [...at, 'options', o, 'title'];
        const title = option.title.trim();
        const sku = optionSku(title);
        if (!title) {
          problems.push({ path, message: 'Enter an option' });
          return;
        }
        if (!sku) {
          problems.push({ path, message: 'An option needs at least one letter or digit' });
          return;
        }
        const sameTitle = byTitle.get(title.toLowerCase());
        const sameSku = bySku.get(sku);
        if (sameTitle !== undefined)
          problems.push({ path, message: `Same title as option ${sameTitle + 1} ("${title}")` });
        else if (sameSku !== undefined)
          problems.push({
            path,
            message: `"${title}" and "${question.options[sameSku]?.title.trim()}" have the same sku "${sku}"`,
          });
        byTitle.set(title.toLowerCase(), byTitle.get(title.toLowerCase()) ?? o);
        bySku.set(sku, bySku.get(sku) ?? o);
      });
    });
  });
  return problems;
}

/**
 * Form sku: what integrations name a form by; lower snake case. Its one pattern already refuses NUL,
 * so it is not built on `text()`, whose second pattern would hide both from the OpenAPI document.
 */
const formSkuSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/, 'Lower case letters, digits and single underscores');

export const formInputSchema = z
  .object({
    title: text().trim().max(MAX_TITLE),
    /** Derived from the title (SPEC §5's rule) when left out. */
    sku: formSkuSchema.optional(),
    isPool: z.boolean().default(true),
    poolUuid: z.uuid().nullable().default(null),
    manuallySendable: z.boolean().default(true),
    questionGroups: z.array(groupInputSchema).max(30),
  })
  .superRefine((form, ctx) => {
    for (const problem of formBuilderProblems(form))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type FormInput = z.infer<typeof formInputSchema>;

export const formWriteSchema = z.strictObject({ form: formInputSchema });
export type FormWrite = z.infer<typeof formWriteSchema>;

export const formResponseSchema = z.object({ form: formSchema });
export type FormResponse = z.infer<typeof formResponseSchema>;

export const formListStatuses = ['active', 'archived'] as const;
export type FormListStatus = (typeof formListStatuses)[number];
const formListQueries = listQuerySchemas(
  formSortFields,
  { sort: 'updatedAt', order: 'desc' },
  {
    isPool: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    /** `active` (the default) leaves archived forms out; `archived` lists only them. */
    status: z.enum(formListStatuses).optional(),
  },
);
export const formListQuerySchema = formListQueries.list;
export type FormListQuery = z.infer<typeof formListQuerySchema>;

export const formSummarySchema = formSchema.omit({ questionGroups: true });
export type FormSummary = z.infer<typeof formSummarySchema>;

export const formListResponseSchema = z.object({
  forms: z.array(formSummarySchema),
  pagination: paginationSchema,
});
export type FormListResponse = z.infer<typeof formListResponseSchema>;

/** One saved version of a form: who saved it, its questions' count and the checkups sent with it. */
export const formVersionSummarySchema = z.object({
  version: z.number().int(),
  createdAt: timestampSchema,
  createdBy: personRefSchema.nullable(),
  questionCount: z.number().int(),
  checkupCount: z.number().int(),
});
export type FormVersionSummary = z.infer<typeof formVersionSummarySchema>;

export const formVersionListResponseSchema = z.object({ versions: z.array(formVersionSummarySchema) });
export type FormVersionListResponse = z.infer<typeof formVersionListResponseSchema>;

/** The most pets one send reaches: the pool page's picker refuses more before sending. */
export const FORM_SEND_MAX_PETS = 500;

export const formSendSchema = z
  .strictObject({
    petUuid: z.uuid().optional(),
    petUuids: z
      .array(z.uuid())
      .min(1)
      .max(FORM_SEND_MAX_PETS, `At most ${FORM_SEND_MAX_PETS} pets at once`)
      .optional(),
  })
  .refine((body) => (body.petUuid === undefined) !== (body.petUuids === undefined), {
    message: 'Send either petUuid or petUuids',
    path: ['petUuid'],
  });
export type FormSend = z.infer<typeof formSendSchema>;

/** Why a send to many left a pet out: its owner has not answered this form's last checkup yet. */
export const formSendSkipReasons = ['awaiting_answer'] as const;

export const formSendResponseSchema = z.object({
  checkupUuids: z.array(z.uuid()),
  skipped: z.array(z.object({ petUuid: z.uuid(), reason: z.enum(formSendSkipReasons) })),
});
export type FormSendResponse = z.infer<typeof formSendResponseSchema>;

// --- Checkups ---

export const checkupAnswerInputSchema = z.object({
  questionUuid: z.uuid(),
  optionSku: text().trim().max(200),
});
export type CheckupAnswerInput = z.infer<typeof checkupAnswerInputSchema>;

export const checkupAnswersSchema = z.strictObject({
  answers: z.array(checkupAnswerInputSchema).max(500),
});
export type CheckupAnswers = z.infer<typeof checkupAnswersSchema>;

export const commentHistoryEntrySchema = z.object({
  comment: z.string(),
  by: personRefSchema.nullable(),
  at: timestampSchema,
});

export const checkupSummarySchema = z.object({
  uuid: z.uuid(),
  pet: inboxPetSchema,
  ownerName: z.string().nullable(),
  form: z.object({ uuid: z.uuid(), title: z.string(), version: z.number().int() }),
  poolUuid: z.uuid().nullable(),
  status: checkupStatusSchema,
  problematic: z.boolean(),
  problematicCount: z.number().int(),
  sentAt: timestampSchema,
  answeredAt: timestampSchema.nullable(),
  reviewedAt: timestampSchema.nullable(),
  reviewedBy: personRefSchema.nullable(),
  filledBy: personRefSchema.nullable(),
});
export type CheckupSummary = z.infer<typeof checkupSummarySchema>;

export const checkupSchema = checkupSummarySchema.extend({
  questionGroups: z.array(
    z.object({
      uuid: z.uuid(),
      title: z.string(),
      questions: z.array(
        formQuestionSchema.extend({
          answer: z
            .object({ optionUuid: z.uuid(), sku: z.string(), title: z.string(), problematic: z.boolean() })
            .nullable(),
        }),
      ),
    }),
  ),
  vetComment: z.string().nullable(),
  commentHistory: z.array(commentHistoryEntrySchema),
  /** The cards this checkup's problematic answers raised or fed, newest first. */
  pendingCards: z.array(itemPendingCardSchema),
});
export type Checkup = z.infer<typeof checkupSchema>;

export const checkupResponseSchema = z.object({ checkup: checkupSchema });
export type CheckupResponse = z.infer<typeof checkupResponseSchema>;

/** `inbox`: answered checkups awaiting review first, problematic before the rest, then oldest first. */
const booleanQuery = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();
const checkupListQueries = listQuerySchemas(
  checkupSortFields,
  { sort: 'inbox', order: 'asc' },
  {
    status: checkupStatusSchema.optional(),
    problematic: booleanQuery,
    petUuid: z.uuid().optional(),
    poolUuid: z.uuid().optional(),
    /** Sent from (unix seconds, inclusive). */
    sentFrom: z.coerce.number().int().min(0).max(4_102_444_800).optional(),
    /** Sent before (unix seconds, exclusive). */
    sentTo: z.coerce.number().int().min(0).max(4_102_444_800).optional(),
  },
);
export const checkupListQuerySchema = checkupListQueries.list;
export type CheckupListQuery = z.infer<typeof checkupListQuerySchema>;

export const checkupListResponseSchema = z.object({
  checkups: z.array(checkupSummarySchema),
  pagination: paginationSchema,
  /** How many checkups match the filters in each status (the status filter left out). */
  counts: z.object({ sent: z.number().int(), answered: z.number().int(), reviewed: z.number().int() }),
});
export type CheckupListResponse = z.infer<typeof checkupListResponseSchema>;

export const checkupReviewSchema = z.strictObject({ comment: text().trim().max(5000) });
export type CheckupReview = z.infer<typeof checkupReviewSchema>;

/**
 * Answers checked against the questions of the version a checkup was sent with: every question answered
 * once with one of its option skus. Gives each problem by question, and how many answers are problematic.
 */
export function checkAnswers(
  questionGroups: FormQuestionGroup[],
  answers: CheckupAnswerInput[],
): { problems: Array<{ path: string; message: string }>; problematicCount: number } {
  const problems: Array<{ path: string; message: string }> = [];
  const questions = new Map(questionGroups.flatMap((group) => group.questions).map((q) => [q.uuid, q]));
  const seen = new Set<string>();
  let problematicCount = 0;
  for (const answer of answers) {
    const question = questions.get(answer.questionUuid);
    const path = `answers.${answer.questionUuid}`;
    if (!question) {
      problems.push({ path, message: 'No such question in this checkup' });
      continue;
    }
    if (seen.has(question.uuid)) {
      problems.push({ path, message: `"${question.title}" is answered more than once` });
      continue;
    }
    seen.add(question.uuid);
    const option = question.options.find((candidate) => candidate.sku === answer.optionSku);
    if (!option) {
      problems.push({
        path,
        message: `"${answer.optionSku}" is not an option of "${question.title}" (${question.options.map((o) => o.sku).join(', ')})`,
      });
      continue;
    }
    if (option.problematic) problematicCount += 1;
  }
  for (const question of questions.values())
    if (!seen.has(question.uuid) && !problems.some((p) => p.path === `answers.${question.uuid}`))
      problems.push({ path: `answers.${question.uuid}`, message: `"${question.title}" is not answered` });
  return { problems, problematicCount };
}

export const checkupFillSchema = z
  .strictObject({
    /** The pool a new checkup is made from… */
    poolUuid: z.uuid().optional(),
    /** …or a checkup sent to the owner and not answered yet, which these answers answer (during a call). */
    checkupUuid: z.uuid().optional(),
    answers: z.array(checkupAnswerInputSchema).max(500),
  })
  .refine((body) => (body.poolUuid === undefined) !== (body.checkupUuid === undefined), {
    message: 'Give either poolUuid or checkupUuid',
    path: ['poolUuid'],
  });
export type CheckupFill = z.infer<typeof checkupFillSchema>;

/** FHIR R4 exports (`/fhir`): the resource as FHIR defines it; only its kind is pinned here. */
export const fhirQuestionnaireQuerySchema = z.object({
  /** A saved version of the form (a QuestionnaireResponse cites the version it answers); the current one if absent. */
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export type FhirQuestionnaireQuery = z.infer<typeof fhirQuestionnaireQuerySchema>;
export const fhirQuestionnaireSchema = z.looseObject({ resourceType: z.literal('Questionnaire') });
export const fhirQuestionnaireResponseSchema = z.looseObject({
  resourceType: z.literal('QuestionnaireResponse'),
});
