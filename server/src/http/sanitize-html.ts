import { escapeHtml } from './escape-html.ts';

/**
 * A strict allow-list sanitiser for the rich text designers write (product descriptions, brand
 * stories). No HTML parser package is installed, so a small tokenizer reads the input as a
 * browser would at the level that matters here (tags, attributes, comments, raw-text elements)
 * and everything is written out again from scratch: tags and attributes not on the lists below
 * are dropped, text and attribute values are escaped, unclosed tags are closed. Scripts and
 * other active content are removed with their content; event handlers, `javascript:`-style
 * URLs and style values outside a few plain properties never survive.
 */

/** Tags kept (their attributes filtered); anything else is dropped, its text kept. */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);

/** Elements removed together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
  'select',
  'frameset',
  'noembed',
  'noframes',
  'plaintext',
]);

const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'width', 'height'],
};
const GLOBAL_ATTRIBUTES = ['style'];

/** Style properties kept, each value a plain colour, length, keyword or weight. */
const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'font-weight',
  'font-style',
  'font-size',
]);
const SAFE_STYLE_VALUE = /^[#a-z0-9.,%() -]{1,40}$/i;
const STYLE_FUNCTION = /([a-z-]+)\s*\(/gi;
const STYLE_FUNCTIONS_ALLOWED = new Set(['rgb', 'rgba', 'hsl', 'hsla']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  period: '.',
  comma: ',',
};

/** Character references decoded (numeric ones and the common named ones). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        return '\ufffd';
      }
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Text written out: markup characters escaped, character references that are names kept. */
const escapeText = (value: string) =>
  value
    .replace(/&(?!(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replaceAll('\u0000', '');

/** An http(s), mailto or same-site URL, or null. Checked on the decoded value without controls. */
export function safeUrl(raw: string, kind: 'link' | 'image'): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value === '') return null;
  const lower = value.toLowerCase();
  if (lower.startsWith('https://') || lower.startsWith('http://')) return value;
  if (lower.startsWith('/') && !lower.startsWith('/\\')) return value;
  if (kind === 'link' && (lower.startsWith('mailto:') || lower.startsWith('#'))) return value;
  return null;
}

/** Only plain declarations of the allowed properties; anything with url(), expression() or escapes goes. */
export function safeStyle(raw: string): string | null {
  const kept: string[] = [];
  for (const declaration of decodeEntities(raw).split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || !SAFE_STYLE_VALUE.test(value)) continue;
    const functions = [...value.matchAll(STYLE_FUNCTION)].map((m) => m[1]!.toLowerCase());
    if (functions.some((name) => !STYLE_FUNCTIONS_ALLOWED.has(name))) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.length > 0 ? kept.join('; ') : null;
}

interface Attribute {
  name: string;
  value: string;
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function parseAttributes(source: string): Attribute[] {
  const found: Attribute[] = [];
  for (const match of source.matchAll(ATTRIBUTE)) {
    found.push({ name: match[1]!.toLowerCase(), value: match[2] ?? match[3] ?? match[4] ?? '' });
  }
  return found;
}

function attributesOut(tag: string, attributes: Attribute[]): string {
  const allowed = [...(ATTRIBUTES[tag] ?? []), ...GLOBAL_ATTRIBUTES];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const { name, value } of attributes) {
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    let clean: string | null = decodeEntities(value);
    if (name === 'href') clean = safeUrl(value, 'link');
    else if (name === 'src') clean = safeUrl(value, 'image');
    else if (name === 'style') clean = safeStyle(value);
    else if (name === 'target') clean = clean === '_blank' ? '_blank' : null;
    else if (name === 'width' || name === 'height') clean = /^\d{1,4}$/.test(clean) ? clean : null;
    if (clean === null) continue;
    out.push(` ${name}="${escapeHtml(clean)}"`);
  }
  if (tag === 'a' && seen.has('target') && out.some((a) => a.startsWith(' target='))) {
    out.push(' rel="noopener noreferrer nofollow"');
  }
  if (tag === 'img' && !out.some((a) => a.startsWith(' src='))) return '';
  return out.join('');
}

/** The position after the element `tag` whose content starts at `from` (the end of input if unclosed). */
function skipElement(html: string, tag: string, from: number): number {
  const close = new RegExp(`</${tag}[\\s/>]`, 'ig');
  close.lastIndex = from;
  const match = close.exec(html);
  if (!match) return html.length;
  const end = html.indexOf('>', match.index);
  return end < 0 ? html.length : end + 1;
}

const TAG = /^<(\/?)([a-z][a-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/i;

/** The allow-listed form of `html` (see the file comment). Idempotent. */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const match = TAG.exec(html.slice(lt));
    if (!match) {
      // A '<' that starts no tag is text; an unterminated tag is dropped with the rest.
      if (/^<\/?[a-z]/i.test(html.slice(lt, lt + 3))) break;
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    const [whole, slash, rawName, rest] = match;
    const tag = rawName!.toLowerCase();
    i = lt + whole.length;
    if (slash) {
      const at = open.lastIndexOf(tag);
      if (at >= 0) {
        while (open.length > at) out += `</${open.pop()}>`;
      }
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(tag)) {
      if (!/\/\s*$/.test(rest!)) i = skipElement(html, tag, i);
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue;
    const attributes = attributesOut(tag, parseAttributes(rest!.replace(/\/\s*$/, '')));
    if (tag === 'img' && attributes === '') continue;
    out += `<${tag}${attributes}>`;
    if (!VOID_TAGS.has(tag)) open.push(tag);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** The text of sanitised HTML (tags removed, references decoded), e.g. to tell an empty editor. */
export const textOfHtml = (html: string): string =>
  decodeEntities(sanitizeHtml(html).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
