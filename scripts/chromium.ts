import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests drive Debian's Chromium (no browser is downloaded by npm). When it is missing
 * and we may install packages, it is installed; otherwise the reason is said plainly.
 */
export function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${chromiumPath}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  process.stdout.write('Installing Chromium with apt-get…\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
  if (!existsSync(chromiumPath)) throw new Error(`apt-get installed chromium, but ${chromiumPath} is still missing.`);
}
