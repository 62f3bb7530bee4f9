import { type Plugin, parseAst } from 'vite';

/** The contract's sources (`contract/src/*.ts`), wherever the workspace link resolves them. */
const CONTRACT_SOURCE = /[\\/]contract[\\/]src[\\/].*\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  declaration?: Statement | null;
  declarations?: Declarator[];
}

/**
 * Marks each module-level value of the contract that is built by a call (`z.object(…)`,
 * `z.string().trim()…`, `routedUnion(…)`) as pure, by wrapping it in an annotated arrow:
 * `/* @__PURE__ *\/ (() => (z.object(…)))()`. The bundler may then drop every schema no code uses.
 *
 * Without it a bundle keeps every schema of each contract module it touches (a call might do
 * something), so the login page, needing only a header name from `auth.ts`, carried that
 * module's schemas and with them all of zod (~60 KB gzip). Building a schema has no effect but
 * its value; module-level statements (a registry's `.register`) are left as they are.
 */
/** True when a call appears anywhere inside `node` (an object literal's values). */
function hasCall(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  if ((node as Node).type === 'CallExpression') return true;
  return Object.values(node).some((child) =>
    Array.isArray(child) ? child.some(hasCall) : typeof child === 'object' && hasCall(child),
  );
}

export function wrapModuleLevelCalls(code: string): string | undefined {
  let program: { body: Statement[] };
  try {
    program = parseAst(code) as unknown as { body: Statement[] };
  } catch {
    return undefined;
  }
  const inits: Node[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations ?? []) {
      // Calls, and object literals (a shared shape such as `{ start: wireDay, _t: z.coerce… }`,
      // whose calls would otherwise keep zod in a page needing only a constant of its module).
      const init = declarator.init;
      if (init?.type === 'CallExpression' || (init?.type === 'ObjectExpression' && hasCall(init))) {
        inits.push(init);
      }
    }
  }
  if (inits.length === 0) return undefined;
  let result = code;
  // From the end, so earlier offsets stay valid.
  for (const init of inits.sort((a, b) => b.start - a.start)) {
    result = `${result.slice(0, init.start)}/* @__PURE__ */ (() => (${result.slice(init.start, init.end)}))()${result.slice(init.end)}`;
  }
  return result;
}

export function pureContractSchemas(): Plugin {
  return {
    name: 'designer-console:pure-contract-schemas',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(code, id) {
        if (!CONTRACT_SOURCE.test(id)) return null;
        const wrapped = wrapModuleLevelCalls(code);
        return wrapped === undefined ? null : { code: wrapped, map: null };
      },
    },
  };
}
