import { type Form, type FormInput, formInputSchema, optionSku } from '@vetboard/contract';
import { contractFormSchema, formErrors } from '@/lib/forms/contract-form.ts';

/**
 * What the builder edits: the pool's body with a stable `key` on every group, question and option, so
 * React keeps each input (and its focus) through reordering, and a problem stays on the item it is
 * about. `uuid` is the saved item's id, sent back so an unchanged question stays the same question.
 */
export interface OptionDraft {
  key: string;
  uuid?: string;
  title: string;
  problematic: boolean;
}
export interface QuestionDraft {
  key: string;
  uuid?: string;
  title: string;
  options: OptionDraft[];
}
export interface GroupDraft {
  key: string;
  uuid?: string;
  title: string;
  questions: QuestionDraft[];
}
export interface PoolDraft {
  title: string;
  /** Empty: the API derives it from the title (SPEC §5's rule). */
  sku: string;
  questionGroups: GroupDraft[];
}

let keyCounter = 0;
export function newKey(prefix: string): string {
  keyCounter += 1;
  return `${prefix}-${keyCounter}`;
}

export function newOption(title = ''): OptionDraft {
  return { key: newKey('option'), title, problematic: false };
}

export function newQuestion(): QuestionDraft {
  return { key: newKey('question'), title: '', options: [newOption('Yes'), newOption('No')] };
}

export function newGroup(title = ''): GroupDraft {
  return { key: newKey('group'), title, questions: [newQuestion()] };
}

export function emptyPoolDraft(): PoolDraft {
  return { title: '', sku: '', questionGroups: [newGroup()] };
}

export function poolDraftOf(form: Form): PoolDraft {
  return {
    title: form.title,
    sku: form.sku,
    questionGroups: form.questionGroups.map((group) => ({
      key: newKey('group'),
      uuid: group.uuid,
      title: group.title,
      questions: group.questions.map((question) => ({
        key: newKey('question'),
        uuid: question.uuid,
        title: question.title,
        options: question.options.map((option) => ({
          key: newKey('option'),
          uuid: option.uuid,
          title: option.title,
          problematic: option.problematic,
        })),
      })),
    })),
  };
}

/** The request's `form`: the draft's paths are the body's, so the contract's messages land on the inputs. */
export function toPoolBody(draft: PoolDraft): FormInput {
  return {
    title: draft.title,
    sku: draft.sku.trim() === '' ? undefined : draft.sku,
    isPool: true,
    poolUuid: null,
    manuallySendable: true,
    questionGroups: draft.questionGroups.map((group) => ({
      uuid: group.uuid,
      title: group.title,
      questions: group.questions.map((question) => ({
        uuid: question.uuid,
        title: question.title,
        options: question.options.map((option) => ({
          uuid: option.uuid,
          title: option.title,
          problematic: option.problematic,
        })),
      })),
    })),
  };
}

const poolFormSchema = contractFormSchema(formInputSchema, toPoolBody);

/** `{ path: message }`: the contract's judgement of the draft (empty title, too few or duplicate options…). */
export function poolDraftErrors(draft: PoolDraft): Record<string, string> {
  return formErrors(poolFormSchema, draft);
}

/** The sku the API will give the pool when the vet leaves it empty. */
export function derivedPoolSku(draft: PoolDraft): string {
  return draft.sku.trim() || optionSku(draft.title);
}

/** Moves `from` to `to` (both indexes of `list`); anything out of range leaves a copy unchanged. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const moved = [...list];
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return moved;
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as T);
  return moved;
}

/**
 * The item whose input a problem belongs on: the form (`form`), a group, a question (its title, or its
 * options as a whole) or an option. The builder shows a problem once that item has been edited, or
 * after a first attempt to save, so a new pool does not open covered in red.
 */
export function problemOwner(draft: PoolDraft, path: string): string {
  const parts = path.split('.');
  if (parts[0] !== 'questionGroups' || parts.length < 3) return 'form';
  const group = draft.questionGroups[Number(parts[1])];
  if (!group) return 'form';
  if (parts[2] !== 'questions' || parts.length < 5) return group.key;
  const question = group.questions[Number(parts[3])];
  if (!question) return group.key;
  if (parts[4] !== 'options' || parts.length < 6) return question.key;
  return question.options[Number(parts[5])]?.key ?? question.key;
}

/** The path of the server's detail (`form.questionGroups.0.title`) on the draft. */
export function draftPathOf(serverPath: string): string {
  return serverPath.startsWith('form.') ? serverPath.slice('form.'.length) : serverPath;
}

export function questionCount(draft: PoolDraft): number {
  return draft.questionGroups.reduce((sum, group) => sum + group.questions.length, 0);
}

/** The draft without its React keys: two drafts that would save the same body are the same. */
export function draftFingerprint(draft: PoolDraft): string {
  return JSON.stringify(toPoolBody(draft));
}

/** The body that saves `form`'s questions again, ids dropped so the copy gets its own. */
export function duplicateBody(form: Form, takenSkus: ReadonlySet<string>): FormInput {
  let sku = `${form.sku}_copy`.slice(0, 100);
  for (let n = 2; takenSkus.has(sku); n += 1) sku = `${form.sku}_copy_${n}`.slice(0, 100);
  return {
    title: `${form.title} (copy)`.slice(0, 200),
    sku,
    isPool: form.isPool,
    poolUuid: null,
    manuallySendable: form.manuallySendable,
    questionGroups: form.questionGroups.map((group) => ({
      title: group.title,
      questions: group.questions.map((question) => ({
        title: question.title,
        options: question.options.map((option) => ({ title: option.title, problematic: option.problematic })),
      })),
    })),
  };
}
