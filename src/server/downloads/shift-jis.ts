import { createRequire } from 'node:module';
import type iconv from 'iconv-lite';

/**
 * Characters that Unicode input gives in their JIS form, which Windows' Shift_JIS (CP932, what Excel
 * reads and what iconv-lite writes) holds only in another form: a Mac's or a phone's 〜 is U+301C, and
 * CP932's wave dash is U+FF5E. Encoded as they come, each would be written as ?.
 */
const CP932_FORMS: Readonly<Record<string, string>> = {
  '\u301c': '\uff5e', // 〜 WAVE DASH → ～
  '\u2016': '\u2225', // ‖ DOUBLE VERTICAL LINE → ∥
  '\u2212': '\uff0d', // − MINUS SIGN → －
  '\u2014': '\u2015', // — EM DASH → ―
  '\u00a2': '\uffe0', // ¢ → ￠
  '\u00a3': '\uffe1', // £ → ￡
  '\u00ac': '\uffe2', // ¬ → ￢
  '\u00a6': '\uffe4', // ¦ → ￤
};
const JIS_FORMS = new RegExp(`[${Object.keys(CP932_FORMS).join('')}]`, 'g');

/** iconv-lite and its tables are loaded at the first Shift_JIS export, not at start. */
let encoder: typeof iconv | undefined;
const loadEncoder = () => (encoder ??= createRequire(import.meta.url)('iconv-lite') as typeof iconv);

/**
 * Text in Shift_JIS as Excel on Windows reads it. Characters that CP932 has in another form are written
 * in that form; those it lacks altogether (𠮷, for one) become ?, which is why UTF-8 is the default.
 */
export function encodeShiftJis(text: string): Buffer {
  return loadEncoder().encode(
    text.replace(JIS_FORMS, (character) => CP932_FORMS[character]!),
    'Shift_JIS',
  );
}
