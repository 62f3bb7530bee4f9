/**
 * The few server-rendered pages of the account flows: the phone's scan confirmation and the
 * operator's SMS outbox. Plain HTML and inline styles, no script (the CSP forbids inline
 * scripts and none is needed), every dynamic value escaped.
 */
import { escapeHtml } from './escape-html.ts';

/** Marks a string as already-escaped HTML. */
export interface Html {
  html: string;
}
export const raw = (html: string): Html => ({ html });

/** A tagged template that escapes every interpolated value unless it is `Html`. */
export function html(strings: TemplateStringsArray, ...values: Array<string | number | Html | Html[]>): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const part = Array.isArray(value)
      ? value.map((v) => v.html).join('')
      : typeof value === 'object'
        ? value.html
        : escapeHtml(String(value));
    out += part + (strings[i + 1] ?? '');
  });
  return raw(out);
}

const STYLE = `
body{font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;padding:24px;color:#1f1f1f;background:#f5f5f7}
main{max-width:720px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 12px}p{line-height:1.6}small,.en{color:#666}
button{font-size:17px;padding:12px 20px;border:0;border-radius:8px;background:#593BFF;color:#fff;width:100%}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{border-bottom:1px solid #eee;padding:8px;text-align:left;vertical-align:top}
.warn{background:#fff7e6;border:1px solid #ffd591;border-radius:8px;padding:8px 12px}.ok{color:#00A870}.bad{color:#E34D59}
input{font-size:15px;padding:6px 8px}`;

/** A whole page: title, body, viewport for phones, `noindex`. */
export function page(title: string, body: Html): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body.html}</main></body></html>`;
}

/** A page with one message in both languages. */
export function messagePage(title: string, zhCN: string, enUS: string, tone: 'ok' | 'bad' = 'bad'): string {
  return page(title, html`<h1 class="${tone}">${title}</h1><p>${zhCN}</p><p class="en">${enUS}</p>`);
}
