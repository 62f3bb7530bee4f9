import { spawn } from 'node:child_process';

/** ffmpeg or ffprobe is not installed where FFMPEG_PATH / FFPROBE_PATH say. */
export class MediaToolMissing extends Error {
  constructor(readonly tool: string) {
    super(`${tool} is not installed (set FFMPEG_PATH / FFPROBE_PATH, or apt-get install ffmpeg)`);
  }
}

/** The tool ran and failed: its exit code (or signal) and the end of what it said. */
export class MediaToolFailed extends Error {
  constructor(
    readonly tool: string,
    readonly exit: number | string,
    readonly said: string,
  ) {
    super(`${tool} failed (${exit}): ${said.trim().split('\n').slice(-3).join(' | ').slice(0, 300)}`);
  }
}

export interface ToolRun {
  stdout: string;
  stderr: string;
}

/** What stdout and stderr keep at most: ffprobe's JSON is small, ffmpeg's log only matters at its end. */
const KEPT_CHARS = 256 * 1024;

/**
 * Runs `tool` with `args` (no shell), killed past `timeoutMs`; answers what it printed. A missing
 * program is MediaToolMissing, a non-zero exit or a kill MediaToolFailed. `onLine` sees each line
 * of stdout as it comes (ffmpeg's `-progress pipe:1`).
 */
export function runTool(
  tool: string,
  args: string[],
  options: { timeoutMs: number; onLine?: (line: string) => void },
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout = (stdout + chunk).slice(-KEPT_CHARS);
      if (!options.onLine) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-KEPT_CHARS);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new MediaToolMissing(tool) : error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new MediaToolFailed(tool, signal ?? code ?? 'unknown', stderr));
    });
  });
}
