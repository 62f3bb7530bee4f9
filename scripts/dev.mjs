// npm run dev: the server in watch mode on PORT (3000) plus Vite on 5173 proxying /designerapi to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './web-build.mjs';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: 'none' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit' }),
];
const stopAll = (signal) => {
  for (const child of children) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children)
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exit(code ?? 0);
  });
