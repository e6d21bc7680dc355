/** A word's English forms for `Intl.PluralRules`' categories: English uses only these two. */
export interface PluralForms {
  one: string;
  other: string;
}

const rules = new Intl.PluralRules('en-GB');

/** The form of `forms` for `count` ("answer" for 1, "answers" for 0 or 2): never string concatenation (issue #39). */
export function pluralForm(count: number, forms: PluralForms): string {
  return rules.select(count) === 'one' ? forms.one : forms.other;
}

/** The count and its word: "1 problematic answer", "3 problematic answers". */
export function countOf(count: number, forms: PluralForms): string {
  return `${count.toLocaleString('en-GB')} ${pluralForm(count, forms)}`;
}

const DAY_FORMS = { one: 'day', other: 'days' };
const WEEK_FORMS = { one: 'week', other: 'weeks' };
const MONTH_FORMS = { one: 'month', other: 'months' };

/**
 * A span of days in the one unit a vet would write it in: days under two weeks, weeks under three
 * months, then months ("9 days", "4 weeks", "3 months"), so a sentence never says a span twice over.
 */
export function periodOf(days: number): string {
  const whole = Math.max(0, Math.round(days));
  if (whole < 14) return countOf(whole, DAY_FORMS);
  if (whole < 91) return countOf(Math.round(whole / 7), WEEK_FORMS);
  return countOf(Math.round(whole / 30.44), MONTH_FORMS);
}
