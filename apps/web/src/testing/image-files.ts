/**
 * Files whose first bytes are a picture's (the pickers check bytes, not names or types): a
 * signature and a filler, not a drawable image. Size may be claimed larger than the bytes.
 */
const signatures = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  gif: [...'GIF89a'].map((c) => c.charCodeAt(0)),
  heic: [0, 0, 0, 24, ...'ftypheic'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
} as const;

export type PictureKind = keyof typeof signatures;

/** The kind a test file's name or type suggests, as a camera would have written it. */
function kindOf(name: string, type: string): PictureKind {
  const hint = `${type} ${name}`.toLowerCase();
  if (/png/.test(hint)) return 'png';
  if (/gif/.test(hint)) return 'gif';
  if (/hei[cf]/.test(hint)) return 'heic';
  return 'jpeg';
}

export function pictureFile(
  name: string,
  { type = 'image/jpeg', size, kind }: { type?: string; size?: number; kind?: PictureKind } = {},
): File {
  const head = new Uint8Array([...signatures[kind ?? kindOf(name, type)], 0, 0, 0, 0, 0, 0, 0, 0]);
  const file = new File([head], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A file whose first bytes are an MP4's (an `ftyp` box of brand `isom`), not a playable video. */
export function videoFile(name: string, type = 'video/mp4'): File {
  const head = [0, 0, 0, 24, ...'ftypisom', 0, 0, 2, 0, ...'isomiso2avc1mp41'].map((c) =>
    typeof c === 'string' ? c.charCodeAt(0) : c,
  );
  return new File([new Uint8Array(head)], name, { type });
}
