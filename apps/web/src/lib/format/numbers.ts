const numberFormats = new Map<number, Intl.NumberFormat>();

/** British grouping and decimal point, at most `decimals` decimals; one cached formatter per precision. */
export function formatNumber(value: number, decimals = 1): string {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format.format(value);
}
