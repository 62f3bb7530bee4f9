import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  safeStyle,
  safeUrl,
  sanitizeHtml,
  textOfHtml,
} from '../../src/http/sanitize-html.ts';

describe('rich text sanitiser (issue 7: HTML with scripts in a description is stripped)', () => {
  it('keeps the allowed formatting and escapes text', () => {
    const html =
      '<h2>面料</h2><p>真丝 <strong>100%</strong> &amp; <em>手工</em> 1 &lt; 2</p><ul><li>a</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml('a > b & c')).toBe('a &gt; b &amp; c');
  });

  it('removes scripts, styles and other active elements with their content', () => {
    expect(sanitizeHtml('<p>hi</p><script>alert(1)</script><p>there</p>')).toBe('<p>hi</p><p>there</p>');
    expect(sanitizeHtml('<SCRIPT type="x">alert(1)</SCRIPT >ok')).toBe('ok');
    expect(
      sanitizeHtml('<style>body{}</style><iframe src="//x"></iframe><svg><script>1</script></svg>x'),
    ).toBe('x');
    expect(sanitizeHtml('<script>never closed')).toBe('');
    expect(sanitizeHtml('<!-- <script>alert(1)</script> -->ok')).toBe('ok');
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });

  it('strips event handlers and unknown attributes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" class="x" id="y">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<img src="https://a.example/x.png" onerror="alert(1)" alt="A">')).toBe(
      '<img src="https://a.example/x.png" alt="A">',
    );
    expect(sanitizeHtml('<b/onmouseover=alert(1)>x</b>')).toBe('<b>x</b>');
  });

  it('drops javascript:, data: and obfuscated URLs', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' java\tscript:alert(1)',
      'jav&#x61;script:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeHtml('<a href="https://shop.example/a?b=1&amp;c=2" target="_blank">x</a>')).toBe(
      '<a href="https://shop.example/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(safeUrl('/designerapi/v1/image-files/designers/1/images/a.png', 'image')).toBe(
      '/designerapi/v1/image-files/designers/1/images/a.png',
    );
    expect(safeUrl('mailto:a@b.c', 'image')).toBeNull();
  });

  it('keeps only plain style declarations (no expression(), url() or escapes)', () => {
    expect(sanitizeHtml('<span style="color: #c00; background-image: url(x)">r</span>')).toBe(
      '<span style="color: #c00">r</span>',
    );
    expect(safeStyle('width: expression(alert(1))')).toBeNull();
    expect(safeStyle('color: expression(alert(1))')).toBeNull();
    expect(safeStyle('color: \\65 xpression(1)')).toBeNull();
    expect(safeStyle('color: rgb(1, 2, 3); text-align: center')).toBe(
      'color: rgb(1, 2, 3); text-align: center',
    );
  });

  it('closes unclosed tags, drops stray end tags, and is idempotent', () => {
    expect(sanitizeHtml('<p><strong>bold')).toBe('<p><strong>bold</strong></p>');
    expect(sanitizeHtml('</div>text</p>')).toBe('text');
    const messy = '<div><p onclick=x>a<b>b</p><img src=/x.png><a href=javascript:1>c</div><script>';
    const once = sanitizeHtml(messy);
    expect(sanitizeHtml(once)).toBe(once);
  });

  it('decodes references and reads text', () => {
    expect(decodeEntities('&#60;&#x3E;&amp;&unknown;')).toBe('<>&&unknown;');
    expect(textOfHtml('<p>a&nbsp;<b>b</b></p><script>c</script>')).toBe('a b');
  });
});
