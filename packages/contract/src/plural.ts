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
