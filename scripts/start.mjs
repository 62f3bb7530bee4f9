// npm start: build the web app and the server if needed, then run the server, which serves it.
import { spawn } from 'node:child_process';
import { ensureServerBuild, serverNodeArgs } from './server-build.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
const entry = await ensureServerBuild();
let args;
try {
  args = serverNodeArgs(entry);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, args, {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
