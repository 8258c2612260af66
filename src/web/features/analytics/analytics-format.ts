import { formatCount, formatShownDuration } from '../../../domain/product-cost-metrics.ts';

/**
 * How 分析 writes its figures: durations as every screen shows them (H:MM, and H:MM:SS where H:MM
 * would read 0:00), percentages with one decimal, whole yen.
 */
export const hours = (seconds: number) => formatShownDuration(seconds * 1000);
export const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
export const yen = (value: number | null) => (value === null ? '—' : `${formatCount(value)}円`);
/** 良品1枚あたり原価, to the sen: 14.58円. */
export const yenPerSheet = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}円`);
/** A rate, 時間チャージ or 労務単価: 3,000円/時. */
export const yenPerHour = (value: number) => `${formatCount(value)}円/時`;
export const count = formatCount;
/** Hours as a number, for a chart's axis. */
export const asHours = (seconds: number) => Math.round(seconds / 36) / 100;
