/**
 * Client-only sample people for the stories strip and the suggestions list (the spec says these
 * are hardcoded samples, not server entities). Generated from a fixed seed so every render, every
 * visit and every test sees the same names.
 */
export interface SamplePerson {
  id: string;
  username: string;
  fullName: string;
  verified: boolean;
}

const firstNames = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Kai',
  'Lena',
  'Omar',
  'Iris',
  'Theo',
  'Nina',
  'Hugo',
  'Sara',
  'Ezra',
  'Maya',
  'Leo',
  'Ines',
  'Ravi',
  'Yuki',
  'Aria',
];
const lastNames = [
  'Moreau',
  'Okafor',
  'Silva',
  'Tanaka',
  'Novak',
  'Haddad',
  'Larsen',
  'Costa',
  'Kim',
  'Rossi',
  'Mendes',
  'Fischer',
  'Ahmed',
  'Nguyen',
  'Berg',
  'Quinn',
];
const handles = ['shoots', 'travels', 'eats', 'studio', 'daily', 'frames', 'film', 'outdoors'];

/** mulberry32: a tiny, well-mixed 32-bit PRNG; plenty for picking sample names. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** `count` distinct sample people, the same for the same seed. */
export function samplePeople(count: number, seed: number): SamplePerson[] {
  const random = seededRandom(seed);
  const people: SamplePerson[] = [];
  const taken = new Set<string>();
  while (people.length < count) {
    const first = pick(firstNames, random);
    const last = pick(lastNames, random);
    const style = Math.floor(random() * 3);
    const username =
      style === 0
        ? `${first}.${last}`.toLowerCase()
        : style === 1
          ? `${first}_${pick(handles, random)}`.toLowerCase()
          : `${first}${last.slice(0, 3)}${Math.floor(random() * 90) + 10}`.toLowerCase();
    if (taken.has(username)) continue;
    taken.add(username);
    people.push({
      id: `sample-${seed}-${people.length}`,
      username,
      fullName: `${first} ${last}`,
      verified: random() < 0.2,
    });
  }
  return people;
}

/** A stable 32-bit hash of a string (FNV-1a), used to pick avatar colours. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
