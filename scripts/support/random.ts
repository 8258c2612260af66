/** A small deterministic generator, so that two generated data sets with one seed look alike. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  // Math.imul keeps the multiplication in 32 bits, where a plain * would lose digits past 2^53.
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const between = (low: number, high: number) => Math.floor(low + next() * (high - low + 1));
  const pick = <T>(items: readonly T[]): T => items[between(0, items.length - 1)]!;
  return { next, between, pick };
}
