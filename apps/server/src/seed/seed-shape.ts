/**
 * The shapes of attention in a seeded community: totals split with a long tail, and people picked
 * with a skew (a few very active or very popular, most now and then).
 */
import type { Random } from '../random';

export function ensure(condition: boolean, message: string): void {
  if (!condition) throw new RangeError(message);
}

/**
 * Splits `total` into integer parts proportional to `weights`, none above `cap`; the parts sum to
 * `total` exactly (what the floors leave over goes one by one to random parts with room).
 */
export function apportion(
  total: number,
  weights: readonly number[],
  cap: number,
  random: Random,
): Int32Array {
  const counts = new Int32Array(weights.length);
  if (weights.length === 0 || total <= 0) return counts;
  ensure(total <= weights.length * cap, `cannot place ${total} items with at most ${cap} each`);
  let remaining = total;
  let open = weights.map((_weight, index) => index);
  for (;;) {
    const weightSum = open.reduce((sum, index) => sum + (weights[index] ?? 0), 0);
    if (weightSum <= 0) break;
    const budget = remaining;
    let given = 0;
    const stillOpen: number[] = [];
    for (const index of open) {
      const share = Math.floor((budget * (weights[index] ?? 0)) / weightSum);
      const add = Math.min(share, cap - (counts[index] ?? 0));
      counts[index] = (counts[index] ?? 0) + add;
      given += add;
      if ((counts[index] ?? 0) < cap) stillOpen.push(index);
    }
    remaining -= given;
    open = stillOpen;
    if (given === 0 || remaining === 0) break;
  }
  while (remaining > 0) {
    const slot = random.int(0, open.length - 1);
    const index = open[slot] ?? 0;
    if ((counts[index] ?? 0) < cap) {
      counts[index] = (counts[index] ?? 0) + 1;
      remaining -= 1;
    } else {
      open[slot] = open[open.length - 1] ?? 0;
      open.pop();
    }
  }
  return counts;
}

/** Picks people with a skew: a few are very active, most now and then. */
export function skewedPicker(random: Random, count: number, exponent: number): () => number {
  const byActivity = random.shuffle(Array.from({ length: count }, (_value, index) => index));
  return () => byActivity[Math.floor(count * Math.pow(random.next(), exponent))] ?? 0;
}
