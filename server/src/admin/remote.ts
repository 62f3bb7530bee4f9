import { operatorApi } from '@dc/contract';
import type { AdminOutcome } from './execute.ts';
import type { OperatorFile } from './operator-file.ts';

/** Long enough for any listing; a server that accepted the connection answers well within it. */
const ANSWER_TIMEOUT_MS = 120_000;

/**
 * Runs `argv` on the server that wrote `operator.json`. Undefined when it does not answer as
 * that server would (nothing listening, another program on the port, a token it no longer
 * holds): the caller opens the database itself.
 */
export async function runOnServer(file: OperatorFile, argv: string[]): Promise<AdminOutcome | undefined> {
  let response: Response;
  try {
    response = await fetch(`${file.url}${operatorApi.run.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${file.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ argv }),
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
  } catch {
    return undefined;
  }
  try {
    const body = (await response.json()) as {
      code?: unknown;
      msg?: unknown;
      data?: Partial<AdminOutcome> | null;
    };
    // The server took the command and failed on it: say so rather than run it a second time.
    if (response.status >= 500 && typeof body.msg === 'string') {
      return { exitCode: 1, output: `the server failed to run it: ${body.msg}\n` };
    }
    const data = body.data;
    if (body.code !== 200 || typeof data?.exitCode !== 'number' || typeof data.output !== 'string') {
      return undefined;
    }
    return { exitCode: data.exitCode, output: data.output };
  } catch {
    return undefined;
  }
}
