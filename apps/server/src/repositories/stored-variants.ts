/** One stored, resized copy of an image: its storage key and pixel size. */
export interface StoredVariant {
  key: string;
  width: number;
  height: number;
}

/**
 * The one codec of the variant lists stored as JSON text (`posts.image_variants`,
 * `profiles.avatar_variants`): smallest first, keys never URLs.
 */
export const storedVariants = {
  encode(variants: readonly StoredVariant[]): string {
    return JSON.stringify(variants.map(({ key, width, height }) => ({ key, width, height })));
  },
  decode(json: string | null): StoredVariant[] {
    if (json === null || json === '') return [];
    return JSON.parse(json) as StoredVariant[];
  },
  keys(json: string | null): string[] {
    return storedVariants.decode(json).map((variant) => variant.key);
  },
};
