import { OssError } from './errors.ts';

/** One element: a name and either text or child elements, in order (repeats allowed). */
export type XmlElement = [name: string, content: string | number | boolean | XmlElement[]];

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const unescapeXml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-f]+));/gi, (entity, name: string, dec, hex) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    const found = Object.entries(ENTITIES).find(([, escaped]) => escaped === `&${name.toLowerCase()};`);
    return found ? found[0] : entity;
  });

function renderElement([name, content]: XmlElement): string {
  const inner = Array.isArray(content) ? content.map(renderElement).join('') : escapeXml(String(content));
  return `<${name}>${inner}</${name}>`;
}

/** A whole XML answer as OSS writes it: declaration, then the root element. */
export const xmlDocument = (root: XmlElement): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${renderElement(root)}\n`;

/** The body of an OSS error answer: Code, Message, RequestId, HostId and any details. */
export function errorDocument(
  error: OssError,
  requestId: string,
  hostId: string,
  details: Record<string, string> = {},
): string {
  const extra = Object.entries({ ...details, ...error.details }).map(([k, v]): XmlElement => [k, v]);
  return xmlDocument([
    'Error',
    [
      ['Code', error.code],
      ['Message', error.message],
      ['RequestId', requestId],
      ['HostId', hostId],
      ...extra,
    ],
  ]);
}

export interface CompletedPart {
  partNumber: number;
  /** As the client sent it, quotes removed, upper case (OSS ETags are upper-case hex). */
  etag: string;
}

/**
 * Reads the CompleteMultipartUpload body: `<Part><PartNumber>n</PartNumber><ETag>"…"</ETag></Part>`…
 * The grammar is fixed and flat, so a strict pattern reader is enough and never expands entities
 * beyond the five predefined ones (no DTDs, no external entities).
 */
export function parseCompleteMultipartUpload(body: string): CompletedPart[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw new OssError('MalformedXML');
  const root = /<CompleteMultipartUpload(?:\s[^>]*)?>([\s\S]*)<\/CompleteMultipartUpload>/.exec(body);
  if (!root) throw new OssError('MalformedXML');
  const inner = root[1]!;
  const parts: CompletedPart[] = [];
  const partPattern = /<Part>([\s\S]*?)<\/Part>/g;
  for (const match of inner.matchAll(partPattern)) {
    const number = /<PartNumber>\s*(\d{1,6})\s*<\/PartNumber>/.exec(match[1]!);
    const etag = /<ETag>([\s\S]*?)<\/ETag>/.exec(match[1]!);
    if (!number || !etag) throw new OssError('MalformedXML');
    parts.push({
      partNumber: Number(number[1]),
      etag: unescapeXml(etag[1]!).trim().replace(/^"|"$/g, '').toUpperCase(),
    });
  }
  if (parts.length === 0 || inner.replace(partPattern, '').trim() !== '') throw new OssError('MalformedXML');
  return parts;
}
