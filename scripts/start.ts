import { ensureClientBuild } from './client-build.ts';

ensureClientBuild();
await import('../src/server/main.ts');
