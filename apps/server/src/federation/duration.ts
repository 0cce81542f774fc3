/**
 * Fedify passes delays and times to live as `Temporal.Duration`, a type TypeScript 5.9 does not
 * know yet (it comes from Fedify's polyfill): read it through the one method we need.
 */
interface TotalOfDuration {
  total(options: { unit: 'millisecond' }): number;
}

export function durationMs(duration: unknown): number | undefined {
  if (duration === undefined || duration === null) return undefined;
  return (duration as TotalOfDuration).total({ unit: 'millisecond' });
}
