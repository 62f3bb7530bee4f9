/**
 * Just enough XML for the store's answers, flat and fixed and the same in OSS and S3
 * (ListPartsResult, Error, InitiateMultipartUploadResult): elements found by name, text unescaped. No DOMParser, so the
 * uploader runs in Node as well as in a browser.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const UNESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

export const unescapeXml = (text: string): string =>
  text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi,
    (entity, decimal?: string, hex?: string, name?: string) => {
      if (decimal) return String.fromCodePoint(Number(decimal));
      if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
      return UNESCAPES[name ?? ''] ?? entity;
    },
  );

/** The raw contents of every `<tag>…</tag>` in `xml`, in order. */
export function xmlElements(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g');
  return Array.from(xml.matchAll(pattern), (match) => match[1]!);
}

/** The text of the first `<tag>` in `xml`, unescaped; undefined when there is none. */
export function xmlText(xml: string, tag: string): string | undefined {
  const inner = xmlElements(xml, tag)[0];
  return inner === undefined ? undefined : unescapeXml(inner).trim();
}

/** The fields of an error answer (`<Error><Code>…</Code>…</Error>`), OSS or S3. */
export function parseOssError(xml: string): { code?: string; message?: string; requestId?: string } {
  const error = xmlElements(xml, 'Error')[0];
  if (error === undefined) return {};
  return {
    code: xmlText(error, 'Code'),
    message: xmlText(error, 'Message'),
    requestId: xmlText(error, 'RequestId'),
  };
}
