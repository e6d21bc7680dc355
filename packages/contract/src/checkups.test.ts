import { describe, expect, it } from 'vitest';
import { formBuilderProblems, formInputSchema, optionSku } from './checkups.ts';

describe('option skus (SPEC §5: the snake-cased title)', () => {
  it('turns "Yes, Sometimes!" into yes_sometimes', () => {
    expect(optionSku('Yes, Sometimes!')).toBe('yes_sometimes');
  });

  it('lower-cases, joins runs of other characters into one underscore and trims the ends', () => {
    expect(optionSku('  --Coughing   at NIGHT?? ')).toBe('coughing_at_night');
    expect(optionSku('More than 3 times/day')).toBe('more_than_3_times_day');
    expect(optionSku('Très fatigué')).toBe('tres_fatigue');
  });
});

const question = (title: string, options: string[]) => ({
  title,
  options: options.map((option) => ({ title: option, problematic: false })),
});

describe('the form builder rules', () => {
  it('accepts a titled form whose questions have two distinct options or more', () => {
    expect(
      formBuilderProblems({
        title: 'Cardiac follow-up',
        questionGroups: [{ title: 'Breathing', questions: [question('Coughing?', ['Yes', 'No'])] }],
      }),
    ).toEqual([]);
  });

  it('names the empty title and the question with fewer than two options', () => {
    const problems = formBuilderProblems({
      title: ' ',
      questionGroups: [{ title: 'Breathing', questions: [question('Coughing?', ['Yes'])] }],
    });
    expect(problems.map((p) => p.path.join('.'))).toEqual(['title', 'questionGroups.0.questions.0.options']);
  });

  it('refuses two options of one question with the same sku, naming both', () => {
    const problems = formBuilderProblems({
      title: 'Skin',
      questionGroups: [
        { title: 'Itch', questions: [question('Scratching?', ['Yes, sometimes!', 'yes sometimes'])] },
      ],
    });
    expect(problems).toEqual([
      {
        path: ['questionGroups', 0, 'questions', 0, 'options', 1, 'title'],
        message: '"yes sometimes" and "Yes, sometimes!" have the same sku "yes_sometimes"',
      },
    ]);
  });

  it('refuses duplicate option titles in one question, but allows them across questions', () => {
    const problems = formBuilderProblems({
      title: 'Skin',
      questionGroups: [
        { title: 'Itch', questions: [question('A?', ['Yes', 'No', 'Yes']), question('B?', ['Yes', 'No'])] },
      ],
    });
    expect(problems.map((p) => p.path.join('.'))).toEqual(['questionGroups.0.questions.0.options.2.title']);
  });

  it('reports the builder problems as schema issues with their field paths', () => {
    const parsed = formInputSchema.safeParse({
      title: '',
      questionGroups: [{ title: 'G', questions: [question('Q?', ['One'])] }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'title',
      'questionGroups.0.questions.0.options',
    ]);
  });
});
