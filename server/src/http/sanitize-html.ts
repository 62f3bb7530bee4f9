import sanitize from 'sanitize-html';

/**
 * The allow-list sanitiser for the rich text designers write (product descriptions, brand
 * stories). Parsing is `sanitize-html` (htmlparser2, read as a browser reads HTML: raw-text
 * elements, foreign content, character references, implied end tags), so a trick that fools a
 * hand-written tokenizer meets a maintained parser instead (issue 16 item 7). The lists below are
 * the only place that says what survives: tags and attributes not on them are dropped, text and
 * attribute values are written out escaped, unclosed tags are closed. Scripts and other active
 * or foreign content are removed with their content; event handlers, `javascript:`-style URLs
 * and style values outside a few plain properties never survive.
 */

/** Tags kept (their attributes filtered); anything else is dropped, its text kept. */
const ALLOWED_TAGS = [
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
];
const VOID_TAGS = ['br', 'hr', 'img'];

/** Elements removed together with everything inside them (active, raw-text or foreign content). */
const DROPPED_WITH_CONTENT = [
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
  'option',
  'frameset',
  'noembed',
  'noframes',
  'plaintext',
];

const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'width', 'height'],
};
const GLOBAL_ATTRIBUTES = ['style'];
/** Added to a link that opens a new tab, so the page it opens cannot reach back. */
const NEW_TAB_REL = 'noopener noreferrer nofollow';

/** URL schemes an `href` or `src` may have (relative URLs are judged by `safeUrl`). */
const ALLOWED_SCHEMES = ['http', 'https', 'mailto'];

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

/** The URL rule on a value whose character references are already decoded. */
function safeDecodedUrl(decoded: string, kind: 'link' | 'image'): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const value = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value === '') return null;
  const lower = value.toLowerCase();
  if (lower.startsWith('https://') || lower.startsWith('http://')) return value;
  if (lower.startsWith('/') && !lower.startsWith('/\\')) return value;
  if (kind === 'link' && (lower.startsWith('mailto:') || lower.startsWith('#'))) return value;
  return null;
}

/** An http(s), mailto or same-site URL, or null. Checked on the decoded value without controls. */
export function safeUrl(raw: string, kind: 'link' | 'image'): string | null {
  return safeDecodedUrl(decodeEntities(raw), kind);
}

/** The style rule on a value whose character references are already decoded. */
function safeDecodedStyle(decoded: string): string | null {
  const kept: string[] = [];
  for (const declaration of decoded.split(';')) {
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

/** Only plain declarations of the allowed properties; anything with url(), expression() or escapes goes. */
export function safeStyle(raw: string): string | null {
  return safeDecodedStyle(decodeEntities(raw));
}

/**
 * The attributes of an allowed tag as kept: on the lists, first occurrence, values checked.
 * The parser hands them over decoded; sanitize-html escapes them again on the way out.
 */
function keptAttributes(tag: string, attributes: sanitize.Attributes): sanitize.Attributes {
  const allowed = [...(ATTRIBUTES[tag] ?? []), ...GLOBAL_ATTRIBUTES];
  const kept: sanitize.Attributes = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (!allowed.includes(name)) continue;
    let clean: string | null = value;
    if (name === 'href') clean = safeDecodedUrl(value, 'link');
    else if (name === 'src') clean = safeDecodedUrl(value, 'image');
    else if (name === 'style') clean = safeDecodedStyle(value);
    else if (name === 'target') clean = value === '_blank' ? '_blank' : null;
    else if (name === 'width' || name === 'height') clean = /^\d{1,4}$/.test(value) ? value : null;
    if (clean !== null) kept[name] = clean;
  }
  if (tag === 'a' && kept.target) kept.rel = NEW_TAB_REL;
  return kept;
}

/** sanitize-html writes void elements XHTML-style (`<br />`); the stored form stays HTML (`<br>`). */
const VOID_TAG_END = new RegExp(`(<(?:${VOID_TAGS.join('|')})\\b[^>]*?) />`, 'g');

/**
 * The allow-listed form of `html` (see the file comment). Idempotent: the first pass's output
 * is read once more, because a dropped wrapper can change how the parser nests what remained
 * (`<p><foreignObject><p>` nests the paragraphs, which read again close each other); the second
 * pass holds only allowed tags, which read the same way every time. What is stored is what a
 * re-save would store.
 */
export function sanitizeHtml(html: string): string {
  return allowListedOnce(allowListedOnce(html));
}

function allowListedOnce(html: string): string {
  // Whether each open element holds a kept element, to tell an empty paragraph: a stray `</p>`
  // makes one (as in a browser), and an empty one shows nothing, so it is not kept.
  const holdsKept: boolean[] = [];
  let closedHeldKept = false;
  const markParentHoldsKept = () => {
    if (holdsKept.length > 0) holdsKept[holdsKept.length - 1] = true;
  };
  const clean = sanitize(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: Object.fromEntries(
      ALLOWED_TAGS.map((tag) => [
        tag,
        [...(ATTRIBUTES[tag] ?? []), ...GLOBAL_ATTRIBUTES, ...(tag === 'a' ? ['rel'] : [])],
      ]),
    ),
    allowedSchemes: ALLOWED_SCHEMES,
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    selfClosing: VOID_TAGS,
    // Style values are judged by safeStyle, not rewritten by a CSS parser.
    parseStyleAttributes: false,
    transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: keptAttributes(tagName, attribs) }) },
    onOpenTag: () => {
      holdsKept.push(false);
    },
    onCloseTag: (name) => {
      closedHeldKept = holdsKept.pop() ?? false;
      // A dropped tag's kept content moves up to its parent.
      if (closedHeldKept && !ALLOWED_TAGS.includes(name)) markParentHoldsKept();
    },
    exclusiveFilter: (frame) => {
      // An image without a safe source is no image; an empty paragraph shows nothing.
      const dropped =
        (frame.tag === 'img' && !frame.attribs.src) ||
        (frame.tag === 'p' && !closedHeldKept && frame.text === '');
      if (!dropped) markParentHoldsKept();
      return dropped;
    },
  });
  return clean.replace(VOID_TAG_END, '$1>');
}

/** The text of sanitised HTML (tags removed, references decoded), e.g. to tell an empty editor. */
export const textOfHtml = (html: string): string =>
  decodeEntities(sanitizeHtml(html).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
