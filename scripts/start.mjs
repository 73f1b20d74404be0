// npm start: build the web app if needed, then run the server (API + app) on one port. The build
// runs beside the server's own start (database, migrations, demo data); the server waits for it
// only before it starts serving (told over the IPC channel: 'web-app-ready').
import { spawn } from 'node:child_process';
import { root, startWebBuild } from './web-build.mjs';

const built = startWebBuild();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: process.env,
});
void built.then(() => server.connected && server.send('web-app-ready'));
// A failed build ends npm start, and the server with it.
process.on('exit', () => server.exitCode === null && server.kill());
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
