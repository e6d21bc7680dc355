/** SPEC §9 "Boolean labels": a yes/no fact that was never recorded reads 'Unknown', not 'No'. */
export function booleanLabel(value: boolean | null | undefined): 'Yes' | 'No' | 'Unknown' {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return 'Unknown';
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** ISO 3166 alpha-2 code to its English name ('GB' → 'United Kingdom'); anything else is shown as given. */
export function countryName(code: string | null | undefined): string | null {
  if (!code) return null;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
