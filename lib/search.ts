/**
 * Text folding for the ticker search (DESIGN.md §5, autocomplete): case- and diacritic-insensitive,
 * so "leroy" finds "Lerøy", "var energi" finds "Vår Energi" and "orsted" finds "Ørsted".
 * The same function folds the stored `tickers.search_name` and the user's query; both sides must
 * agree, so change it only together with a re-sync of the tickers (the sync rewrites search_name).
 */

/** Letters that Unicode decomposition does not reduce to a base letter plus marks. */
const SPECIAL_LETTERS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};
const SPECIAL_LETTER = /[øæœßđðþłı]/g;
const COMBINING_MARKS = /\p{M}+/gu;
/** Anything that is not a letter or a digit separates words. */
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/**
 * Lower-case, strip diacritics (å→a, ö→o, é→e, ü→u via NFD), spell out the letters that have no
 * decomposition (ø→o, æ→ae, ß→ss…), and turn every run of punctuation or spaces into one space,
 * trimmed. "Lerøy Seafood Group ASA" → "leroy seafood group asa"; "P/F Bakkafrost" → "p f bakkafrost".
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(SPECIAL_LETTER, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(SEPARATORS, ' ')
    .trim();
}
