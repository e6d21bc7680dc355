import { describe, expect, it } from 'vitest';
import {
  draftFingerprint,
  duplicateBody,
  emptyPoolDraft,
  moveItem,
  newGroup,
  newOption,
  type PoolDraft,
  poolDraftErrors,
  problemOwner,
  toPoolBody,
} from './pool-builder.ts';

function draft(options: string[], title = 'Cardiac follow-up'): PoolDraft {
  const group = newGroup('Breathing');
  const question = group.questions[0];
  if (!question) throw new Error('a new group has a question');
  question.title = 'Does your pet cough at night?';
  question.options = options.map((option) => newOption(option));
  return { title, sku: '', questionGroups: [group] };
}

describe('the pool builder judged by the contract', () => {
  it('accepts a titled pool whose questions have two distinct options', () => {
    expect(poolDraftErrors(draft(['Never', 'Yes, sometimes']))).toEqual({});
  });

  it('names an empty title, a question with one option and duplicate option titles or skus', () => {
    expect(poolDraftErrors(draft(['Only'], ' '))).toEqual({
      title: 'Enter a title',
      'questionGroups.0.questions.0.options': 'A question needs at least two options',
    });
    expect(poolDraftErrors(draft(['Never', 'never']))).toEqual({
      'questionGroups.0.questions.0.options.1.title': 'Same title as option 1 ("never")',
    });
    expect(poolDraftErrors(draft(['Yes, sometimes', 'yes sometimes!']))).toEqual({
      'questionGroups.0.questions.0.options.1.title':
        '"yes sometimes!" and "Yes, sometimes" have the same sku "yes_sometimes"',
    });
  });

  it('refuses a sku that is not lower snake case, and leaves an empty one for the API to derive', () => {
    expect(poolDraftErrors({ ...draft(['A', 'B']), sku: 'Bad Sku' })).toHaveProperty('sku');
    expect(toPoolBody(draft(['A', 'B'])).sku).toBeUndefined();
  });

  it('puts a problem on the item it concerns, whatever its position', () => {
    const pool = draft(['Never', 'never']);
    const question = pool.questionGroups[0]?.questions[0];
    expect(problemOwner(pool, 'title')).toBe('form');
    expect(problemOwner(pool, 'questionGroups.0.title')).toBe(pool.questionGroups[0]?.key);
    expect(problemOwner(pool, 'questionGroups.0.questions.0.options')).toBe(question?.key);
    expect(problemOwner(pool, 'questionGroups.0.questions.0.options.1.title')).toBe(
      question?.options[1]?.key,
    );
  });
});

describe('reordering', () => {
  it('moves an item to a new position and ignores moves out of range', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('counts a reorder as a change to save, and the same content with new keys as none', () => {
    const pool = draft(['Never', 'Often']);
    const reordered = structuredClone(pool);
    const question = reordered.questionGroups[0]?.questions[0];
    if (question) question.options = moveItem(question.options, 1, 0);
    expect(draftFingerprint(reordered)).not.toBe(draftFingerprint(pool));
    expect(draftFingerprint(emptyPoolDraft())).toBe(draftFingerprint(emptyPoolDraft()));
  });
});

describe('duplicating a pool', () => {
  it('copies the questions in order without their ids, under a sku no listed pool has', () => {
    const form = {
      uuid: '6f1c0a52-8a8e-4b8e-9d0e-1f2a3b4c5d6e',
      title: 'Cardiac follow-up',
      sku: 'cardiac_follow_up',
      isPool: true,
      poolUuid: null,
      manuallySendable: true,
      version: 3,
      archived: false,
      questionCount: 1,
      checkupCount: 4,
      updatedAt: { seconds: 0 },
      updatedBy: null,
      questionGroups: [
        {
          uuid: '6f1c0a52-8a8e-4b8e-9d0e-1f2a3b4c5d6f',
          title: 'Breathing',
          questions: [
            {
              uuid: '6f1c0a52-8a8e-4b8e-9d0e-1f2a3b4c5d70',
              title: 'Cough at night?',
              options: [
                {
                  uuid: '6f1c0a52-8a8e-4b8e-9d0e-1f2a3b4c5d71',
                  title: 'Never',
                  sku: 'never',
                  problematic: false,
                },
                {
                  uuid: '6f1c0a52-8a8e-4b8e-9d0e-1f2a3b4c5d72',
                  title: 'Often',
                  sku: 'often',
                  problematic: true,
                },
              ],
            },
          ],
        },
      ],
    };
    const body = duplicateBody(form, new Set(['cardiac_follow_up_copy']));
    expect(body).toMatchObject({ title: 'Cardiac follow-up (copy)', sku: 'cardiac_follow_up_copy_2' });
    expect(body.questionGroups).toEqual([
      {
        title: 'Breathing',
        questions: [
          {
            title: 'Cough at night?',
            options: [
              { title: 'Never', problematic: false },
              { title: 'Often', problematic: true },
            ],
          },
        ],
      },
    ]);
  });
});
