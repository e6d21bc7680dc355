import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score 3 is "safely unguessable: moderate protection from offline slow-hash scenario"
 * (at least 10^8 guesses), which its authors recommend as the bar for a new password.
 */
const MIN_SCORE = 3;

export const WEAK_PASSWORD_ADVICE =
  'Choose a longer one: a short sentence of your own is easy to remember and hard to guess.';

// Loading the dictionaries takes about half a second: done once, on the first new password.
let estimator: ZxcvbnFactory | undefined;
function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  return estimator;
}

/** The words of a context that an attacker would try first: names, addresses, the product's words. */
function contextWords(words: ReadonlyArray<string | null | undefined>): string[] {
  const found = new Set<string>();
  for (const word of words) {
    const value = word?.trim().toLowerCase();
    if (!value) continue;
    found.add(value);
    found.add(value.replace(/[^\p{L}\p{N}]+/gu, ''));
    for (const part of value.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) found.add(part);
  }
  return [...found];
}

/**
 * ASVS 5.0 V6.2: a new password is checked against a list of common and breached passwords (zxcvbn's,
 * which also catches keyboard walks, repeats and sequences) and against the context's own words, with
 * no composition rules. Answers the reason it is refused, or null.
 */
export function weakPasswordReason(
  password: string,
  context: { refused: ReadonlyArray<string>; words: ReadonlyArray<string | null | undefined> },
): string | null {
  const normalized = password.normalize('NFKC');
  const lowered = normalized.trim().toLowerCase();
  if (context.refused.some((refused) => refused.trim().toLowerCase() === lowered)) {
    return `This password is published or used by this product. ${WEAK_PASSWORD_ADVICE}`;
  }
  const result = passwordEstimator().check(normalized, contextWords([...context.refused, ...context.words]));
  if (result.score >= MIN_SCORE) return null;
  const warning = result.feedback.warning ?? 'This password is too easy to guess.';
  return `${warning} ${WEAK_PASSWORD_ADVICE}`;
}
