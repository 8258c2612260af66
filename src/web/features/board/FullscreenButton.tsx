import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';

const isFullscreen = () => document.fullscreenElement != null;

/**
 * 全画面 shows the board over the whole screen, as a TV on the wall needs; in it, 全画面を解除 leaves,
 * for a screen with a mouse but no Escape key at hand. Where the browser cannot show a page full screen
 * (Safari on an iPhone, an iPad before iPadOS 16.4) the button is left out: pressed, it would do nothing.
 */
export function FullscreenButton() {
  const [fullscreen, setFullscreen] = useState(isFullscreen);
  useEffect(() => {
    // Escape, or the browser's own control, leaves it too.
    const follow = () => setFullscreen(isFullscreen());
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  if (!document.fullscreenEnabled) return null;
  // A refusal (a browser that allows it only on a user's own gesture, or a policy) leaves the page as it is.
  const toggle = () => void (fullscreen ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  return (
    <Button variant="light" onClick={toggle}>
      {fullscreen ? '全画面を解除' : '全画面'}
    </Button>
  );
}
