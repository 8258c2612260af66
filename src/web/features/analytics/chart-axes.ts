import { asHours } from './analytics-format.ts';

/** The longest name a bar is labelled with whole; a longer one is cut with …, and the table under the chart has it whole. */
const NAME_LABEL_MAX = 10;

/** Names slanted below their bars, with room for a name of ten characters and a period of two dates. */
const slantedAxis = { angle: -30, textAnchor: 'end', height: 90 } as const;

/**
 * Every bar named, where the chart's own spacing would leave out the labels that collide: the names
 * slant, and a long one is cut, so that each bar of twenty machines keeps its name.
 */
export const nameAxis = {
  ...slantedAxis,
  interval: 0,
  tickFormatter: (name: string) => (name.length > NAME_LABEL_MAX ? `${name.slice(0, NAME_LABEL_MAX - 1)}…` : name),
} as const;

/**
 * Days, weeks or months in order: slanted as the names are, but only as many as fit without
 * touching, the first and the last always, so that four months of days stay readable (the table
 * under the chart has every one). A period is never cut: weeks of one month differ only at their end.
 */
export const periodAxis = { ...slantedAxis, interval: 'preserveStartEnd', minTickGap: 12 } as const;

/**
 * Durations up the side in whole hours or minutes (the chart's own ticks would be 0.85, 1.7, 2.55),
 * wide enough for 1,000時間 beside the tick's offset.
 */
export const durationAxis = { allowDecimals: false, width: 84 } as const;

/**
 * Up to this much time on the largest bar, a chart of durations counts in minutes: in whole hours the
 * stops of a day or of one machine (half an hour, twenty minutes) would be slivers at the foot of a
 * 0–4時間 axis.
 */
const MINUTES_UP_TO_SECONDS = 2 * 3600;

/** The unit of a chart of durations, as fits its largest value, and how seconds are drawn in it. */
export function durationScale(largestSeconds: number): { unit: string; of: (seconds: number) => number } {
  if (largestSeconds >= MINUTES_UP_TO_SECONDS) return { unit: '時間', of: asHours };
  return { unit: '分', of: (seconds) => Math.round(seconds / 6) / 10 };
}

/** The legend in the order of the series (the bars' order), where the chart would sort it by name. */
export const legendInOrder = (series: ReadonlyArray<{ name: string }>) => ({
  itemSorter: (item: { value?: unknown }) => series.findIndex((one) => one.name === item.value),
});
