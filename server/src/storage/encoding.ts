/** Base64 of UTF-8 JSON: how the VOD API hands `uploadAddress` and `uploadAuth` over (spec §5). */
export const base64Json = (value: object): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** Path segments encoded, slashes kept: `a b/c.mp4` → `a%20b/c.mp4`. */
export const encodeKey = (key: string): string => key.split('/').map(encodeURIComponent).join('/');
