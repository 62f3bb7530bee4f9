import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18 point 5: the web calls the server only through the contract's declared calls
 * (`call(<area>Api.<name>, …)`, web/src/api/call.ts, and `endpointUrl` for an address a link,
 * an image or a stream opens), so no page types an API path by hand. Together with
 * server/test/architecture/endpoints.test.ts (every declared call is a server route), a web call
 * to a route the server does not have fails the build's tests, not a user's click.
 *
 * Reads the sources with TypeScript's scanner: a path in a comment is not a call.
 */
const src = path.resolve(import.meta.dirname, '../../src');

/** The request layer itself: the client the typed calls go through. */
const REQUEST_LAYER = 'request/';
/** The typed client. */
const TYPED_CLIENT = 'api/call.ts';

const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');

function sources(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(src, name))
    .sort();
}

/** The string and template pieces of a file (comments skipped). */
function stringsOf(file: string): string[] {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    true,
    ts.LanguageVariant.JSX,
    readFileSync(file, 'utf8'),
  );
  const strings: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (
      kind === ts.SyntaxKind.StringLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      kind === ts.SyntaxKind.TemplateHead
    )
      strings.push(scanner.getTokenValue());
  }
  return strings;
}

describe('Issue 18 point 5: web calls typed from the contract', () => {
  it('no source outside the request layer spells an API path', () => {
    const spelled = sources()
      .filter((file) => !relative(file).startsWith(REQUEST_LAYER))
      .flatMap((file) =>
        stringsOf(file)
          .filter((text) => /designerapi\/v1/.test(text))
          .map((text) => `${relative(file)}: ${text}`),
      );
    expect(spelled).toEqual([]);
  });

  it('no source outside the typed client calls the request layer by URL', () => {
    const byUrl = /\brequest\.(?:get|getList|post|put|patch|delete|request)\s*[<(]/;
    const calls = sources()
      .filter((file) => !relative(file).startsWith(REQUEST_LAYER) && relative(file) !== TYPED_CLIENT)
      .filter((file) => byUrl.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(calls).toEqual([]);
  });
});
