/**
 * The kana rows (行) by which Japanese lists of people are found: あ か さ た な は ま や ら わ. A name
 * belongs to the row of the first kana of its reading (フリガナ), voiced or not (ガ is in か), written
 * in hiragana, katakana or half-width katakana.
 */
export const kanaRows = ['あ', 'か', 'さ', 'た', 'な', 'は', 'ま', 'や', 'ら', 'わ'] as const;
export type KanaRow = (typeof kanaRows)[number];

/** The first hiragana of each row and the one after its last, in code point order. */
const rowStarts: ReadonlyArray<[KanaRow, string, string]> = [
  ['あ', 'ぁ', 'か'],
  ['か', 'か', 'さ'],
  ['さ', 'さ', 'た'],
  ['た', 'た', 'な'],
  ['な', 'な', 'は'],
  ['は', 'は', 'ま'],
  ['ま', 'ま', 'ゃ'],
  ['や', 'ゃ', 'ら'],
  ['ら', 'ら', 'ゎ'],
  ['わ', 'ゎ', 'ゕ'],
];

const katakanaToHiragana = 0x30a1 - 0x3041;

/** The row of a reading, or null when it does not begin with a kana (none kept, or written otherwise). */
export function kanaRowOf(reading: string): KanaRow | null {
  // NFKC turns half-width katakana into full-width; NFD then parts a voiced kana from its mark.
  const first = reading.trim().normalize('NFKC').normalize('NFD').charAt(0);
  if (first === '') return null;
  const hiragana = toHiragana(first);
  const row = rowStarts.find(([, from, to]) => hiragana >= from && hiragana < to);
  return row ? row[0] : null;
}

function toHiragana(text: string): string {
  return Array.from(text, (character) => {
    const code = character.charCodeAt(0);
    return code >= 0x30a1 && code <= 0x30f6 ? String.fromCharCode(code - katakanaToHiragana) : character;
  }).join('');
}

/** Text as a search compares it: full-width folded, lower case, katakana as hiragana, no spaces. */
function searchForm(text: string): string {
  return toHiragana(text.normalize('NFKC').toLowerCase().replace(/\s+/g, ''));
}

/** Whether a typed search finds a person by name or reading, in hiragana, katakana or half-width alike. */
export function matchesPerson(person: { name: string; phonetic_name?: string }, query: string): boolean {
  const wanted = searchForm(query);
  return wanted === '' || [person.name, person.phonetic_name ?? ''].some((text) => searchForm(text).includes(wanted));
}
