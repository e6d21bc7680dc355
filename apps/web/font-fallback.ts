import { generateFontFace, getMetricsForFamily } from 'fontaine';
import type { Plugin } from 'vite';

/** Arial's widths under the names a machine may have them: Arial (macOS, Windows), Arimo or Liberation Sans (Linux). */
const ARIAL_LIKE = {
  regular: ['Arial', 'ArialMT', 'Arimo', 'Liberation Sans'],
  bold: ['Arial Bold', 'Arial-BoldMT', 'Arimo Bold', 'Liberation Sans Bold'],
};

/**
 * Montserrat arrives after the first paint (`font-display: swap`, and a single-page app paints only
 * once its scripts ran). Drawn first in a plain sans-serif of other widths, the text rewrapped when the
 * font came and pushed the home page's cards down: a layout shift of 0.29 on a phone, which Lighthouse
 * weighs as a quarter of its score. `Montserrat fallback` is Arial scaled to Montserrat's average width,
 * ascent and descent (fontaine's metrics and formula), so the swap moves almost nothing.
 *
 * fontaine's own transform writes `local("Arial")` only, which Chromium on Linux does not resolve to
 * Liberation Sans; this writes the same faces with every Arial-compatible local name.
 */
export function fontFallback(options: { family: string; fallbackName: string; stylesheet: RegExp }): Plugin {
  let faces: Promise<string> | undefined;
  const build = async () => {
    const [preferred, arial] = await Promise.all([
      getMetricsForFamily(options.family),
      getMetricsForFamily('Arial'),
    ]);
    if (!preferred || !arial) throw new Error(`No font metrics for ${options.family} or Arial`);
    const face = (locals: string[], weight: string) =>
      generateFontFace(preferred, { name: options.fallbackName, font: 'Arial', metrics: arial })
        .replace(/src: [^;]+;/, `src: ${locals.map((name) => `local(${JSON.stringify(name)})`).join(', ')};`)
        .replace(/\n}\n$/, `\n  font-weight: ${weight};\n}\n`);
    return face(ARIAL_LIKE.regular, '100 500') + face(ARIAL_LIKE.bold, '600 900');
  };
  return {
    name: 'vetboard-font-fallback',
    async transform(code, id) {
      if (!options.stylesheet.test(id)) return null;
      faces ??= build();
      return { code: `${code}\n${await faces}`, map: null };
    },
  };
}
