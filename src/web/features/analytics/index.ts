/**
 * What 分析 lends to the others: how it writes its figures, its cards, and whose rate was missing with
 * links to the forms where rates are added; none of its charts.
 */
export { count, percent, yen, yenPerHour, yenPerSheet } from './analytics-format.ts';
export { FigureCards, type Figure } from './FigureCards.tsx';
export { MissingRateOwners } from './MissingRateOwners.tsx';
