import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { messages } from '../../domain/messages.ts';

const reload = () => window.location.reload();

/** The last time a screen not fetched while online loaded the page again, kept across that load. */
const RELOADED_AT_KEY = 'kosu.screen-not-loaded.reloaded-at';
/** At most one such load a minute: a file missing for good then says so instead of loading forever. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * Online, a screen's code not fetched is most often a version deployed since this page was loaded,
 * whose files replaced this one's: the page is loaded again once, to come up in the new version.
 * True when it is.
 */
function reloadedForNewVersion(): boolean {
  if (!navigator.onLine) return false;
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY));
  if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return false;
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  reload();
  return true;
}

/**
 * In place of a screen whose code could not be fetched (the network lost before the tablet ever kept
 * it, or a version deployed since): why, and the page loaded again as soon as the browser reports the
 * network back, since nobody may be at a station's tablet to press 再読み込み; online, loaded again at
 * once (a new version), and a second failure within the minute goes to the console, as the code's own.
 */
export function ScreenNotLoaded({ error }: { error: unknown }) {
  useEffect(() => {
    if (!reloadedForNewVersion() && navigator.onLine) console.error(error);
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [error]);
  return (
    <Alert color="red" title="読み込みに失敗しました。" role="alert" m="md">
      <Stack gap="sm" align="flex-start">
        <Text>{messages.http.network}</Text>
        <Text>ネットワークが戻ると自動で表示します。</Text>
        <Button color="red" variant="outline" onClick={reload}>
          再読み込み
        </Button>
      </Stack>
    </Alert>
  );
}
