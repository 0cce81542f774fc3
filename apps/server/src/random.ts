/**
 * A small seeded pseudo-random generator (sfc32 seeded through a string hash), so that the same
 * `--seed` gives the same users, posts, likes and comments on every machine and both databases.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** Heavy-tailed weight ≥ 1 (Pareto with shape `alpha`): most small, a few very large. */
  pareto(alpha: number): number;
  /** Sixteen random bytes, e.g. the random part of a UUIDv7. */
  bytes16(): Uint8Array;
  shuffle<T>(items: T[]): T[];
  /** An independent stream for one part of the data, so adding a step elsewhere changes nothing here. */
  fork(label: string): Random;
}

/** 32-bit string hash (cyrb53's mixing, folded), used to seed sfc32. */
function hashString(text: string, salt: number): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

export function createRandom(seed: string | number): Random {
  const key = String(seed);
  let a = hashString(key, 1);
  let b = hashString(key, 2);
  let c = hashString(key, 3);
  let d = hashString(key, 4);

  function nextUint32(): number {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  }
  // Warm up: the first outputs of sfc32 still show the seed's structure.
  for (let index = 0; index < 15; index++) nextUint32();

  const random: Random = {
    next: () => nextUint32() / 4294967296,
    int: (min, max) => min + Math.floor(random.next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(random.next() * items.length)] as (typeof items)[number];
    },
    chance: (probability) => random.next() < probability,
    pareto: (alpha) => 1 / Math.pow(1 - random.next(), 1 / alpha),
    bytes16: () => {
      const bytes = new Uint8Array(16);
      for (let index = 0; index < 16; index += 4) {
        const value = nextUint32();
        bytes[index] = value & 0xff;
        bytes[index + 1] = (value >>> 8) & 0xff;
        bytes[index + 2] = (value >>> 16) & 0xff;
        bytes[index + 3] = value >>> 24;
      }
      return bytes;
    },
    shuffle: (items) => {
      for (let index = items.length - 1; index > 0; index--) {
        const other = Math.floor(random.next() * (index + 1));
        const swap = items[index] as (typeof items)[number];
        items[index] = items[other] as (typeof items)[number];
        items[other] = swap;
      }
      return items;
    },
    fork: (label) => createRandom(`${key}/${label}`),
  };
  return random;
}
