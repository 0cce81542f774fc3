/** The server's base64 ThumbHash as its bytes. */
export function decodeThumbHash(placeholder: string): Uint8Array {
  return Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));
}
