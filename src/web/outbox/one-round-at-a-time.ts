/**
 * Runs `round` one at a time. A call while a round runs asks for one more round after it (calls
 * during the same round ask for one between them), so no call is lost: the browser's online event
 * that comes while the outbox is still finishing a round without a network must start the round
 * that sends. The promise answered settles when the rounds asked for so far have run.
 */
export function oneRoundAtATime(round: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const runRounds = async () => {
    try {
      do {
        again = false;
        await round();
      } while (again);
    } finally {
      running = null;
    }
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = runRounds();
    return running;
  };
}
